import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The same column as SQLite's 0027_league_scoring: a league's scoring settings as JSON, null = the default.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leagues").addColumn("scoring", "text").execute();
  // A contest league's weekly standings read its own book's bets: an index of league-book bets only
  // (individual bets, the great majority, are book 0 and stay out of it, so it costs them no write).
  await db.schema
    .createIndex("bets_league_book")
    .on("bets")
    .columns(["book_id", "user_id", "season", "week"])
    .where(sql.ref("book_id"), "<>", 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("bets_league_book").execute();
  await db.schema.alterTable("leagues").dropColumn("scoring").execute();
}
