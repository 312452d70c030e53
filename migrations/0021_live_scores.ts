import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// A game under way keeps its running score in home_score/away_score (final once completed_at is
// set) and the feed's short status beside it ("Q3 - 4:12", "Halftime"); null when not under way.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("games").addColumn("live_status", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("games").dropColumn("live_status").execute();
}
