import { upgradeSnapshots } from "../db/backup.ts";
import type { Config } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import { latestMigration, migrateToLatest } from "../db/migrate.ts";

export async function migrate(config: Config): Promise<void> {
  const handle = openDatabase(config.databasePath);
  try {
    const applied = await migrateToLatest(handle.db, upgradeSnapshots(config.databasePath));
    console.log(applied.length > 0 ? `Applied ${applied.join(", ")}.` : "Already up to date.");
    console.log(`Database ${config.databasePath} is at ${latestMigration}.`);
  } finally {
    await handle.close();
  }
}
