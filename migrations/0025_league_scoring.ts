import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// A league's scoring settings (what its standings rank by, tiebreakers, dropped weeks, weekly
// minimum) as JSON; null = the default, today's ranking (units, then ROI, then more bets).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leagues").addColumn("scoring", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leagues").dropColumn("scoring").execute();
}
