import type { Logger } from "../../lib/logger.ts";
import type { AppEvents, Db } from "../../runtime/index.ts";
import { gradeGame } from "./grading.ts";

/**
 * The reaction to `game.completed` (src/runtime/reactions.ts), beside settlement: grades the game's
 * pool picks. As settlement, a first grading runs in the jobs holder only (`runsJobs`); a regrade
 * wherever it is heard. A game completed while no process held the lease is graded by the sweep.
 */
export function gradeOnGameCompleted(
  db: Db,
  logger: Logger,
  runsJobs: () => boolean = () => true,
): (completed: AppEvents["game.completed"]) => Promise<void> {
  return async (payload) => {
    if (!payload.regrade && !runsJobs()) return;
    const picks = await gradeGame(db, payload.gameId);
    if (picks > 0) logger.info({ gameId: payload.gameId, regrade: payload.regrade, picks }, "pool picks graded");
  };
}
