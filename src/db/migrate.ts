import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import { migrations } from "../../migrations/index.ts";
import { postgresMigrations } from "../../migrations/postgres/index.ts";
import type { Db } from "../runtime/connection.ts";
import { engineOf } from "../runtime/engine.ts";

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

export class SchemaTooNewError extends Error {}

/** Each engine's migrations: SQLite's since the beginning, PostgreSQL's since it was supported. */
export function migrationsOf(db: Db): Record<string, Migration> {
  return engineOf(db).name === "postgres" ? postgresMigrations : migrations;
}

/** The newest migration this build knows (SQLite's list; `latestMigrationOf` for either engine). */
export const latestMigration = Object.keys(migrations).sort().at(-1)!;

export function latestMigrationOf(db: Db): string {
  return Object.keys(migrationsOf(db)).sort().at(-1)!;
}

async function appliedMigrationNames(db: Db): Promise<string[]> {
  // Kysely's introspection reads sqlite_master or information_schema, whichever the engine has.
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === "kysely_migration")) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((r) => r.name);
}

/**
 * Brings the database up to this build's schema; refuses a database migrated by a newer build.
 * With `snapshotPath` (SQLite), an upgrade first saves a copy of the database as it was.
 * Migrations run one process at a time: in an IMMEDIATE transaction on SQLite, under Kysely's
 * advisory lock on PostgreSQL (where each migration is also transactional).
 */
export async function migrateToLatest(db: Db, snapshotPath?: (fromMigration: string) => string): Promise<string[]> {
  const list = migrationsOf(db);
  const unknown = (await appliedMigrationNames(db)).filter((name) => !(name in list)).sort();
  if (unknown.length > 0) {
    throw new SchemaTooNewError(
      `This database was upgraded by a newer version of NFL Paper Trading (it has migration ${unknown.at(-1)}; ` +
        `this build knows up to ${latestMigrationOf(db)}). Run the newer version, or restore a backup.`,
    );
  }
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(list) });
  if (snapshotPath && engineOf(db).name === "sqlite") {
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt);
    const applied = await appliedMigrationNames(db);
    // An upgrade of a database in use: keep a copy as it was, in case the new version disappoints.
    if (pending.length > 0 && applied.length > 0)
      await sql`vacuum into ${snapshotPath(applied.sort().at(-1)!)}`.execute(db);
  }
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
