import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/. PostgreSQL's 0027 makes the same tables.
//
// League webhooks (issue 47 item 2): up to three per league, each a Discord, Slack or JSON receiver
// and the events it wants; the deliveries the jobs holder derives from what happened (one per
// webhook and merge key), sends with retries and keeps as the league's delivery log; and where that
// derivation got to in the outbox.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("league_webhooks")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("league_id", "integer", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('discord', 'slack', 'json')`))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled_at", "text")
    .addColumn("disabled_reason", "text")
    .execute();
  await db.schema.createIndex("league_webhooks_league").on("league_webhooks").column("league_id").execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("league_webhooks.id").onDelete("cascade"))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("merge_key", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed', 'dropped')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_merge")
    .on("webhook_deliveries")
    .columns(["webhook_id", "merge_key"])
    .unique()
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["status", "due_at"])
    .execute();
  await db.schema
    .createTable("webhook_cursor")
    .addColumn("name", "text", (c) => c.primaryKey().notNull())
    .addColumn("last_id", "integer", (c) => c.notNull())
    .addColumn("last_txid", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["webhook_cursor", "webhook_deliveries", "league_webhooks"])
    await db.schema.dropTable(table).execute();
}
