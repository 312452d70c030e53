import type { Bet, BetsSummary, CancelledBet } from "../../../shared/contract/betting.ts";
import { apiRequest, apiRequestOnce } from "../../lib/api.ts";
import { afterBetCancelled, afterNoteSaved, EVERY_VISIT, keys, useQuery } from "../../lib/queries.ts";

/**
 * One page of the player's bets through My Bets' filters. Spec §7: always refetched on mount — also
 * when the last fetch was a moment ago, so no deduping window.
 */
export function useBetsPage(userId: number, query: string) {
  return useQuery<Bet[]>(keys.betsPage(userId, query), EVERY_VISIT);
}

/** The bankroll line and the tallies (all of the player's bets, whatever the filters). */
export function useBetsSummary(userId: number) {
  return useQuery<BetsSummary>(keys.betsSummary(userId), EVERY_VISIT);
}

/** Saves (or clears, when blank) a bet's journal note; every bet list of the player refetches. */
export async function saveBetNote(betId: number, text: string): Promise<Bet> {
  const note = text.trim();
  const bet = await apiRequest<Bet>("PATCH", `/api/bets/${betId}/note`, { note: note === "" ? null : note });
  await afterNoteSaved();
  return bet;
}

/** Cancels a pending bet before its game locks: the stake goes back to its book. */
export async function cancelBet(betId: number): Promise<CancelledBet> {
  const cancelled = await apiRequestOnce<CancelledBet>("DELETE", `/api/bets/${betId}`);
  void afterBetCancelled();
  return cancelled;
}
