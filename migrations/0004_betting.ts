import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("bets")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("game_id", "text", (c) => c.notNull().references("games.id"))
    // 0 is the player's individual book; otherwise the league's id. Never NULL, so the unique index holds.
    .addColumn("book_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("season", "integer", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("bet_type", "text", (c) =>
      c.notNull().check(sql`bet_type in ('spread', 'total', 'moneyline', 'prop', 'parlay')`),
    )
    .addColumn("selection", "text", (c) => c.notNull())
    .addColumn("prop_id", "integer", (c) => c.references("game_props.id"))
    .addColumn("odds", "integer", (c) => c.notNull())
    .addColumn("point", "real")
    .addColumn("units", "integer", (c) => c.notNull().check(sql`units between 1 and 3`))
    .addColumn("wager_cents", "integer", (c) => c.notNull())
    .addColumn("potential_win_cents", "integer", (c) => c.notNull())
    .addColumn("confidence", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("note", "text")
    .addColumn("is_parlay", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'won', 'lost', 'push')`),
    )
    .addColumn("result_cents", "integer")
    .addColumn("placed_at", "text", (c) => c.notNull())
    .addColumn("priced_at", "text")
    .addColumn("settled_at", "text")
    .addUniqueConstraint("bets_one_per_game_per_book", ["user_id", "game_id", "book_id"])
    .execute();
  await db.schema.createIndex("bets_game_status").on("bets").columns(["game_id", "status"]).execute();
  await db.schema.createIndex("bets_user_placed").on("bets").columns(["user_id", "placed_at"]).execute();
  await db.schema.createIndex("bets_user_week").on("bets").columns(["user_id", "season", "week"]).execute();
  await db.schema.createIndex("bets_user_settled").on("bets").columns(["user_id", "book_id", "settled_at"]).execute();

  // Kept up to date by settlement in the same transaction: boards and stats read these, not bets.
  await db.schema
    .createTable("user_week_stats")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("book_id", "integer", (c) => c.notNull())
    .addColumn("season", "integer", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("settled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("won", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lost", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pushed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("wagered_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("profit_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("user_week_stats_pk", ["user_id", "book_id", "season", "week"])
    .execute();
  await db.schema
    .createIndex("user_week_stats_board")
    .on("user_week_stats")
    .columns(["book_id", "season", "week"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_week_stats").execute();
  await db.schema.dropTable("bets").execute();
}
