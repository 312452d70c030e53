import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/.
// Pools (issue 45): a league's format and its options (JSON), each member's picks (a pick'em or
// confidence sheet, a survivor's team) and a sheet row per member and week (the tiebreaker guess,
// and the week's graded totals, kept when a game is graded so standings are a read of a few rows).
// The league's history records a commissioner's correction of a pick (widening its kind check, which
// SQLite cannot change in place: a new column takes the old one's place, values kept).
const FORMATS = sql`('bets', 'pickem', 'confidence', 'survivor')`;
const KINDS = sql`('created', 'reveal_changed', 'rules_changed', 'joined', 'left', 'removed', 'admin_appointed', 'pool_pick_corrected')`;
const OLD_KINDS = sql`('created', 'reveal_changed', 'rules_changed', 'joined', 'left', 'removed', 'admin_appointed')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("leagues")
    .addColumn("format", "text", (c) => c.notNull().defaultTo("bets").check(sql`format in ${FORMATS}`))
    .execute();
  await db.schema.alterTable("leagues").addColumn("pool", "text").execute();

  await db.schema
    .createTable("pool_picks")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("league_id", "integer", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("season", "integer", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("game_id", "text", (c) => c.notNull().references("games.id"))
    .addColumn("selection", "text", (c) => c.notNull())
    .addColumn("points", "integer")
    .addColumn("odds", "integer")
    .addColumn("point", "real")
    .addColumn("worth", "integer", (c) => c.notNull())
    .addColumn("picked_at", "text", (c) => c.notNull())
    .addColumn("auto", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("result", "text", (c) => c.check(sql`result in ('won', 'lost', 'push')`))
    .addColumn("score", "integer")
    .addUniqueConstraint("pool_picks_one_per_game", ["league_id", "user_id", "game_id"])
    .execute();
  await db.schema.createIndex("pool_picks_week").on("pool_picks").columns(["league_id", "season", "week"]).execute();
  await db.schema.createIndex("pool_picks_game").on("pool_picks").columns(["game_id", "result"]).execute();

  await db.schema
    .createTable("pool_sheets")
    .addColumn("league_id", "integer", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("season", "integer", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("tiebreaker", "integer")
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("won", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lost", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pushes", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("pool_sheets_pk", ["league_id", "user_id", "season", "week"])
    .execute();
  await db.schema
    .createIndex("pool_sheets_season")
    .on("pool_sheets")
    .columns(["league_id", "season", "week"])
    .execute();

  await widenHistoryKinds(db, KINDS);
}

/** league_history.kind with a new check, its values kept. */
async function widenHistoryKinds(db: Kysely<any>, kinds: ReturnType<typeof sql>): Promise<void> {
  await db.schema
    .alterTable("league_history")
    .addColumn("kind_now", "text", (c) => c.notNull().defaultTo("created").check(sql`kind_now in ${kinds}`))
    .execute();
  await sql`update league_history set kind_now = kind`.execute(db);
  await db.schema.alterTable("league_history").dropColumn("kind").execute();
  await db.schema.alterTable("league_history").renameColumn("kind_now", "kind").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from league_history where kind = 'pool_pick_corrected'`.execute(db);
  await widenHistoryKinds(db, OLD_KINDS);
  await db.schema.dropTable("pool_sheets").execute();
  await db.schema.dropTable("pool_picks").execute();
  await db.schema.alterTable("leagues").dropColumn("pool").execute();
  await db.schema.alterTable("leagues").dropColumn("format").execute();
}
