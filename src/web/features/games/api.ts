import { keys, useQuery } from "../../lib/queries.ts";
import type { Bet } from "../../../shared/contract/betting.ts";
import type { UserStats } from "../../../shared/contract/stats.ts";

/** The signed-in player's bets of one week, for 'YOUR BET' on the cards; none for visitors. */
export function useWeekBets(userId: number | null | undefined, week: number | null) {
  return useQuery<Bet[]>(userId && week !== null ? keys.weekBets(userId, week) : null);
}

/** Spec §3 User stats. */
export function useUserStats(userId: number | null | undefined) {
  return useQuery<UserStats>(userId ? keys.stats(userId) : null);
}

/** The fields of the player's bets the 30-day ROI needs. */
export type SettledBetFields = Pick<Bet, "status" | "wagerAmount" | "result" | "settledAt">;

export function useAllBets(userId: number | null | undefined) {
  return useQuery<Bet[]>(userId ? keys.bets(userId) : null);
}
