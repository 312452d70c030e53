import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("games")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("season", "integer", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("home_team", "text", (c) => c.notNull())
    .addColumn("away_team", "text", (c) => c.notNull())
    .addColumn("home_abbr", "text", (c) => c.notNull())
    .addColumn("away_abbr", "text", (c) => c.notNull())
    .addColumn("commence_time", "text", (c) => c.notNull())
    .addColumn("home_score", "integer")
    .addColumn("away_score", "integer")
    .addColumn("completed_at", "text")
    .addColumn("resolved_by", "text", (c) => c.check(sql`resolved_by in ('provider', 'admin')`))
    .addColumn("odds", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("odds_updated_at", "text")
    .execute();
  await db.schema.createIndex("games_season_week").on("games").columns(["season", "week", "commence_time"]).execute();

  await db.schema
    .createTable("game_props")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("game_id", "text", (c) => c.notNull().references("games.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("player_name", "text", (c) => c.notNull())
    .addColumn("team", "text", (c) => c.notNull())
    .addColumn("prop_type", "text", (c) => c.notNull())
    .addColumn("line", "real", (c) => c.notNull())
    .addColumn("over_odds", "integer", (c) => c.notNull())
    .addColumn("under_odds", "integer", (c) => c.notNull())
    .addColumn("stat_value", "real")
    .addColumn("did_not_play", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("game_props_game_key", ["game_id", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("game_props").execute();
  await db.schema.dropTable("games").execute();
}
