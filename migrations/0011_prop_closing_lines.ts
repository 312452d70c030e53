import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
export async function up(db: Kysely<any>): Promise<void> {
  // A prop's line and prices at kick-off, recorded once by the provider sync with the game's closing_odds.
  await db.schema.alterTable("game_props").addColumn("closing_line", "real").execute();
  await db.schema.alterTable("game_props").addColumn("closing_over_odds", "integer").execute();
  await db.schema.alterTable("game_props").addColumn("closing_under_odds", "integer").execute();
  // The sync never refreshes a started game, so the props of games that already have their closing
  // line still hold the line they closed at.
  await db
    .updateTable("game_props")
    .set((eb) => ({
      closing_line: eb.ref("line"),
      closing_over_odds: eb.ref("over_odds"),
      closing_under_odds: eb.ref("under_odds"),
    }))
    .where("game_id", "in", db.selectFrom("games").select("id").where("closing_odds", "is not", null))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("game_props").dropColumn("closing_under_odds").execute();
  await db.schema.alterTable("game_props").dropColumn("closing_over_odds").execute();
  await db.schema.alterTable("game_props").dropColumn("closing_line").execute();
}
