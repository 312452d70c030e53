import type { Db } from "../../db/connection.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { settleGame } from "./settlement.ts";

/** Settles a game's bets once its final score is committed (and again, fully, on a regrade). */
export function settleOnGameCompleted(bus: EventBus, db: Db, clock: Clock, logger: Logger, metrics?: Metrics): void {
  bus.on("game.completed", async ({ payload }) => {
    const started = performance.now();
    const settle = () => settleGame(db, clock.now(), payload.gameId, { regrade: payload.regrade });
    const changed = metrics ? await metrics.time("settlement", settle) : await settle();
    logger.info(
      { gameId: payload.gameId, regrade: payload.regrade, bets: changed, ms: Math.round(performance.now() - started) },
      "bets settled",
    );
  });
}
