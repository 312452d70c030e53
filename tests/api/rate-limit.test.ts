import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, openPostgres, type DbHandle } from "../../src/runtime/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { LONGEST_WINDOW_MS, purgeRateLimits } from "../../src/runtime/rate-limits.ts";
import { RateLimiter } from "../../src/http/rate-limit.ts";
import { FixedClock } from "../../src/lib/clock.ts";
import { AppError } from "../../src/lib/errors.ts";
import { freshDatabase, freshPostgresUrl, onPostgres } from "../databases.ts";

/** The limiter counts in the database (both engines): budgets hold across connections and processes. */
let handle: DbHandle;
let clock: FixedClock;
beforeEach(async () => {
  handle = await freshDatabase();
  clock = new FixedClock("2026-09-10T12:00:00Z");
});
afterEach(() => handle.close());

async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a 429");
}

test("allows `limit` hits per window per key, then 429 with the seconds left until the window ends", async () => {
  const limiter = new RateLimiter(handle.db, "t", 2, 60_000, clock);
  await limiter.hit("a");
  await limiter.hit("a");
  await limiter.hit("b");
  clock.advance(15_000);
  const error = await refusal(limiter.hit("a"));
  expect(error.status).toBe(429);
  expect(error.headers["Retry-After"]).toBe("45");
  clock.advance(45_000);
  await limiter.hit("a"); // a new window
  await limiter.hit("a");
  expect((await refusal(limiter.hit("a"))).headers["Retry-After"]).toBe("60");
});

test("each key's window starts at its own first hit; limiters of different names never share a key", async () => {
  const limiter = new RateLimiter(handle.db, "one", 1, 60_000, clock);
  const other = new RateLimiter(handle.db, "two", 1, 60_000, clock);
  await limiter.hit("x");
  clock.advance(30_000);
  await limiter.hit("a");
  await other.hit("a");
  clock.advance(31_000); // x's window is over, a's is 31 s old
  await limiter.hit("x");
  expect((await refusal(limiter.hit("a"))).headers["Retry-After"]).toBe("29");
});

test("refund gives one request back, never below zero", async () => {
  const limiter = new RateLimiter(handle.db, "t", 1, 60_000, clock);
  await limiter.hit("a");
  await limiter.refund("a");
  await limiter.refund("a");
  await limiter.hit("a");
  expect((await refusal(limiter.hit("a"))).status).toBe(429);
});

test("a hit counted in a transaction that rolls back is undone with it", async () => {
  const limiter = new RateLimiter(handle.db, "t", 1, 60_000, clock);
  await handle.db
    .transaction()
    .execute(async (trx) => {
      await limiter.hit("a", trx);
      throw new Error("refused");
    })
    .catch(() => {});
  await limiter.hit("a");
  expect((await refusal(limiter.hit("a"))).status).toBe(429);
});

test("the housekeeping purge deletes the counters whose window is over, and only those", async () => {
  const limiter = new RateLimiter(handle.db, "t", 5, 60_000, clock);
  for (let i = 0; i < 100; i++) await limiter.hit(`old-${i}`);
  clock.advance(LONGEST_WINDOW_MS);
  await limiter.hit("recent");
  expect(await purgeRateLimits(handle.db, clock.now().getTime())).toBe(100);
  const left = await handle.db.selectFrom("rate_limits").select("key").execute();
  expect(left.map((r) => r.key)).toEqual(["t:recent"]);
  expect(() => new RateLimiter(handle.db, "long", 1, LONGEST_WINDOW_MS + 1, clock)).toThrow();
});

// Two connections to one SQLite file take turns at its write lock: on a busy machine that outlasts the
// default 5 s (seen once at 5.5 s) without anything being wrong, hence the longer timeout.
test("two connections to one database (as two processes) draw on one budget, also when hitting at once", async () => {
  let first: DbHandle;
  let second: DbHandle;
  let cleanup: () => Promise<void>;
  if (onPostgres) {
    const database = await freshPostgresUrl();
    first = await openPostgres(database.url);
    second = await openPostgres(database.url);
    cleanup = async () => {
      await first.close();
      await second.close();
      await database.drop();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), "npt-rate-"));
    const file = join(dir, "shared.db");
    first = openDatabase(file);
    await migrateToLatest(first.db);
    second = openDatabase(file);
    cleanup = async () => {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  try {
    const onA = new RateLimiter(first.db, "t", 10, 60_000, clock);
    const onB = new RateLimiter(second.db, "t", 10, 60_000, clock);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => (i % 2 ? onA : onB).hit("shared")));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(10);
    expect((await refusal(onB.hit("shared"))).status).toBe(429);
  } finally {
    await cleanup();
  }
}, 20_000);
