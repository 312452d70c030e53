import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/.
// Web Push (issue 31): the server's VAPID key pair, each player's subscribed devices, their
// preferences, the pushes to send (derived from the outbox by the jobs holder, merged per game and
// held through quiet hours) and where that derivation got to in the outbox.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("push_keys")
    .addColumn("name", "text", (c) => c.primaryKey().notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("private_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
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
  await db.schema
    .createTable("push_preferences")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("settlements", "integer", (c) => c.notNull())
    .addColumn("lock_reminder", "integer", (c) => c.notNull())
    .addColumn("friend_requests", "integer", (c) => c.notNull())
    .addColumn("league_invitations", "integer", (c) => c.notNull())
    .addColumn("league_picks", "integer", (c) => c.notNull())
    .addColumn("daily_cap", "integer", (c) => c.notNull())
    .addColumn("quiet_start", "text")
    .addColumn("quiet_end", "text")
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("push_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("merge_key", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sent', 'dropped', 'failed')`))
    .addColumn("reason", "text")
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("stale_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("push_outbox_merge")
    .on("push_outbox")
    .columns(["user_id", "merge_key"])
    .unique()
    .execute();
  await db.schema.createIndex("push_outbox_due").on("push_outbox").columns(["status", "due_at"]).execute();
  await db.schema.createIndex("push_outbox_sent").on("push_outbox").columns(["user_id", "sent_at"]).execute();
  await db.schema
    .createTable("push_cursor")
    .addColumn("name", "text", (c) => c.primaryKey().notNull())
    .addColumn("last_id", "integer", (c) => c.notNull())
    .addColumn("last_txid", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["push_cursor", "push_outbox", "push_preferences", "push_subscriptions", "push_keys"]) {
    await db.schema.dropTable(table).execute();
  }
}
