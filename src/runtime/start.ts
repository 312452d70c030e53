import { createApp, type App } from "../app.ts";
import type { Config } from "../config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer } from "../lib/mailer.ts";
import { Metrics, type PoolStats } from "../lib/metrics.ts";
import { settleOnGameCompleted } from "../modules/betting/listeners.ts";
import { gradeOnGameCompleted } from "../modules/pools/listeners.ts";
import { createProvider } from "../modules/feeds/providers/index.ts";
import type { OddsProvider } from "../modules/feeds/provider.ts";
import { GameSyncScheduler } from "../modules/feeds/scheduler.ts";
import type { ResolveHost } from "../lib/outbound-network.ts";
import { SocketHub } from "../modules/realtime/hub.ts";
import { noteRankingChanges } from "../modules/stats/service.ts";
import { startCheckpointer } from "./checkpointer.ts";
import { type DbHandle, type PostgresHandle, QUERY_TIMEOUT_MS } from "./connection.ts";
import { OutboxDispatcher } from "./dispatcher.ts";
import { EventBus } from "./events.ts";
import { JOBS, startJobs, type BackgroundJob } from "./jobs.ts";
import { unavailableCode } from "./errors.ts";
import { Lease } from "./lease.ts";
import { REACTIONS, type ReactionTable, wireReactions } from "./reactions.ts";

export interface RuntimeOptions {
  config: Config;
  /** The opened, migrated database. */
  handle: DbHandle;
  clock: Clock;
  logger: Logger;
  metrics?: Metrics;
  mailer?: Mailer | null;
  /** Outbox delivery and its poll interval; false leaves delivery to the caller (a test: `startDelivery`, or bus.emit). */
  delivery?: { intervalMs: number } | false;
  /** Whether game.completed settles here (a test may settle by hand instead); default true. */
  settle?: boolean;
  /** The jobs lease and the background jobs run while it is held (jobs.ts); default true. */
  jobs?: boolean | readonly BackgroundJob[];
  /** The odds provider the jobs sync (default: the one configured). */
  provider?: OddsProvider;
  /** SQLite's background WAL checkpointer, for a database file; default true. */
  checkpoints?: boolean;
  reactions?: ReactionTable;
  /** Aborted when serve is asked to stop while starting: the jobs' start-up work stops at a safe point. */
  signal?: AbortSignal;
  /** Looks push services' names up, for subscriptions and the push job; the system's resolver when absent. */
  resolveHost?: ResolveHost;
}

export interface Runtime {
  app: App;
  bus: EventBus;
  hub: SocketHub;
  metrics: Metrics;
  lease: Lease | null;
  /** Starts delivering the outbox (once); `settle` turns settlement on game.completed on. */
  startDelivery(opts: { intervalMs: number; settle?: boolean }): Promise<void>;
  /** Marks the process as draining (serve, on SIGTERM): /readyz answers 503 from then on. */
  drain(): void;
  /** Lets go of the lease and stops the jobs and the checkpointer (serve: before the app stops listening). */
  stopJobs(): Promise<void>;
  /** Stops everything still running (delivery too) and closes the database. */
  stop(): Promise<void>;
}

/** Why the jobs lease could not be renewed, in the words of the log line. */
function whyNotRenewed(cause: unknown): string {
  const code = unavailableCode(cause);
  if (code === "storage_unavailable") return "the database's storage refuses writes: disk full, read-only or failing";
  if (code === "database_unavailable") return "the database does not answer";
  return (cause as Error)?.message ?? String(cause);
}

/** The PostgreSQL pool's counts, read when /metrics is scraped; none on SQLite. */
function poolStatsOf(handle: DbHandle): (() => PoolStats) | undefined {
  if (handle.engine !== "postgres") return undefined;
  const { pool } = handle as PostgresHandle;
  return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
}

/**
 * The wiring of a process, the same for `serve`, the API tests and the e2e server: the event bus
 * with every reaction (reactions.ts), the outbox dispatcher, the jobs lease and its jobs
 * (jobs.ts), the checkpointer, and the HTTP app. Options turn off what a test must control.
 */
export async function startRuntime(opts: RuntimeOptions): Promise<Runtime> {
  const { config, handle, clock, logger } = opts;
  const db = handle.db;
  // Migrated by now: from here a statement the server never answers fails instead of holding its request.
  if (handle.engine === "postgres") (handle as PostgresHandle).limitQueries(QUERY_TIMEOUT_MS);
  const metrics = opts.metrics ?? new Metrics({ commit: config.buildCommit });
  let draining = false;
  const bus = new EventBus();
  const hub = new SocketHub();
  let settles = opts.settle ?? true;
  const jobs = opts.jobs === false ? null : opts.jobs === true || opts.jobs === undefined ? JOBS : opts.jobs;

  const sync = jobs
    ? new GameSyncScheduler(db, opts.provider ?? createProvider(config, logger), clock, logger, metrics)
    : null;
  // The singleton jobs run in the one process holding the "jobs" lease (several processes on
  // PostgreSQL, or two serve on one SQLite file); when its holder dies, another takes them over.
  let stopJobList = async () => {};
  const lease =
    jobs && sync
      ? new Lease(db, "jobs", {
          onAcquire: async () => {
            logger.info({ jobs: jobs.map((j) => j.name) }, "this process runs the background jobs");
            stopJobList = await startJobs(jobs, {
              db,
              config,
              clock,
              logger,
              sync,
              metrics,
              signal: opts.signal,
              resolveHost: opts.resolveHost,
            });
          },
          onLose: async (cause) => {
            if (cause === null) logger.warn("lost the jobs lease: another process runs the jobs now");
            else
              logger.error(
                { err: cause, reason: unavailableCode(cause) ?? "error" },
                `stopping the background jobs: the jobs lease could not be renewed (${whyNotRenewed(cause)}); they start again once it is`,
              );
            await stopJobList();
          },
          onError: (error) =>
            logger.error({ err: error, reason: unavailableCode(error) ?? "error" }, "jobs lease check failed"),
        })
      : null;

  // Settles in the lease holder only (a game completed meanwhile is swept when the lease is taken).
  const settle = settleOnGameCompleted(db, clock, logger, metrics, () => lease?.held ?? true);
  // Pools grade their picks beside settlement (a failing settlement does not keep them ungraded).
  const grade = gradeOnGameCompleted(db, logger, () => lease?.held ?? true);
  wireReactions(
    bus,
    {
      hub,
      settle: async (completed) => {
        if (!settles) return;
        try {
          await settle(completed);
        } finally {
          await grade(completed);
        }
      },
      noteRankingChanges: (userIds) => noteRankingChanges(db, userIds),
    },
    opts.reactions ?? REACTIONS,
  );

  let dispatcher: OutboxDispatcher | null = null;
  const startDelivery = async (delivery: { intervalMs: number; settle?: boolean }) => {
    if (delivery.settle !== undefined) settles = delivery.settle;
    if (dispatcher) return;
    dispatcher = new OutboxDispatcher(db, bus, clock, logger, delivery.intervalMs);
    await dispatcher.start();
  };
  if (opts.delivery !== false) await startDelivery(opts.delivery ?? { intervalMs: 100 });
  await lease?.start();
  const stopCheckpoints =
    handle.sqlite && opts.checkpoints !== false
      ? startCheckpointer(handle.sqlite, config.databasePath, (message) =>
          logger.error({ message }, "background WAL checkpoint failed"),
        )
      : async () => {};

  const app = createApp({
    config,
    db,
    clock,
    logger,
    bus,
    hub,
    metrics,
    mailer: opts.mailer,
    providerStatus: sync
      ? () => (lease?.held ? sync.status() : { ...sync.status(), message: "the provider sync runs in another process" })
      : undefined,
    draining: () => draining,
    poolStats: poolStatsOf(handle),
    health: handle.health,
    ownStorage: handle.engine === "sqlite",
    outboxCursor: () => dispatcher?.cursor ?? null,
    resolveHost: opts.resolveHost,
  });

  const stopJobs = async () => {
    // After the lease stopped: a take-over whose start-up was still running may have started a job.
    await lease?.stop();
    await stopJobList();
    await sync?.stop();
    await stopCheckpoints();
  };
  return {
    app,
    bus,
    hub,
    metrics,
    lease,
    startDelivery,
    drain: () => {
      draining = true;
    },
    stopJobs,
    async stop() {
      await stopJobs();
      await dispatcher?.stop();
      // Closed even when the last checkpoint fails (read-only or full storage: the WAL keeps every commit).
      try {
        if (opts.checkpoints !== false) handle.sqlite?.run("pragma wal_checkpoint(TRUNCATE)");
      } finally {
        await handle.close();
      }
    },
  };
}
