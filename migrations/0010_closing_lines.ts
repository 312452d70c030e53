import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
export async function up(db: Kysely<any>): Promise<void> {
  // JSON OddsMarket[]: the last line before kick-off, recorded once by the provider sync.
  await db.schema.alterTable("games").addColumn("closing_odds", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("games").dropColumn("closing_odds").execute();
}
