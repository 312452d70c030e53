import { sql } from "kysely";
import type { Db } from "./connection.ts";
import { engineOf } from "./engine.ts";
import { groupCommit } from "./group-commit.ts";

/**
 * Fixed-window counters in the `rate_limits` table, so a limit holds across every process on the
 * database. One row per counted key (the limiter's name and what it counts), carrying its own
 * window: a hit is one upsert that starts a new window when the stored one is over, else adds one,
 * and returns the window it counted in.
 */

/** The longest window any limiter may use: rows older than this are dead and purged. */
export const LONGEST_WINDOW_MS = 60 * 60_000;

export interface CountedWindow {
  /** Epoch milliseconds the window started. */
  windowStart: number;
  /** Hits in that window, this one included. */
  count: number;
}

const upsert = (db: Db, key: string, nowMs: number, windowMs: number) =>
  sql<{ window_start: number; count: number }>`
    insert into rate_limits (key, window_start, count) values (${key}, ${nowMs}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start > ${nowMs - windowMs} then rate_limits.count + 1 else 1 end,
      window_start = case when rate_limits.window_start > ${nowMs - windowMs}
        then rate_limits.window_start else excluded.window_start end
    returning window_start, count`.execute(db);

/**
 * Counts one hit of `key` at `nowMs`. With `trx`, in the caller's transaction (a placement counts
 * its hit in its own commit, and a refused one is undone with it). Without: on PostgreSQL one
 * statement; on SQLite it joins the group commit, so hits arriving together share one commit
 * (a commit of its own per hit would cost more than the request it guards).
 */
export async function countHit(db: Db, key: string, nowMs: number, windowMs: number, trx?: Db): Promise<CountedWindow> {
  const run = (on: Db) => upsert(on, key, nowMs, windowMs);
  const result = trx ? await run(trx) : engineOf(db).groupsCommits ? await groupCommit(db).run(run) : await run(db);
  const row = result.rows[0]!;
  return { windowStart: Number(row.window_start), count: Number(row.count) };
}

/** Gives back one hit of `key`'s current window (never below zero). */
export async function refundHit(db: Db, key: string, nowMs: number, windowMs: number): Promise<void> {
  const statement = (on: Db) =>
    on
      .updateTable("rate_limits")
      .set((eb) => ({ count: eb("count", "-", 1) }))
      .where("key", "=", key)
      .where("count", ">", 0)
      .where("window_start", ">", nowMs - windowMs)
      .execute();
  if (!engineOf(db).groupsCommits) await statement(db);
  else await groupCommit(db).run(statement);
}

/** Deletes the counters whose window is over for every limiter (housekeeping). */
export async function purgeRateLimits(db: Db, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom("rate_limits")
    .where("window_start", "<=", nowMs - LONGEST_WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
