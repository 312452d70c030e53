import type { Game } from "../../../shared/contract/games.ts";
import { useEffect, useState } from "react";
import { useFirstNow } from "../../lib/render-env.tsx";

// setTimeout fires at once for delays beyond a signed 32-bit number of milliseconds.
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The time used to lock games (spec §4), moved on at each kick-off so a card locks the moment its
 * game starts, without re-rendering on a ticking clock in between.
 */
export function useKickoffClock(games: readonly Game[] | undefined): number {
  const [now, setNow] = useState(useFirstNow());
  // A page the server rendered starts on the server's clock; from here on, the browser's.
  useEffect(() => setNow(Date.now()), []);
  useEffect(() => {
    if (!games) return;
    const kickoffs = games.map((game) => Date.parse(game.commenceTime)).filter((kickoff) => kickoff > now);
    if (kickoffs.length === 0) return;
    const delay = Math.max(0, Math.min(...kickoffs) - Date.now() + 50);
    const timer = setTimeout(() => setNow(Date.now()), Math.min(MAX_DELAY_MS, delay));
    return () => clearTimeout(timer);
  }, [games, now]);
  return now;
}
