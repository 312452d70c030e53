import type { Bet } from "../../../shared/contract/betting.ts";
import { EVERY_VISIT, keys, useQuery } from "../../lib/queries.ts";

/**
 * All of the player's bets, newest first, on the same key as My Bets (afterSettlement refreshes it,
 * so the figures follow without a reload); refetched on every visit (spec §7), like My Bets.
 */
export function usePlayerBets(userId: number) {
  return useQuery<Bet[]>(keys.bets(userId), EVERY_VISIT);
}
