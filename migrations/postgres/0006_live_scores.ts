import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The same column as SQLite's 0021_live_scores: a game under way's short status ("Q3 - 4:12").
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("games").addColumn("live_status", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("games").dropColumn("live_status").execute();
}
