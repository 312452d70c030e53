import { upgradeSnapshots } from "../runtime/backup.ts";
import type { Config } from "../config.ts";
import { openConfigured } from "../runtime/connection.ts";
import { latestMigrationOf, migrateToLatest } from "../db/migrate.ts";

export async function migrate(config: Config): Promise<void> {
  const handle = await openConfigured(config);
  try {
    const applied = await migrateToLatest(handle.db, handle.sqlite ? upgradeSnapshots(config.databasePath) : undefined);
    console.log(applied.length > 0 ? `Applied ${applied.join(", ")}.` : "Already up to date.");
    console.log(`Database ${handle.label} is at ${latestMigrationOf(handle.db)}.`);
  } finally {
    await handle.close();
  }
}
