import type { Config } from "../config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Metrics } from "../lib/metrics.ts";
import { settleAllPending } from "../modules/betting/settlement.ts";
import { seedDemoBots } from "../modules/bots/service.ts";
import { BOTS_WEEKLY_BETS, startWeeklyJob, WEEKLY_WINNERS } from "../modules/admin/weekly-jobs.ts";
import type { GameSyncScheduler } from "../modules/feeds/scheduler.ts";
import { hasNoUsers } from "../modules/users/service.ts";
import { gradeUngraded } from "../modules/pools/service.ts";
import { runPoolAutoPicks } from "../modules/leagues/service.ts";
import { PUSH_TICK_MS, startPushJob } from "../modules/push/job.ts";
import { startWebhookJob, WEBHOOK_TICK_MS } from "../modules/webhooks/job.ts";
import type { ResolveHost } from "../lib/outbound-network.ts";
import type { Db } from "./connection.ts";
import { PURGE_INTERVAL_MS, startSessionPurge } from "./purges.ts";

export interface JobContext {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** The odds provider's sync (its own timer, see modules/feeds/scheduler.ts). */
  sync: GameSyncScheduler;
  /** Each task's runs, failures and last success (npt_jobs_total, npt_job_last_success_timestamp_seconds). */
  metrics?: Metrics;
  /** Aborted when serve is asked to stop while starting: long start-up work stops at its next safe point. */
  signal?: AbortSignal;
  /** Whether no player had registered when the lease was taken (computed before the first job runs). */
  firstStart: boolean;
  /** Looks push services' names up (the push job); the system's resolver when absent. */
  resolveHost?: ResolveHost;
}

type Stop = () => Promise<void> | void;

/** How often the pools' automatic survivor picks are looked for. */
const POOL_TICK_MS = 60_000;

/** A job run by the one process holding the "jobs" lease. */
export interface BackgroundJob {
  name: string;
  /** When it runs, in words (docs/architecture.md "Where is…", the start-up log). */
  schedule: string;
  /** Starts it once the lease is taken; a repeating job returns its stop function. */
  start(ctx: JobContext): Promise<Stop | undefined>;
}

/**
 * Every background job, in the order they start when a process takes the lease (and stop, in
 * reverse, when it loses or gives it up). Settling on `game.completed` is a reaction, not a job
 * (reactions.ts), gated on holding the lease; the WAL checkpointer runs in every SQLite process
 * (it is the file's, not the lease's: start.ts).
 */
export const JOBS: readonly BackgroundJob[] = [
  {
    name: "first sync",
    schedule: "once, on taking the lease, with the embedded provider",
    // The embedded season is generated offline: seed it before the first visitor, so a fresh
    // install shows a season in progress. A remote provider is first read by "provider sync" below,
    // after which the server listens at once: a slow or unreachable feed never holds up start-up.
    async start({ config, sync }) {
      if (config.oddsProvider === "embedded") await sync.runOnce();
      return undefined;
    },
  },
  {
    name: "demo bots",
    schedule: "once, on a first start (no players yet) with the embedded provider and DEMO_BOTS > 0",
    async start({ db, config, clock, logger, firstStart, signal }) {
      if (!firstStart || config.oddsProvider !== "embedded" || config.demoBots <= 0) return undefined;
      const started = performance.now();
      logger.info({ bots: config.demoBots }, "first start: adding demo bots with a betting history");
      const seeded = await seedDemoBots(db, clock.now(), config.demoBots, signal);
      logger.info(
        { ...seeded, ms: Math.round(performance.now() - started) },
        signal?.aborted
          ? "first start: demo bots stopped part way (a stop was asked for); their bets so far are kept"
          : "first start: demo bots with a betting history",
      );
      return undefined;
    },
  },
  {
    name: "settlement sweep",
    schedule: "once, on taking the lease",
    // Whatever was resolved but not settled (or its pool picks not graded) before a crash or by a CLI while we were down.
    async start({ db, clock, logger, metrics, signal }) {
      const sweep = () => settleAllPending(db, clock.now(), signal);
      const swept = metrics ? await metrics.time("settlement_sweep", sweep) : await sweep();
      metrics?.betsSettled.inc(swept);
      if (swept > 0) logger.info({ bets: swept }, "settled bets left pending at start-up");
      const graded = await gradeUngraded(db);
      if (graded > 0) logger.info({ picks: graded }, "graded pool picks left ungraded at start-up");
      return undefined;
    },
  },
  {
    name: "provider sync",
    schedule: "on its own cadence (modules/feeds/cadence.ts: often near kick-offs, backing off on failure)",
    async start({ sync }) {
      sync.start();
      return () => sync.stop();
    },
  },
  {
    name: "purges",
    schedule: `at once, then every ${PURGE_INTERVAL_MS / 60_000} minutes: expired sessions, links, rate-limit counters`,
    async start({ db, clock, logger, metrics }) {
      return startSessionPurge(db, clock, logger, { metrics });
    },
  },
  {
    name: WEEKLY_WINNERS.name,
    schedule: WEEKLY_WINNERS.schedule,
    // Once per week, claimed in job_runs: a second process, or a second check, records nothing more.
    async start({ db, clock, logger, config, metrics }) {
      return startWeeklyJob(WEEKLY_WINNERS, { db, clock, logger, metrics, adminEmails: config.adminEmails });
    },
  },
  {
    name: "web push",
    schedule: `every ${PUSH_TICK_MS / 1000} s: new events become pushes (merged per game), lock reminders once a minute, due pushes sent`,
    // After commit and off every request's path: a slow or failing push service holds up nothing else.
    async start(ctx) {
      return startPushJob(ctx);
    },
  },
  {
    name: "league webhooks",
    schedule: `every ${WEBHOOK_TICK_MS / 1000} s: commissioner posts and settled games become deliveries, reveals and final weeks once a minute, due deliveries sent and retried`,
    // After commit and off every request's path: a slow or failing receiver holds up nothing else.
    async start(ctx) {
      return startWebhookJob(ctx);
    },
  },
  {
    name: "pool auto picks",
    schedule: `every ${POOL_TICK_MS / 60_000} minute: survivor pools' automatic picks, before the week's busiest kick-off`,
    async start({ db, clock, logger }) {
      let running: Promise<void> | null = null;
      const pass = async () => {
        try {
          const made = await runPoolAutoPicks(db, clock.now());
          if (made > 0) logger.info({ picks: made }, "automatic survivor picks made");
        } catch (error) {
          logger.error({ err: error }, "automatic survivor picks failed");
        }
      };
      const timer = setInterval(() => {
        running ??= pass().finally(() => (running = null));
      }, POOL_TICK_MS);
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  },
  {
    name: BOTS_WEEKLY_BETS.name,
    schedule: BOTS_WEEKLY_BETS.schedule,
    async start({ db, clock, logger, config, metrics }) {
      return startWeeklyJob(BOTS_WEEKLY_BETS, { db, clock, logger, metrics, adminEmails: config.adminEmails });
    },
  },
];

/** Starts the jobs in order; returns the function that stops those started, last first. */
export async function startJobs(
  jobs: readonly BackgroundJob[],
  ctx: Omit<JobContext, "firstStart">,
): Promise<() => Promise<void>> {
  const full: JobContext = { ...ctx, firstStart: await hasNoUsers(ctx.db) };
  const stops: Stop[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  for (const job of jobs) {
    // Asked to stop while starting: the jobs not started yet never start (the caller stops the rest).
    if (ctx.signal?.aborted) break;
    const stop = await job.start(full);
    if (stop) stops.push(stop);
  }
  return stopAll;
}
