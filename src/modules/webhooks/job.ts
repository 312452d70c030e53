import type { Config } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import type { ResolveHost } from "../../lib/outbound-network.ts";
import { everyTick } from "../../lib/every-tick.ts";
import type { Db } from "../../runtime/index.ts";
import { deliverDue, pruneFinished } from "./delivery.ts";
import { ingestEvents, planRecaps, planReveals } from "./intake.ts";

/** How often the jobs holder turns new events into deliveries and sends what is due. */
export const WEBHOOK_TICK_MS = 2_000;
const REVEALS_MS = 60_000;
const PRUNE_MS = 60 * 60 * 1000;

/**
 * The league webhooks job (run only while the jobs lease is held): events → deliveries, reveals and
 * final weeks once a minute, sending; one pass at a time, a failing pass logged and tried again next tick.
 */
export function startWebhookJob(
  {
    db,
    config,
    clock,
    logger,
    metrics,
    resolveHost,
  }: { db: Db; config: Config; clock: Clock; logger: Logger; metrics?: Metrics; resolveHost?: ResolveHost },
  tickMs = WEBHOOK_TICK_MS,
): () => Promise<void> {
  let revealsCheckedTo = clock.now();
  let lastReveals = 0;
  let lastPrune = 0;
  const pass = async () => {
    const now = clock.now();
    await ingestEvents(db, now);
    if (now.getTime() - lastReveals >= REVEALS_MS) {
      lastReveals = now.getTime();
      await planReveals(db, revealsCheckedTo, now);
      revealsCheckedTo = now;
      await planRecaps(db, now);
    }
    const report = await deliverDue(db, config, now, resolveHost ? { resolveHost } : {});
    if (report.sent + report.retried + report.failed + report.dropped > 0) logger.info(report, "league webhooks");
    if (now.getTime() - lastPrune >= PRUNE_MS) {
      lastPrune = now.getTime();
      await pruneFinished(db, now);
    }
  };
  // Timed and counted on /metrics as the push job is (npt_jobs_total{task="league_webhooks"}).
  return everyTick(tickMs, { task: "league_webhooks", metrics, logger }, pass);
}
