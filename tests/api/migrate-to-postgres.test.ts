import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { CliError } from "../../src/cli/context.ts";
import { migrateToPostgresCommand } from "../../src/cli/migrate-to-postgres.ts";
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/runtime/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { settleAllPending } from "../../src/modules/betting/settlement.ts";
import { seedDemoBots } from "../../src/modules/bots/service.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { freshPostgresUrl, onPostgres } from "../databases.ts";
import { FakeProvider } from "../fake-provider.ts";

/** `migrate-to-postgres` copies a SQLite file into an empty PostgreSQL database (the PostgreSQL run only). */
describe.skipIf(!onPostgres)("migrate-to-postgres", () => {
  let dir: string;
  let file: string;
  let config: ReturnType<typeof loadConfig>;
  let target: { url: string; drop(): Promise<void> };
  const expected: Record<string, number> = {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "nfl-migrate-"));
    file = join(dir, "source.db");
    config = loadConfig({ LOG_LEVEL: "silent" }, { databasePath: file });
    // Mid-season: demo bots with a settled history, more bets than one page of the copy.
    const source = openDatabase(file);
    await migrateToLatest(source.db);
    const now = new Date("2026-10-20T12:00:00Z");
    await syncGames(source.db, new FakeProvider(), now);
    await seedDemoBots(source.db, now, 400);
    await settleAllPending(source.db, now);
    for (const table of [
      "users",
      "games",
      "game_props",
      "line_changes",
      "bets",
      "user_week_stats",
      "user_book_stats",
    ]) {
      const row = source.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number };
      expected[table] = row.n;
    }
    expected.wager = (source.sqlite.query("select sum(wager_cents) as s from bets").get() as { s: number }).s;
    await source.close();
    target = await freshPostgresUrl();
  }, 60_000);

  afterAll(async () => {
    await target?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function onTarget<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  test("copies every row and keeps counts and money sums; new ids continue after the copied ones", async () => {
    expect(expected.bets).toBeGreaterThan(1000);
    expect(expected.user_book_stats).toBeGreaterThan(0);
    expect(expected.line_changes).toBeGreaterThan(0);
    await migrateToPostgresCommand(config, { from: file, to: target.url });
    const counts = await onTarget(async (client) => {
      const out: Record<string, number> = {};
      for (const table of Object.keys(expected).filter((k) => k !== "wager")) {
        out[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
      }
      out.wager = Number((await client.query("select sum(wager_cents) as s from bets")).rows[0].s);
      const maxId = Number((await client.query("select max(id) as m from users")).rows[0].m);
      const inserted = await client.query(
        `insert into users (email, username, username_key, username_skeleton, password_hash, role, is_bot, created_at)
         values ('new@example.com', 'newcomer', 'newcomer', 'newcomer', 'x', 'user', 0, now()::text) returning id`,
      );
      expect(Number(inserted.rows[0].id)).toBe(maxId + 1);
      return out;
    });
    expect(counts).toEqual(expected);
  });

  test("refuses a target that already holds data, and copies nothing more", async () => {
    const error = await migrateToPostgresCommand(config, { from: file, to: target.url }).catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(String(error.message)).toMatch(/is not empty \(users has \d+ rows\)/);
    expect(String(error.message)).not.toContain("postgres:");
    const bets = await onTarget(async (c) => Number((await c.query("select count(*) as n from bets")).rows[0].n));
    expect(bets).toBe(expected.bets!);
  });

  test("names the target it needs and the source it cannot find", async () => {
    const noTarget = await migrateToPostgresCommand(config, { from: file, to: "" }).catch((e) => e);
    expect(noTarget).toBeInstanceOf(CliError);
    expect(noTarget.message).toContain("--to postgres://");
    const noSource = await migrateToPostgresCommand(config, { from: join(dir, "missing.db"), to: target.url }).catch(
      (e) => e,
    );
    expect(noSource).toBeInstanceOf(CliError);
    expect(noSource.message).toContain("missing.db does not exist");
  });
});
