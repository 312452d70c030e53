import { upgradeSnapshots } from "../runtime/backup.ts";
import { loadConfig, type Config, type ConfigOverrides } from "../config.ts";
import { openConfigured, type DbHandle } from "../runtime/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { wireModules } from "../wiring.ts";

/** Flags every data command takes. */
export interface DataFlags {
  db?: string;
}

export function configFrom(flags: DataFlags & { port?: string }): Config {
  const overrides: ConfigOverrides = {};
  if (flags.db) overrides.databasePath = flags.db;
  if (flags.port !== undefined) {
    const port = Number(flags.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new CliError(`--port must be a whole number from 0 to 65535 (got "${flags.port}")`);
    overrides.port = port;
  }
  return loadConfig(process.env, overrides);
}

/** A command's failure the operator can act on: printed without a stack, exit code 1. */
export class CliError extends Error {}

/** Opens the configured database at this build's schema, runs `work`, and always closes it. */
export async function withDatabase<T>(config: Config, work: (handle: DbHandle) => Promise<T>): Promise<T> {
  wireModules();
  const handle = await openConfigured(config);
  try {
    await migrateToLatest(handle.db, handle.sqlite ? upgradeSnapshots(config.databasePath) : undefined);
    return await work(handle);
  } finally {
    await handle.close();
  }
}
