import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/. PostgreSQL's 0016 makes the same table.
//
// Push devices belong to the session that turned them on (issue 40): signing out, a password change
// or reset ends them with it, and a device whose session expired gets nothing. A row is a player's
// own, keyed by its endpoint and its secret (`auth`): posting someone else's endpoint no longer
// moves their device, and the same browser (the same secret) changes hands in one statement.
// Devices stored before this have no session to end with: they go, and players turn push on again
// (the browser keeps its subscription, so Settings does it in one click).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("session_hash", "text", (c) => c.notNull())
    .addColumn("session_expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_sent_at", "text")
    .execute();
  await db.schema
    .createIndex("push_subscriptions_browser")
    .on("push_subscriptions")
    .columns(["endpoint", "auth"])
    .unique()
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
  await db.schema.createIndex("push_subscriptions_session").on("push_subscriptions").column("session_hash").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_sent_at", "text")
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
}
