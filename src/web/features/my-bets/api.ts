import { mutate } from "swr";
import type { Bet } from "../../../shared/contract/betting.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterNoteSaved, EVERY_VISIT, keys, useQuery } from "../../lib/queries.ts";

/**
 * All of a player's bets, newest first. Spec §7: always refetched on mount — also when the last
 * fetch was a moment ago, so no deduping window (SWR's default would skip a remount within 2 s).
 */
export function useMyBets(userId: number | null) {
  return useQuery<Bet[]>(userId === null ? null : keys.bets(userId), EVERY_VISIT);
}

/**
 * Saves (or clears, when blank) a bet's journal note. The answer goes straight into the cached
 * list, then every bet query of the player refetches (the weekly lists carry notes too).
 */
export async function saveBetNote(userId: number, betId: number, text: string): Promise<Bet> {
  const note = text.trim();
  const bet = await apiRequest<Bet>("PATCH", `/api/bets/${betId}/note`, { note: note === "" ? null : note });
  await mutate<Bet[]>(keys.bets(userId), (bets) => bets?.map((old) => (old.id === bet.id ? bet : old)), {
    revalidate: false,
  });
  void afterNoteSaved();
  return bet;
}
