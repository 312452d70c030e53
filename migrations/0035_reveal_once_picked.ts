import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/.
// A fourth reveal rule (issue 44 item 3): 'picked', a member sees league-mates' picks on a game once
// they have picked it themselves. SQLite cannot change a column's check in place: a new column takes
// the old one's place, values and default kept.
const RULES = sql`('kickoff', 'picked', 'week_start', 'never')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("leagues")
    .addColumn("reveal_rule", "text", (col) => col.notNull().defaultTo("kickoff").check(sql`reveal_rule in ${RULES}`))
    .execute();
  await sql`update leagues set reveal_rule = reveal_picks`.execute(db);
  await db.schema.alterTable("leagues").dropColumn("reveal_picks").execute();
  await db.schema.alterTable("leagues").renameColumn("reveal_rule", "reveal_picks").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("leagues")
    .addColumn("reveal_rule", "text", (col) =>
      col.notNull().defaultTo("kickoff").check(sql`reveal_rule in ('kickoff', 'week_start', 'never')`),
    )
    .execute();
  await sql`update leagues set reveal_rule = case when reveal_picks = 'picked' then 'kickoff' else reveal_picks end`.execute(
    db,
  );
  await db.schema.alterTable("leagues").dropColumn("reveal_picks").execute();
  await db.schema.alterTable("leagues").renameColumn("reveal_rule", "reveal_picks").execute();
}
