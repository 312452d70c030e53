import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Several processes on one database: leases say which process runs the singleton jobs (provider
// sync, settlement sweep, purges); rate-limit windows are counted in the database, so a limit
// holds across processes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_window").on("rate_limits").column("window_start").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("job_leases").execute();
}
