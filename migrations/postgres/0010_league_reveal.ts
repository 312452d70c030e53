import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/.
// The same columns as SQLite's 0025_league_reveal: when a league shows its members' picks to each
// other, and which revealed pick a bet tailed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("leagues")
    .addColumn("reveal_picks", "text", (col) =>
      col.notNull().defaultTo("kickoff").check(sql`reveal_picks in ('kickoff', 'week_start', 'never')`),
    )
    .execute();
  await db.schema
    .alterTable("bets")
    .addColumn("tailed_from_bet_id", "integer", (col) => col.references("bets.id").onDelete("set null"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bets").dropColumn("tailed_from_bet_id").execute();
  await db.schema.alterTable("leagues").dropColumn("reveal_picks").execute();
}
