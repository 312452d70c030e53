import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import type { League } from "../../../shared/contract/leagues.ts";
import { selectedLeagueId, selectLeague } from "../../lib/bet-slip.ts";
import { keys, useQuery } from "../../lib/queries.ts";
import { ownBookLeagues } from "./league-limits.ts";

/**
 * The leagues whose own book the slip offers (those with a starting bankroll) and the one chosen,
 * null for the individual book. A stored choice the slip no longer offers (a league left, or one
 * without its own bankroll, which ranks individual bets) falls back to the individual book once the
 * player's leagues are known.
 */
export function useSlipBook(userId: number | null): { leagues: League[] | undefined; league: League | null } {
  useSignals();
  // The same query the leagues screen refreshes after joining or leaving (afterLeagueChange), so the choices follow.
  const { data } = useQuery<League[]>(userId === null ? null : keys.myLeagues(userId));
  const leagues = data ? ownBookLeagues(data) : undefined;
  const selected = selectedLeagueId.value;
  const league = leagues?.find((l) => l.id === selected) ?? null;
  const offered = leagues === undefined || selected === null || league !== null;

  useEffect(() => {
    if (!offered) selectLeague(null);
  }, [offered]);

  return { leagues, league };
}
