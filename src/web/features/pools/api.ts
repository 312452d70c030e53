import type { PoolSheet } from "../../../shared/contract/pools.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterLeagueChange, keys, useQuery } from "../../lib/queries.ts";

/** Others make and lock picks without telling this page: every visit asks again. */
const onOpen = { revalidateOnMount: true, dedupingInterval: 0 };

/** A week's pick sheet of a pool (members only). */
export const usePoolSheet = (id: number, week: number | null) =>
  useQuery<PoolSheet>(week === null ? null : keys.poolSheet(id, week), onOpen);

export interface SheetPayload {
  picks: { gameId: string; selection: string; points?: number }[];
  tiebreaker?: number | null;
}

/** Saves the caller's sheet for a week; the league's queries (its standings, this sheet) refresh. */
export async function savePoolSheet(id: number, week: number, payload: SheetPayload): Promise<PoolSheet> {
  const saved = await apiRequest<PoolSheet>("PUT", `/api/leagues/${id}/pool/${week}`, payload);
  void afterLeagueChange();
  return saved;
}
