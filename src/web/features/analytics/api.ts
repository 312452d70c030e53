import useSWR from "swr";
import type { Bet } from "../../../shared/contract/betting.ts";

/**
 * The player's whole bet list, on the same key as My Bets: the live channel revalidates
 * `/api/users/{id}/bets` when a settlement arrives, so the figures follow without a reload.
 */
export const betsKey = (userId: number) => `/api/users/${userId}/bets`;

/** All of the player's bets, newest first; refetched on every visit (spec §7), like My Bets. */
export function usePlayerBets(userId: number) {
  return useSWR<Bet[]>(betsKey(userId), { revalidateOnMount: true, dedupingInterval: 0 });
}
