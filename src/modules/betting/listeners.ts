import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import type { AppEvents, Db } from "../../runtime/index.ts";
import { settleGame } from "./settlement.ts";

/**
 * The reaction to `game.completed` (src/runtime/reactions.ts): settles the game's bets once its
 * final score is committed (and again, fully, on a regrade). Every process hears the event; with
 * several, `runsJobs` says whether this one holds the jobs lease, and only that one settles a first
 * settlement (locks would keep a second one from changing anything, but it would read the whole
 * game again). A game completed while no process held the lease is settled by the sweep its next
 * holder runs on taking it. Regrades (rare, one transaction, idempotent) run wherever they are
 * heard, so a holder's death cannot lose one.
 */
export function settleOnGameCompleted(
  db: Db,
  clock: Clock,
  logger: Logger,
  metrics?: Metrics,
  runsJobs: () => boolean = () => true,
): (completed: AppEvents["game.completed"]) => Promise<void> {
  return async (payload) => {
    if (!payload.regrade && !runsJobs()) return;
    const started = performance.now();
    const settle = () =>
      settleGame(db, clock.now(), payload.gameId, { regrade: payload.regrade, previous: payload.previous });
    const changed = metrics ? await metrics.time("settlement", settle) : await settle();
    metrics?.betsSettled.inc(changed);
    logger.info(
      { gameId: payload.gameId, regrade: payload.regrade, bets: changed, ms: Math.round(performance.now() - started) },
      "bets settled",
    );
  };
}
