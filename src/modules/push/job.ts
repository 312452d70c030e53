import type { Config } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { everyTick } from "../../lib/every-tick.ts";
import type { Db } from "../../runtime/index.ts";
import { deliverDue, pruneFinished, vapidSubject } from "./delivery.ts";
import { ingestEvents } from "./intake.ts";
import { planLeaguePickPushes } from "./league-picks.ts";
import { planLockReminders } from "./lock-reminders.ts";
import { planPoolPushes } from "./pool-pushes.ts";
import { planRecapPushes } from "./recap-pushes.ts";
import type { ResolveHost } from "../../lib/outbound-network.ts";
import { vapidKeys } from "./service.ts";

/** How often the jobs holder turns new events into pushes and sends what is due. */
export const PUSH_TICK_MS = 2_000;
const LOCK_CHECK_MS = 60_000;
const PRUNE_MS = 60 * 60 * 1000;

/**
 * The push job (run only while the jobs lease is held): events → pushes, lock reminders, league
 * reveals and tails, pool reminders and survivor news, the Tuesday league recaps once a minute, sending; one pass at a time, and a failing pass is logged and tried again next tick.
 * `resolveHost` looks push services' names up at each send (the system's resolver unless a test gives its own).
 */
export async function startPushJob(
  {
    db,
    config,
    clock,
    logger,
    metrics,
    resolveHost,
  }: { db: Db; config: Config; clock: Clock; logger: Logger; metrics?: Metrics; resolveHost?: ResolveHost },
  tickMs = PUSH_TICK_MS,
): Promise<() => Promise<void>> {
  // Makes the pair (or stores the operator's) before the first push, and says so once; a failure
  // here is logged and retried by every pass, and never keeps the other jobs from starting.
  try {
    const keys = await vapidKeys(db, config, clock.now());
    logger.info({ publicKey: keys.publicKey, fromEnvironment: config.vapidKeys !== null }, "web push ready");
  } catch (error) {
    logger.error({ err: error }, "web push keys could not be loaded; retrying on each pass");
  }
  let lastLockCheck = 0;
  // League reveals and tails are looked for once a minute, each pass over the time since the last.
  let leaguesCheckedTo = clock.now();
  let lastPrune = 0;
  const pass = async () => {
    const now = clock.now();
    await ingestEvents(db, now);
    if (now.getTime() - lastLockCheck >= LOCK_CHECK_MS) {
      lastLockCheck = now.getTime();
      await planLockReminders(db, now, config.adminEmails);
      await planLeaguePickPushes(db, leaguesCheckedTo, now);
      await planPoolPushes(db, leaguesCheckedTo, now);
      await planRecapPushes(db, now);
      leaguesCheckedTo = now;
    }
    const report = await deliverDue(db, config, now, { subject: vapidSubject(config), resolveHost });
    metrics?.countPushes(report);
    if (report.sent + report.dropped + report.retried + report.removedDevices > 0) logger.info(report, "pushes");
    if (now.getTime() - lastPrune >= PRUNE_MS) {
      lastPrune = now.getTime();
      await pruneFinished(db, now);
    }
  };
  return everyTick(tickMs, { task: "push_delivery", metrics, logger }, pass);
}
