import type { App } from "../src/app.ts";
import { loadConfig, type Config } from "../src/config.ts";
import type { Db, DbHandle } from "../src/runtime/connection.ts";
import { freshDatabase } from "./databases.ts";
import { FixedClock } from "../src/lib/clock.ts";
import type { EventBus } from "../src/runtime/events.ts";
import { type Runtime, type RuntimeOptions, startRuntime } from "../src/runtime/start.ts";
import { createLogger, type Logger } from "../src/lib/logger.ts";
import type { SocketHub } from "../src/modules/realtime/hub.ts";

export const BASE = "http://localhost";

export interface TestContext {
  app: App;
  db: Db;
  clock: FixedClock;
  config: Config;
  bus: EventBus;
  hub: SocketHub;
  logger: Logger;
  /** The database handle under `db` (for snapshotDatabase). */
  handle: DbHandle;
  /** The process's wiring, as serve runs it (src/runtime/start.ts). */
  runtime: Runtime;
  close(): Promise<void>;
}

/** What a test may turn back on or give the runtime (the rest is off: see makeTestApp). */
export type TestRuntimeOptions = Partial<
  Pick<RuntimeOptions, "delivery" | "settle" | "jobs" | "checkpoints" | "mailer" | "resolveHost">
>;

/**
 * A fresh, migrated database (in-memory SQLite, or PostgreSQL under TEST_DATABASE_URL) and an app over it, standing on a fixed day.
 * `database` puts the app on that one instead (e.g. a copy from tests/databases.ts snapshotDatabase).
 * It is serve's wiring (startRuntime) with what a test controls turned off: outbox delivery (a
 * test starts it, `runtime.startDelivery`, or emits on `bus`), settlement on game.completed, the
 * jobs lease and its jobs, the WAL checkpointer; `runtime` turns any of them back on.
 */
export async function makeTestApp(
  opts: { env?: Record<string, string>; now?: string; database?: DbHandle; runtime?: TestRuntimeOptions } = {},
): Promise<TestContext> {
  const config = loadConfig(
    { LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "1000", ...opts.env },
    { databasePath: ":memory:" },
  );
  const handle = opts.database ?? (await freshDatabase());
  const clock = new FixedClock(opts.now ?? "2026-10-07T16:00:00Z");
  const logger = createLogger((process.env.TEST_LOG as "silent") ?? "silent");
  const runtime = await startRuntime({
    config,
    handle,
    clock,
    logger,
    delivery: false,
    settle: false,
    jobs: false,
    checkpoints: false,
    ...opts.runtime,
  });
  const { app, bus, hub } = runtime;
  return { app, db: handle.db, clock, config, bus, hub, logger, handle, runtime, close: () => runtime.stop() };
}

export interface CallOptions {
  body?: unknown;
  /** Sent as-is instead of JSON. */
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  /** The session cookie the response set, as "name=value". */
  cookie: string | null;
}

/** Calls the app in-process (no listening server), the way a browser on our origin would. */
export async function call<T = any>(
  app: App,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { origin: BASE, ...opts.headers };
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  if (opts.cookie) headers.cookie = opts.cookie;
  const response = await app.handle(new Request(`${BASE}${path}`, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  const setCookie = response.headers.get("set-cookie");
  return {
    status: response.status,
    body: parsed as T,
    headers: response.headers,
    cookie: setCookie ? setCookie.split(";")[0]! : null,
  };
}
