import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Line history: one row per change of one selection's line (market, selection, point, price), as a
// provider sync saw it, never a snapshot per sync. The (game_id, id) index serves one game's
// history in insertion order, which is the order the sync saw the moves.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("line_changes")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("game_id", "text", (c) => c.notNull().references("games.id").onDelete("cascade"))
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("selection", "text", (c) => c.notNull())
    .addColumn("point", "real")
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("line_changes_game").on("line_changes").columns(["game_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("line_changes").execute();
}
