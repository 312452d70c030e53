import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// A league's scoring settings (what its standings rank by, tiebreakers, dropped weeks, weekly
// minimum) as JSON; null = the default, today's ranking (units, then ROI, then more bets).
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
