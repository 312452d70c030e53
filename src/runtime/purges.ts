import type { Db } from "./connection.ts";
import { purgeIdempotencyKeys } from "./idempotency-keys.ts";
import { purgeRateLimits } from "./rate-limits.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Metrics } from "../lib/metrics.ts";
import { purgeExpiredSessions } from "../modules/auth/service.ts";

/**
 * How often serve deletes expired sessions, spent or expired mailed links, rate-limit counters
 * whose window is over, and Idempotency-Key answers older than a day.
 */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Purges once now, then every `intervalMs`; returns the stop function (serve calls it on shutdown). */
export function startSessionPurge(
  db: Db,
  clock: Clock,
  logger: Logger,
  { intervalMs = PURGE_INTERVAL_MS, metrics }: { intervalMs?: number; metrics?: Metrics } = {},
): () => void {
  const purgeSessions = async () => {
    const purged = await purgeExpiredSessions(db, clock.now());
    if (purged.sessions > 0 || purged.links > 0) logger.info(purged, "purged expired sessions and links");
  };
  const purgeCounters = async () => {
    const counters = await purgeRateLimits(db, clock.now().getTime());
    if (counters > 0) logger.debug({ counters }, "purged rate-limit counters of past windows");
  };
  const purge = async () => {
    let failed: unknown = null;
    try {
      await purgeSessions();
    } catch (error) {
      failed = error;
      logger.error({ err: error }, "purging expired sessions failed");
    }
    try {
      await purgeCounters();
    } catch (error) {
      failed = error;
      logger.error({ err: error }, "purging rate-limit counters failed");
    }
    try {
      const keys = await purgeIdempotencyKeys(db, clock.now());
      if (keys > 0) logger.debug({ keys }, "purged Idempotency-Key answers older than a day");
    } catch (error) {
      failed = error;
      logger.error({ err: error }, "purging Idempotency-Key answers failed");
    }
    if (failed) throw failed;
  };
  const run = () => (metrics ? metrics.time("purges", purge) : purge()).catch(() => {});
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
