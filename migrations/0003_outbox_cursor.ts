import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Where the dispatcher got to: after a restart it delivers what it had not yet delivered.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outbox_cursor")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_id", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbox_cursor").execute();
}
