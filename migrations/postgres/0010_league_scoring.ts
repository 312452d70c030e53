import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The same column as SQLite's 0025_league_scoring: a league's scoring settings as JSON, null = the default.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leagues").addColumn("scoring", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leagues").dropColumn("scoring").execute();
}
