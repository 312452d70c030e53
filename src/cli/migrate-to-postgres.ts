import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "kysely";
import type { Config } from "../config.ts";
import { upgradeSnapshots } from "../runtime/backup.ts";
import { type AnyDb, describePostgresUrl, isPostgresUrl, openDatabase, openPostgres } from "../runtime/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { CliError } from "./context.ts";

/**
 * The tables copied, parents before children. Not copied: the outbox and its cursors (the outbox's and push's: events of the
 * old database were delivered there; the new one starts afresh, and the start-up sweep settles
 * anything left), leases and rate-limit windows (they belong to running processes), and the
 * Idempotency-Key answers of the last day (a retry of a request the old install answered is decided
 * afresh: a bet already placed answers 409, never twice).
 */
const TABLES = [
  "users",
  "sessions",
  "password_resets",
  "audit_log",
  "games",
  "game_props",
  "line_changes",
  "leagues",
  "league_members",
  "league_invitations",
  "league_history",
  "pool_picks",
  "pool_sheets",
  "friend_requests",
  "friendships",
  "notification_reads",
  "bets",
  "bet_legs",
  "settlement_notices",
  "user_week_stats",
  "user_book_stats",
  "stats_version",
  "contest_weeks",
  "contest_winners",
  "push_keys",
  "push_subscriptions",
  "push_preferences",
  "push_outbox",
] as const;

/** Money columns whose sums must match after the copy, beside every table's row count. */
const SUMS: Record<string, string[]> = {
  bets: ["wager_cents", "potential_win_cents", "result_cents"],
  user_week_stats: ["wagered_cents", "profit_cents", "settled"],
  user_book_stats: ["wagered_cents", "profit_cents", "settled"],
  contest_winners: ["profit_cents"],
  leagues: ["starting_bankroll_cents"],
};

const BATCH = 1000;

function columnsByTable(tables: { name: string; columns: { name: string }[] }[]): Map<string, string[]> {
  return new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
}

/**
 * A SQLite table's rows, BATCH at a time in rowid order: each page starts where the last ended
 * (an index seek), so a table of millions of bets is read in linear time, unlike OFFSET paging.
 */
async function* pagesOf(db: AnyDb, table: string, columns: string[]): AsyncGenerator<Record<string, unknown>[]> {
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select([sql<number>`rowid`.as("__rowid"), ...columns.map((c) => sql.ref(c).as(c))])
      .where(sql`rowid`, ">", after)
      .orderBy(sql`rowid`)
      .limit(BATCH)
      .execute()) as Record<string, unknown>[];
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.__rowid);
    yield rows.map(({ __rowid, ...row }) => row);
    if (rows.length < BATCH) return;
  }
}

async function figures(db: AnyDb, table: string): Promise<Record<string, number>> {
  const sums = (SUMS[table] ?? []).map((c) => sql`coalesce(sum(${sql.ref(c)}), 0)`.as(c));
  const row = (await db
    .selectFrom(table)
    .select([sql`count(*)`.as("rows"), ...sums])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/**
 * `migrate-to-postgres`: copies a SQLite database into an empty PostgreSQL database in one
 * transaction, then checks every table's row count and the money sums match; any difference rolls
 * the whole copy back. Refuses a target that already holds data.
 */
export async function migrateToPostgresCommand(config: Config, flags: { from?: string; to?: string }): Promise<void> {
  const from = resolve(flags.from ?? config.databasePath);
  const to = flags.to ?? config.databaseUrl;
  if (!to || !isPostgresUrl(to)) throw new CliError("--to postgres://… (or DATABASE_URL) names the target database");
  if (!existsSync(from)) throw new CliError(`${from} does not exist`);
  const source = openDatabase(from);
  const target = await openPostgres(to, { max: 2 });
  const where = describePostgresUrl(to);
  try {
    await migrateToLatest(source.db, upgradeSnapshots(from));
    const existing = (await target.db.introspection.getTables()).map((t) => t.name);
    for (const table of TABLES) {
      if (!existing.includes(table)) continue;
      const rows = (await figures(target.db, table)).rows ?? 0;
      if (rows > (table === "stats_version" ? 1 : 0))
        throw new CliError(`${where} is not empty (${table} has ${rows} rows): migrate into an empty database`);
    }
    await migrateToLatest(target.db);

    const report: string[] = [];
    const targetColumns = columnsByTable(await target.db.introspection.getTables());
    const sourceColumns = columnsByTable(await source.db.introspection.getTables());
    await target.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("stats_version").execute();
      for (const table of TABLES) {
        const present = new Set(sourceColumns.get(table));
        const shared = (targetColumns.get(table) ?? []).filter((c) => present.has(c));
        const hasId = shared.includes("id");
        let copied = 0;
        for await (const rows of pagesOf(source.db, table, shared)) {
          await trx
            .insertInto(table as never)
            .values(rows as never)
            .execute();
          copied += rows.length;
        }
        // Identity columns continue after the copied ids.
        if (hasId && table !== "stats_version" && table !== "games") {
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
            trx,
          );
        }
        const before = await figures(source.db, table);
        const after = await figures(trx, table);
        for (const [key, value] of Object.entries(before)) {
          if (after[key] !== value)
            throw new CliError(
              `verification failed for ${table}.${key}: ${value} in SQLite, ${after[key]} in PostgreSQL; nothing was copied`,
            );
        }
        report.push(`${table} ${copied}`);
      }
    });
    console.log(`Copied ${from} into ${where}: ${report.join(", ")} rows; counts and sums verified.`);
    console.log(`Start serve with DATABASE_URL set to that database.`);
  } finally {
    await source.close();
    await target.close();
  }
}
