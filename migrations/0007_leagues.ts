import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("leagues")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("is_public", "integer", (c) => c.notNull())
    .addColumn("allowed_bet_types", "text", (c) => c.notNull())
    .addColumn("min_wager_cents", "integer")
    .addColumn("max_wager_cents", "integer")
    .addColumn("starting_bankroll_cents", "integer")
    .addColumn("start_date", "text")
    .addColumn("end_date", "text")
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("invite_token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("league_members")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("league_id", "integer", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn("joined_at", "text", (c) => c.notNull())
    .addUniqueConstraint("league_members_once", ["league_id", "user_id"])
    .execute();
  await db.schema.createIndex("league_members_user").on("league_members").column("user_id").execute();
  await db.schema
    .createTable("league_invitations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("league_id", "integer", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("invited_user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("invited_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'declined')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("responded_at", "text")
    .execute();
  await db.schema
    .createIndex("league_invitations_user")
    .on("league_invitations")
    .columns(["invited_user_id", "status"])
    .execute();
  await db.schema.createIndex("league_invitations_league").on("league_invitations").column("league_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["league_invitations", "league_members", "leagues"]) await db.schema.dropTable(table).execute();
}
