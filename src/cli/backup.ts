import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { BackupError, backupTo, restoreFrom } from "../runtime/backup.ts";
import { openDatabase } from "../runtime/connection.ts";
import { CliError } from "./context.ts";

/** PostgreSQL has its own, better tools for this; we do not reinvent them. */
const POSTGRES_BACKUPS =
  "backup and restore copy the SQLite file; with PostgreSQL (DATABASE_URL) use pg_dump and pg_restore (see docs/operations.md)";

/** `backup <file>`: a consistent copy, safe while serve runs. */
export async function backupCommand(config: Config, file: string) {
  if (config.databaseUrl) throw new CliError(POSTGRES_BACKUPS);
  const target = resolve(file);
  const handle = openDatabase(config.databasePath);
  try {
    const bytes = await backupTo(handle.db, target);
    console.log(`Backed up ${config.databasePath} to ${target} (${(bytes / 1024).toFixed(0)} KiB).`);
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  } finally {
    await handle.close();
  }
}

/** `restore <file>`: replaces the database with a backup; refused while serve runs (`--force` only passes an old, uncheckable PID file). */
export async function restoreCommand(config: Config, file: string, options: { force?: boolean } = {}) {
  if (config.databaseUrl) throw new CliError(POSTGRES_BACKUPS);
  try {
    for (const note of restoreFrom(resolve(file), config.databasePath, options)) console.log(note);
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message);
    throw error;
  }
  console.log(`Restored ${config.databasePath} from ${resolve(file)}. Start serve to use it.`);
}
