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
import { type Runtime, startRuntime } from "../runtime/start.ts";
import type { DbHandle } from "../runtime/connection.ts";
import { unavailableCode } from "../runtime/errors.ts";
import { takeOverStopSignals } from "../early-stop.ts";
import type { Logger } from "../lib/logger.ts";

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

/**
 * SIGTERM and SIGINT from serve's first line on. Until it serves, a stop request is noted and
 * start-up stops at its next safe point (the migrations' transaction done, a seeding chunk or a
 * game's settlement whole); once it serves, `whenServing`'s graceful stop runs. A second request
 * changes nothing.
 */
function stopRequests(logger: Logger) {
  takeOverStopSignals();
  const controller = new AbortController();
  let onStop: ((signal: string) => void) | null = null;
  const requested = (signal: string) => {
    if (controller.signal.aborted) return;
    controller.abort(signal);
    if (onStop) onStop(signal);
    else logger.info({ signal }, "stop requested while starting: stopping at the next safe point");
  };
  process.on("SIGTERM", () => requested("SIGTERM"));
  process.on("SIGINT", () => requested("SIGINT"));
  return {
    signal: controller.signal,
    get requested(): boolean {
      return controller.signal.aborted;
    },
    /** From now on a stop request runs `stop` (at once, if one came already). */
    whenServing(stop: (signal: string) => void): void {
      onStop = stop;
      if (controller.signal.aborted) stop(String(controller.signal.reason));
    },
  };
}

/** Whatever escapes (a bug) is one JSON line too, never a bare stack trace, and ends the process. */
function logUncaught(logger: Logger): void {
  const fatal = (error: unknown, what: string) => {
    logger.fatal({ err: error }, what);
    process.exit(1);
  };
  process.on("uncaughtException", (error) => fatal(error, "uncaught exception"));
  process.on("unhandledRejection", (error) => fatal(error, "unhandled promise rejection"));
}

/**
 * Runs the app until SIGTERM or SIGINT, then stops accepting, finishes, closes sockets and
 * checkpoints the WAL. A stop asked for while it starts is honoured at the next safe point. Every
 * line it writes, stopping included, is JSON; a stop step that fails is logged and the exit code is 1.
 */
export async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const stop = stopRequests(logger);
  logUncaught(logger);
  const lock = lockSqliteDatabase(config);
  try {
    assertPortFree(config);
  } catch (error) {
    lock?.release();
    throw error;
  }
  let handle: DbHandle | null = null;
  let runtime: Runtime | null = null;
  let failed = false;
  /** One step of stopping: a failure is logged (JSON) and the rest still run. */
  const step = async (what: string, work: () => unknown) => {
    try {
      await work();
    } catch (error) {
      failed = true;
      logger.error({ err: error, reason: unavailableCode(error) ?? "error" }, `stopping: ${what} failed`);
    }
  };
  let listening: { stop(): Promise<unknown> } | null = null;
  const finish = async () => {
    if (runtime) {
      const running = runtime;
      await step("stopping the background jobs", () => running.stopJobs());
      if (listening) {
        const app = listening;
        await step("closing the listener", () => app.stop());
        // Let the last responses' after-response hooks (their log lines) run.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await step("closing the database", () => running.stop());
    } else if (handle) {
      const open = handle;
      await step("closing the database", () => open.close());
    }
    await step("releasing the serve lock", () => lock?.release());
    if (failed) logger.error("stopped, with errors (see above)");
    else logger.info("stopped");
    process.exit(failed ? 1 : 0);
  };
  if (stop.requested) return finish();

  handle = await openConfigured(config);
  const sqlite = handle.sqlite;
  // One transaction: a stop request waits for it (the next safe point is after).
  const applied = await migrateToLatest(handle.db, sqlite ? upgradeSnapshots(config.databasePath) : undefined);
  if (applied.length > 0) logger.info({ applied }, "database migrated");
  if (stop.requested) return finish();

  runtime = await startRuntime({
    config,
    handle,
    clock: config.clockStart ? clockFrom(config.clockStart) : systemClock,
    logger,
    mailer: createMailer(config.smtpUrl, config.mailFrom),
    signal: stop.signal,
  });
  if (stop.requested) return finish();
  const { app, hub } = runtime;
  const started = runtime;
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

  listening = app;
  stop.whenServing(async (signal) => {
    // /readyz answers 503 from now on; a proxy probing it stops sending new requests before we stop listening.
    started.drain();
    logger.info({ signal, drainSeconds: config.drainSeconds }, "shutting down");
    if (config.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    hub.closeAll();
    await finish();
  });
}
