import { mkdtempSync } from "node:fs";
import { sql } from "kysely";
import type { Db } from "../src/runtime/index.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/runtime/connection.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { FixedClock } from "../src/lib/clock.ts";
import { createLogger } from "../src/lib/logger.ts";
import { EmbeddedProvider } from "../src/modules/feeds/providers/embedded/index.ts";
import { syncGames } from "../src/modules/feeds/service.ts";
import { startRuntime } from "../src/runtime/start.ts";

/** A server on a fresh database file with the embedded season seeded, standing on a fixed day. */
export async function benchServer(now = "2026-10-07T16:00:00Z", env: Record<string, string> = {}) {
  const path = join(mkdtempSync(join(tmpdir(), "npt-bench-")), "bench.db");
  const config = loadConfig({ LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "1000000", ...env }, { databasePath: path });
  const handle = openDatabase(path);
  await migrateToLatest(handle.db);
  const clock = new FixedClock(now);
  const seedStart = performance.now();
  await syncGames(handle.db, new EmbeddedProvider(), clock.now());
  const seedMs = performance.now() - seedStart;
  const logger = createLogger("silent");
  // serve's wiring, without what a bench drives itself (delivery, settlement, jobs, checkpoints).
  const { app, bus, hub, startDelivery } = await startRuntime({
    config,
    handle,
    clock,
    logger,
    delivery: false,
    settle: false,
    jobs: false,
    checkpoints: false,
  });
  app.listen({ port: 0, hostname: "127.0.0.1" });
  const origin = `http://127.0.0.1:${app.server!.port}`;
  return {
    app,
    db: handle.db,
    sqlite: handle.sqlite,
    bus,
    hub,
    /** Delivery of the outbox to the sockets, as serve runs it (a bench timing the live channel starts it). */
    startDelivery,
    clock,
    origin,
    seedMs,
    path,
    async close() {
      await app.stop();
      await handle.close();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2);
  return `${label}: n=${sorted.length} median ${f(percentile(sorted, 50))} ms, p90 ${f(percentile(sorted, 90))} ms, p99 ${f(percentile(sorted, 99))} ms`;
}

/**
 * Writes generated bets in one transaction, 1,500 rows a statement. Each row holds, in order:
 * user_id, game_id, book_id, season, week, bet_type, selection, prop_id, odds, point, units,
 * wager_cents, potential_win_cents, confidence, note, is_parlay, status, result_cents, placed_at,
 * priced_at, settled_at.
 */
export async function insertBetRows(db: Db, rows: readonly unknown[][]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1500) {
      const chunk = rows.slice(i, i + 1500);
      await sql`insert into bets (user_id, game_id, book_id, season, week, bet_type, selection, prop_id, odds, point, units, wager_cents, potential_win_cents, confidence, note, is_parlay, status, result_cents, placed_at, priced_at, settled_at) values ${sql.join(chunk.map((r) => sql`(${sql.join(r)})`))}`.execute(
        trx,
      );
    }
  });
}

/** `count` plain players (`${prefix}0`, `${prefix}1`…) written straight into the database; their ids in order. */
export async function insertBenchUsers(db: Db, count: number, prefix: string, createdAt: string): Promise<number[]> {
  await db
    .insertInto("users")
    .values(
      Array.from({ length: count }, (_, k) => ({
        email: `${prefix}${k}@bench.local`,
        username: `${prefix}${k}`,
        username_key: `${prefix}${k}`,
        password_hash: "x",
        role: "user" as const,
        is_bot: 0,
        created_at: createdAt,
      })),
    )
    .execute();
  return (await db.selectFrom("users").select("id").orderBy("id").execute()).map((r) => r.id);
}

/** Runs `read` 10 times to warm up, then `n` times; each run's milliseconds. */
export async function sampleMs(read: () => Promise<unknown>, n = 200): Promise<number[]> {
  for (let i = 0; i < 10; i++) await read();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await read();
    samples.push(performance.now() - t);
  }
  return samples;
}

/** Reads a child process's output a line at a time (a bench's clients report on stdout); throws if it ends first. */
export function lineReader(stream: ReadableStream<Uint8Array>, what: string): () => Promise<string> {
  const reader = stream.getReader();
  let buffered = "";
  return async () => {
    for (;;) {
      const newline = buffered.indexOf("\n");
      if (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        return line;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`${what} ended early`);
      buffered += new TextDecoder().decode(value);
    }
  };
}
