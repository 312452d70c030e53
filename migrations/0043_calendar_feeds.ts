import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/. PostgreSQL's 0028 makes the same table.
//
// A private iCalendar feed per player (issue 47 item 4): its secret token is in the URL a calendar
// app polls (like an invite link's), replaced when the player asks for a new one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute();
}
