/**
 * Tailing (decision 0056): a bet may name the league pick it follows — another member's straight
 * pick the placer can see revealed in a league they share. Never trusted from the client: checked here.
 */
import type { Db } from "../../runtime/index.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { leagues } from "./leagues-port.ts";
import * as repo from "./repo.ts";

export const TAILED_PICK_GONE = "tailOf: no pick you can see has this id";

/** What a tail names of its pick, as placement receives it. */
export interface TailRequest {
  tailOf?: number | null;
  gameId: string;
  betType: string;
  selection: string;
  propId?: number | null;
}

/**
 * The id of the pick this bet tails, once checked; null when it tails none. A pick the placer cannot
 * see (hidden, in no shared league, or no such bet) answers the same 404; one's own pick 400; another
 * selection than the pick's 400.
 */
export async function tailedPickId(trx: Db, now: Date, userId: number, request: TailRequest): Promise<number | null> {
  if (request.tailOf == null) return null;
  const original = await repo.findBet(trx, request.tailOf);
  const unseen = () => notFound(TAILED_PICK_GONE, "pick_not_found");
  if (!original) throw unseen();
  if (original.user_id === userId) throw badRequest("tailOf: you cannot tail your own pick", "tail_own_pick");
  if (!(await leagues().pickRevealedTo(trx, now, userId, original.id))) throw unseen();
  const same =
    original.is_parlay === 0 &&
    original.game_id === request.gameId &&
    original.bet_type === request.betType &&
    original.selection === request.selection &&
    original.prop_id === (request.propId ?? null);
  if (!same) throw badRequest("tailOf: a tail takes the same selection as the pick it follows", "tail_mismatch");
  return original.id;
}
