import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Line history: one row per change of one selection's line (market, selection, point, price), as a
// provider sync saw it, never a snapshot per sync. The (game_id, id) index serves one game's
// history in insertion order, which is the order the sync saw the moves. Games already stored
// get their lines as they stand as their opening (at odds_updated_at): a later move then has a line
// to move from.
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
  await sql`insert into line_changes (game_id, market, selection, point, price, changed_at, source)
    select g.id, json_extract(m.value, '$.marketType'), json_extract(o.value, '$.name'),
      json_extract(o.value, '$.point'), json_extract(o.value, '$.price'), g.odds_updated_at, g.provider
    from games g, json_each(g.odds) m, json_each(m.value, '$.outcomes') o
    where g.odds_updated_at is not null
    order by g.id, m.key, o.key`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("line_changes").execute();
}
