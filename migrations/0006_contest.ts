import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The weekly winners as recorded, so the answer stays the same and can be audited.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contest_weeks")
    .addColumn("season", "integer", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .addColumn("forced", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("generated_season", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("games_scheduled", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("contest_weeks_pk", ["season", "week"])
    .execute();
  await db.schema
    .createTable("contest_winners")
    .addColumn("season", "integer", (c) => c.notNull())
    .addColumn("week", "integer", (c) => c.notNull())
    .addColumn("place", "integer", (c) => c.notNull())
    .addColumn("tied", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("profit_cents", "integer", (c) => c.notNull())
    .addColumn("wagered_cents", "integer", (c) => c.notNull())
    .addColumn("settled", "integer", (c) => c.notNull())
    .addColumn("won", "integer", (c) => c.notNull())
    .addColumn("games_bet", "integer", (c) => c.notNull())
    .addColumn("linked_to", "text")
    .addPrimaryKeyConstraint("contest_winners_pk", ["season", "week", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contest_winners").execute();
  await db.schema.dropTable("contest_weeks").execute();
}
