/**
 * Grading (decision 0072): when a game is final, every pool pick on it gets its result and score,
 * and the members' sheets of that week add up again, so standings read totals, not picks. Run on
 * `game.completed` (a regrade too) and by the start-up sweep; idempotent.
 */
import type { Db } from "../../runtime/index.ts";
import { finalFacts } from "../games/service.ts";
import * as repo from "./repo.ts";
import { gradePick } from "./rules.ts";

/** Grades a game's pool picks inside the caller's transaction; returns how many. Nothing while the game has no final score. */
export async function gradeGameIn(trx: Db, gameId: string): Promise<number> {
  const facts = await finalFacts(trx, gameId);
  if (!facts) return 0;
  const picks = await repo.picksOfGame(trx, gameId);
  const byResult = Map.groupBy(picks, (p) => gradePick(p, facts));
  for (const [result, graded] of byResult)
    await repo.setResult(
      trx,
      graded.map((p) => p.id),
      result,
    );
  for (const sheetPicks of Map.groupBy(picks, (p) => `${p.league_id}:${p.season}:${p.week}`).values()) {
    const { league_id, season, week } = sheetPicks[0]!;
    await repo.recomputeSheets(
      trx,
      league_id,
      sheetPicks.map((p) => p.user_id),
      season,
      week,
    );
  }
  return picks.length;
}

/** Grades a game's pool picks in a transaction of its own. */
export function gradeGame(db: Db, gameId: string): Promise<number> {
  return db.transaction().execute((trx) => gradeGameIn(trx, gameId));
}

/** Grades every pick left ungraded whose game has its final score (a crash, or a game completed while no process graded). */
export async function gradeUngraded(db: Db): Promise<number> {
  let graded = 0;
  for (const gameId of await repo.ungradedGames(db)) graded += await gradeGame(db, gameId);
  return graded;
}
