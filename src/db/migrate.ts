import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import { migrations } from "../../migrations/index.ts";
import type { Db } from "./connection.ts";

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export class SchemaTooNewError extends Error {}

/** The newest migration this build knows. */
export const latestMigration = Object.keys(migrations).sort().at(-1)!;

async function appliedMigrationNames(db: Db): Promise<string[]> {
  const table = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
  if (table.rows.length === 0) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((r) => r.name);
}

/**
 * Brings the database up to this build's schema; refuses a database migrated by a newer build.
 * With `snapshotPath`, an upgrade first saves a copy of the database as it was. Migrations run in
 * an IMMEDIATE transaction, so two processes never migrate at once. Returns what it applied.
 */
export async function migrateToLatest(db: Db, snapshotPath?: (fromMigration: string) => string): Promise<string[]> {
  const unknown = (await appliedMigrationNames(db)).filter((name) => !(name in migrations)).sort();
  if (unknown.length > 0) {
    throw new SchemaTooNewError(
      `This database was upgraded by a newer version of NFL Paper Trading (it has migration ${unknown.at(-1)}; ` +
        `this build knows up to ${latestMigration}). Run the newer version, or restore a backup.`,
    );
  }
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  if (snapshotPath) {
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
