import { Database as Sqlite } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { sql } from "kysely";
import { migrations } from "../../migrations/index.ts";
import { type Db, prepareDataFolder } from "./connection.ts";
import { describeHolder, pidFile, readHolder, tryLock } from "./serve-lock.ts";

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

/**
 * Replaces the database with a backup. Refused while `serve` runs on it (it holds the lock, and
 * restore holds it meanwhile, so no serve starts half-way). A PID file whose serve is gone is
 * removed; one in the old format (a bare pid, which cannot be checked) needs `force`.
 */
export function restoreFrom(file: string, databasePath: string, options: { force?: boolean } = {}): string[] {
  prepareDataFolder(databasePath);
  const lock = tryLock(databasePath);
  if (!lock)
    throw new BackupError(
      `serve is running on ${databasePath} (${describeHolder(readHolder(databasePath))}): stop it before restoring`,
    );
  try {
    const notes: string[] = [];
    const holder = readHolder(databasePath);
    if (holder === "unreadable" && !options.force)
      throw new BackupError(
        `${pidFile(databasePath)} is left from an older version and cannot be checked: if no serve runs on ${databasePath}, delete that file or restore with --force`,
      );
    checkBackup(file);
    if (holder !== null) {
      rmSync(pidFile(databasePath), { force: true });
      const who = holder === "unreadable" ? " (--force)" : `: the serve it named (${describeHolder(holder)}) is gone`;
      notes.push(`Removed ${pidFile(databasePath)}${who}.`);
    }
    for (const suffix of ["-wal", "-shm"]) rmSync(`${databasePath}${suffix}`, { force: true });
    copyFileSync(file, databasePath);
    return notes;
  } finally {
    lock.release();
  }
}

/** Where an upgrade keeps the database as it was: beside it, named after its last migration. */
export function upgradeSnapshots(databasePath: string): ((fromMigration: string) => string) | undefined {
  if (databasePath === ":memory:") return undefined;
  return (from) => `${databasePath}.before-upgrade-from-${from}-${Date.now()}.db`;
}
