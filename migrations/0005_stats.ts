import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Running totals per player and book (book -1 = all of a player's books), kept by settlement.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_book_stats")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("book_id", "integer", (c) => c.notNull())
    .addColumn("settled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("won", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lost", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pushed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("wagered_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("profit_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("streak_type", "text")
    .addColumn("streak_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("longest_win_streak", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("user_book_stats_pk", ["user_id", "book_id"])
    .execute();
  await db.schema
    .createIndex("user_book_stats_board")
    .on("user_book_stats")
    .columns(["book_id", "profit_cents"])
    .execute();

  // Bumped with every change to the aggregates: readers cache rankings until it moves.
  await db.schema
    .createTable("stats_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("stats_version").values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stats_version").execute();
  await db.schema.dropTable("user_book_stats").execute();
}
