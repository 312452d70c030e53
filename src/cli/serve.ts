import http from "node:http";
import { upgradeSnapshots } from "../runtime/backup.ts";
import { CliError } from "./context.ts";
import { describeHolder, type HeldLock, readHolder, tryLock } from "../runtime/serve-lock.ts";
import type { Config } from "../config.ts";
import { openConfigured, prepareDataFolder } from "../runtime/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { MAX_HEAD_BYTES } from "../http/pipeline.ts";
import { loadWebAssets } from "../http/web-assets.ts";
import { clockFrom, systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { createMailer } from "../lib/mailer.ts";
import { startRuntime } from "../runtime/start.ts";

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

/**
 * One serve per SQLite file (several need PostgreSQL): a second one — or the bare command typed
 * inside a running container, serve being the default — is refused before it touches anything.
 */
function lockSqliteDatabase(config: Config): HeldLock | null {
  if (config.databaseUrl || config.databasePath === ":memory:") return null;
  prepareDataFolder(config.databasePath);
  const lock = tryLock(config.databasePath);
  if (lock) {
    lock.markServing(new Date());
    return lock;
  }
  throw new CliError(
    `serve is already running on ${config.databasePath} (${describeHolder(readHolder(config.databasePath))}); ` +
      "one serve per SQLite database (several need PostgreSQL, DATABASE_URL). serve is the default command: see --help for the others",
  );
}

function portInUse(config: Config, error: unknown): unknown {
  if ((error as { code?: string }).code !== "EADDRINUSE") return error;
  return new CliError(
    `port ${config.port} is already in use (another serve?); serve is the default command: see --help for the others, or pick another --port`,
  );
}

/** Refused before the database is opened or a job started (the bare command typed in a running container). */
function assertPortFree(config: Config): void {
  if (config.port === 0) return;
  try {
    Bun.serve({ port: config.port, hostname: config.host, reusePort: false, fetch: () => new Response(null) }).stop(
      true,
    );
  } catch (error) {
    throw portInUse(config, error);
  }
}

/** Runs the app until SIGTERM or SIGINT, then stops accepting, finishes, closes sockets and checkpoints the WAL. */
export async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const lock = lockSqliteDatabase(config);
  try {
    assertPortFree(config);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const handle = await openConfigured(config);
  const sqlite = handle.sqlite;
  const applied = await migrateToLatest(handle.db, sqlite ? upgradeSnapshots(config.databasePath) : undefined);
  if (applied.length > 0) logger.info({ applied }, "database migrated");

  const runtime = await startRuntime({
    config,
    handle,
    clock: config.clockStart ? clockFrom(config.clockStart) : systemClock,
    logger,
    mailer: createMailer(config.smtpUrl, config.mailFrom),
  });
  const { app, hub } = runtime;
  raiseRuntimeHeadLimit(logger);
  try {
    // Elysia shares a busy port by default (reusePort): a second serve would silently split the traffic.
    app.listen({ port: config.port, hostname: config.host, reusePort: false });
  } catch (error) {
    await runtime.stopJobs();
    await runtime.stop();
    lock?.release();
    throw portInUse(config, error);
  }
  loadWebAssets().catch((error) => logger.error({ err: error }, "building the web app failed"));
  logger.info(
    { url: `http://localhost:${app.server?.port}`, database: handle.label },
    "NFL Paper Trading is listening",
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from now on; a proxy probing it stops sending new requests before we stop listening.
    runtime.drain();
    logger.info({ signal, drainSeconds: config.drainSeconds }, "shutting down");
    if (config.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    hub.closeAll();
    await runtime.stopJobs();
    await app.stop();
    // Let the last responses' after-response hooks (their log lines) run.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await runtime.stop();
    lock?.release();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
