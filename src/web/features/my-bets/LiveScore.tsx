import type { Bet } from "../../../shared/contract/betting.ts";
import { liveScoreText } from "./bet-text.ts";

/** A pick's game under way: the LIVE badge, the running score and where the game stands; nothing otherwise. */
export function LiveScore({ game }: { game: Bet["game"] }) {
  const text = liveScoreText(game);
  if (!text) return null;
  return (
    <span className="bet-live">
      <span className="live-badge">LIVE</span> {text}
    </span>
  );
}

/** The games under way of a pending bet: its own, or a parlay's pending legs'. */
export function liveGames(bet: Bet): Bet["game"][] {
  if (bet.status !== "pending") return [];
  const games = bet.legs ? bet.legs.filter((leg) => leg.status === "pending").map((leg) => leg.game) : [bet.game];
  return games.filter((game) => liveScoreText(game) !== null);
}
