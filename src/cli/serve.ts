import http from "node:http";
import { markServing, upgradeSnapshots } from "../db/backup.ts";
import { createApp } from "../app.ts";
import type { Config } from "../config.ts";
import { openConfigured } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { MAX_HEAD_BYTES } from "../http/pipeline.ts";
import { loadWebAssets } from "../http/web-assets.ts";
import { systemClock } from "../lib/clock.ts";
import { EventBus } from "../lib/events.ts";
import { createLogger } from "../lib/logger.ts";
import { createMailer } from "../lib/mailer.ts";
import { Metrics } from "../lib/metrics.ts";
import { startCheckpointer } from "../db/checkpointer.ts";
import { startSessionPurge } from "./housekeeping.ts";
import { hasNoUsers } from "../modules/users/service.ts";
import { settleOnGameCompleted } from "../modules/betting/listeners.ts";
import { seedDemoBots } from "../modules/bots/service.ts";
import { settleAllPending } from "../modules/betting/settlement.ts";
import { createProvider } from "../modules/feeds/providers/index.ts";
import { GameSyncScheduler } from "../modules/feeds/scheduler.ts";
import { Lease } from "../db/lease.ts";
import { OutboxDispatcher } from "../modules/realtime/dispatcher.ts";
import { SocketHub } from "../modules/realtime/hub.ts";

/** Bun's own head limit while we serve: far above ours, as `--max-http-header-size=262144` sets it. */
export const RUNTIME_HEAD_LIMIT = 256 * 1024;

/**
 * Bun answers a head over its own limit itself, bare (431 without JSON or our headers), and its
 * default (16 KiB) counts the raw head, so it would refuse heads our limit (MAX_HEAD_BYTES) lets
 * through. Bun reads the limit from node:http's `maxHeaderSize`, which it lets us set: raised here,
 * it holds however serve was started (`bun src/main.ts serve` without the flag too).
 */
function raiseRuntimeHeadLimit(logger: ReturnType<typeof createLogger>): void {
  const runtime = http as { maxHeaderSize: number };
  if (runtime.maxHeaderSize < RUNTIME_HEAD_LIMIT) runtime.maxHeaderSize = RUNTIME_HEAD_LIMIT;
  if (runtime.maxHeaderSize <= MAX_HEAD_BYTES)
    logger.warn(
      { runtimeLimit: runtime.maxHeaderSize, ours: MAX_HEAD_BYTES },
      "Bun's request head limit could not be raised: start with --max-http-header-size=262144",
    );
}

/** Runs the app until SIGTERM or SIGINT, then stops accepting, finishes, closes sockets and checkpoints the WAL. */
export async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const handle = await openConfigured(config);
  const sqlite = handle.sqlite;
  const applied = await migrateToLatest(handle.db, sqlite ? upgradeSnapshots(config.databasePath) : undefined);
  if (applied.length > 0) logger.info({ applied }, "database migrated");

  const clock = systemClock;
  const metrics = new Metrics();
  const games = new GameSyncScheduler(handle.db, createProvider(config, logger), clock, logger, metrics);
  const bus = new EventBus();
  const hub = new SocketHub();
  hub.listen(bus);
  // The singleton jobs run in the one process holding the "jobs" lease (several processes on
  // PostgreSQL, or two serve on one SQLite file); when its holder dies, another takes them over.
  let stopPurge = () => {};
  const lease = new Lease(handle.db, "jobs", {
    onAcquire: async () => {
      logger.info("this process runs the jobs (provider sync, settlement sweep, purges)");
      await startJobs();
    },
    onLose: async () => {
      logger.warn("lost the jobs lease: another process runs the jobs now");
      stopPurge();
      await games.stop();
    },
    onError: (error) => logger.error({ err: error }, "jobs lease check failed"),
  });
  // Settles in the lease holder only (a game completed meanwhile is swept when the lease is taken).
  settleOnGameCompleted(bus, handle.db, clock, logger, metrics, () => lease.held);
  const dispatcher = new OutboxDispatcher(handle.db, bus, clock, logger);
  await dispatcher.start();

  const startJobs = async () => {
    const firstStart = await hasNoUsers(handle.db);
    // The embedded season is generated offline: seed it before the first visitor, so a fresh install
    // shows a season in progress. A remote provider is first read by games.start() below, after
    // which the server listens at once: a slow or unreachable feed never holds up start-up.
    if (config.oddsProvider === "embedded") await games.runOnce();
    if (firstStart && config.oddsProvider === "embedded" && config.demoBots > 0) {
      const started = performance.now();
      const seeded = await seedDemoBots(handle.db, clock.now(), config.demoBots);
      logger.info(
        { ...seeded, ms: Math.round(performance.now() - started) },
        "first start: demo bots with a betting history",
      );
    }
    // Whatever was resolved but not settled before a crash or by a CLI while we were down.
    const swept = await settleAllPending(handle.db, clock.now());
    if (swept > 0) logger.info({ bets: swept }, "settled bets left pending at start-up");
    games.start();
    stopPurge = startSessionPurge(handle.db, clock, logger);
  };
  await lease.start();
  const stopCheckpoints = sqlite
    ? startCheckpointer(sqlite, config.databasePath, (message) =>
        logger.error({ message }, "background WAL checkpoint failed"),
      )
    : async () => {};

  const app = createApp({
    config,
    db: handle.db,
    clock,
    logger,
    bus,
    hub,
    metrics,
    mailer: createMailer(config.smtpUrl, config.mailFrom),
    providerStatus: () =>
      lease.held ? games.status() : { ...games.status(), message: "the provider sync runs in another process" },
  });
  const unmarkServing = !sqlite || config.databasePath === ":memory:" ? () => {} : markServing(config.databasePath);
  raiseRuntimeHeadLimit(logger);
  app.listen({ port: config.port, hostname: config.host });
  loadWebAssets().catch((error) => logger.error({ err: error }, "building the web app failed"));
  logger.info(
    { url: `http://localhost:${app.server?.port}`, database: handle.label },
    "NFL Paper Trading is listening",
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    hub.closeAll();
    // After the lease stopped: a take-over whose start-up was still running may have started a purge.
    await lease.stop();
    stopPurge();
    await stopCheckpoints();
    await app.stop();
    // Let the last responses' after-response hooks (their log lines) run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await games.stop();
    await dispatcher.stop();
    sqlite?.run("pragma wal_checkpoint(TRUNCATE)");
    await handle.close();
    unmarkServing();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
