import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/. PostgreSQL's 0026 makes the same tables.
//
// Talk in a league (issue 47 item 1): comments on the league's page and on each revealed pick (a
// pick's thread goes with its bet, a league's with the league), reactions from a fixed set, and
// members' reports for the site's admins. A deleted comment's replies keep their place (reply_to_id
// is set to null). `to_user_id` is whom a comment speaks to (the author replied to, or the pick's
// owner), for their bell and pushes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("league_comments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("league_id", "integer", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("bet_id", "integer", (c) => c.references("bets.id").onDelete("cascade"))
    .addColumn("reply_to_id", "integer", (c) => c.references("league_comments.id").onDelete("set null"))
    .addColumn("to_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0).check(sql`pinned in (0, 1)`))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("league_comments_thread")
    .on("league_comments")
    .columns(["league_id", "bet_id", "id"])
    .execute();
  await db.schema.createIndex("league_comments_bet").on("league_comments").column("bet_id").execute();
  await db.schema.createIndex("league_comments_reply").on("league_comments").column("reply_to_id").execute();
  await db.schema.createIndex("league_comments_to_user").on("league_comments").column("to_user_id").execute();
  await db.schema
    .createTable("comment_reactions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("comment_id", "integer", (c) => c.notNull().references("league_comments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reaction", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("comment_reactions_once")
    .on("comment_reactions")
    .columns(["comment_id", "user_id", "reaction"])
    .unique()
    .execute();
  await db.schema
    .createTable("comment_reports")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("comment_id", "integer", (c) => c.notNull().references("league_comments.id").onDelete("cascade"))
    .addColumn("reporter_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("dismissed_at", "text")
    .execute();
  await db.schema
    .createIndex("comment_reports_once")
    .on("comment_reports")
    .columns(["comment_id", "reporter_id"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["comment_reports", "comment_reactions", "league_comments"])
    await db.schema.dropTable(table).execute();
}
