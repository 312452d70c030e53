import { Database as Sqlite } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { sql } from "kysely";
import { migrations } from "../../migrations/index.ts";
import type { Db } from "./connection.ts";

export class BackupError extends Error {}

/**
 * A consistent copy of the live database in one file (`VACUUM INTO`): safe while `serve` runs and
 * writes, since SQLite copies one snapshot of the data.
 */
export async function backupTo(db: Db, file: string): Promise<number> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose a new file name`);
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    throw new BackupError(`cannot create the folder for ${file}: ${(error as Error).message}`);
  }
  try {
    await sql`vacuum into ${file}`.execute(db);
  } catch (error) {
    throw new BackupError(`cannot write ${file}: ${(error as Error).message}`);
  }
  return statSync(file).size;
}

/** The file `serve` holds while it runs, so `restore` can refuse to pull the floor from under it. */
export function pidFile(databasePath: string): string {
  return `${databasePath}.serve.pid`;
}

export function markServing(databasePath: string): () => void {
  const file = pidFile(databasePath);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function serveIsRunning(databasePath: string): number | null {
  const file = pidFile(databasePath);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8"));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // a stale file from a crash
  }
}

/** Checks a backup before restoring it: a SQLite file, intact, made by this version or an older one. */
function checkBackup(file: string): void {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let backup: Sqlite;
  try {
    backup = new Sqlite(file, { readonly: true });
  } catch {
    throw new BackupError(`${file} is not a SQLite database`);
  }
  try {
    const ok = backup.query("pragma integrity_check").get() as { integrity_check: string } | null;
    if (ok?.integrity_check !== "ok") throw new BackupError(`${file} is damaged: ${ok?.integrity_check}`);
    const names = backup.query("select name from kysely_migration").all() as { name: string }[];
    const unknown = names.map((n) => n.name).filter((name) => !(name in migrations));
    if (unknown.length > 0)
      throw new BackupError(
        `${file} was made by a newer version (it has migration ${unknown.sort().at(-1)}); restore it with that version`,
      );
    if (names.length === 0) throw new BackupError(`${file} is not an NFL Paper Trading database`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (/not a database/i.test((error as Error).message)) throw new BackupError(`${file} is not a SQLite database`);
    throw new BackupError(`${file} is not an NFL Paper Trading database (${(error as Error).message})`);
  } finally {
    backup.close();
  }
}

/** Replaces the database with a backup. Refused while `serve` runs on it. */
export function restoreFrom(file: string, databasePath: string): void {
  const pid = serveIsRunning(databasePath);
  if (pid !== null) throw new BackupError(`serve is running on ${databasePath} (pid ${pid}): stop it before restoring`);
  checkBackup(file);
  mkdirSync(dirname(databasePath), { recursive: true });
  for (const suffix of ["-wal", "-shm"]) rmSync(`${databasePath}${suffix}`, { force: true });
  copyFileSync(file, databasePath);
}

/** Where an upgrade keeps the database as it was: beside it, named after its last migration. */
export function upgradeSnapshots(databasePath: string): ((fromMigration: string) => string) | undefined {
  if (databasePath === ":memory:") return undefined;
  return (from) => `${databasePath}.before-upgrade-from-${from}-${Date.now()}.db`;
}
