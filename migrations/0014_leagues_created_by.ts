import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Creating a league counts the leagues its player already created (a per-player ceiling); this
// index keeps that count a seek rather than a scan of every league.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("leagues_created_by").on("leagues").column("created_by").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("leagues_created_by").ifExists().execute();
}
