import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
//
// Parlays. A parlay is one row of `bets` (bet_type 'parlay', is_parlay 1, its game the leg that
// kicks off last) with its legs in `bet_legs`. "One bet per user per game per book" stays for
// single bets only, so the table constraint becomes a partial unique index. SQLite cannot drop a
// table constraint: the table is rebuilt from its own stored definition (so columns or indexes
// added by other migrations come along), minus that one constraint.

const CONSTRAINT = /,\s*constraint\s+"bets_one_per_game_per_book"\s+unique\s*\("user_id",\s*"game_id",\s*"book_id"\)/i;

async function definitionsOf(db: Kysely<any>, table: string) {
  const rows = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and type in ('table', 'index') and sql is not null`.execute(
    db,
  );
  return {
    table: rows.rows.find((r) => r.type === "table")!.sql!,
    indexes: rows.rows.filter((r) => r.type === "index").map((r) => r.sql!),
  };
}

/** Rebuilds `bets` with its CREATE statement changed by `edit`, keeping every row and index. */
async function rebuildBets(db: Kysely<any>, edit: (createSql: string) => string): Promise<void> {
  const { table, indexes } = await definitionsOf(db, "bets");
  const created = edit(table).replace(/^create table\s+"?bets"?/i, 'create table "bets_rebuilt"');
  await sql.raw(created).execute(db);
  await sql`insert into bets_rebuilt select * from bets`.execute(db);
  await sql`drop table bets`.execute(db);
  await sql`alter table bets_rebuilt rename to bets`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildBets(db, (createSql) => {
    if (!CONSTRAINT.test(createSql))
      throw new Error("0016_parlays: bets has no bets_one_per_game_per_book constraint to relax");
    return createSql.replace(CONSTRAINT, "");
  });
  await db.schema
    .createIndex("bets_one_per_game_per_book")
    .unique()
    .on("bets")
    .columns(["user_id", "game_id", "book_id"])
    .where(sql.ref("is_parlay"), "=", 0)
    .execute();
  // The legs' identity (sorted game|market|prop|side list): the same parlay twice in one book is refused.
  await db.schema.alterTable("bets").addColumn("parlay_key", "text").execute();
  await db.schema
    .createIndex("bets_one_parlay_per_legs_per_book")
    .unique()
    .on("bets")
    .columns(["user_id", "book_id", "parlay_key"])
    .where(sql.ref("parlay_key"), "is not", null)
    .execute();

  await db.schema
    .createTable("bet_legs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("bet_id", "integer", (c) => c.notNull().references("bets.id").onDelete("cascade"))
    .addColumn("leg_index", "integer", (c) => c.notNull())
    .addColumn("game_id", "text", (c) => c.notNull().references("games.id"))
    .addColumn("bet_type", "text", (c) => c.notNull().check(sql`bet_type in ('spread', 'total', 'moneyline', 'prop')`))
    .addColumn("selection", "text", (c) => c.notNull())
    .addColumn("prop_id", "integer", (c) => c.references("game_props.id"))
    .addColumn("odds", "integer", (c) => c.notNull())
    .addColumn("point", "real")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'won', 'lost', 'push')`),
    )
    // No two legs of a parlay on one game.
    .addUniqueConstraint("bet_legs_one_per_game", ["bet_id", "game_id"])
    .execute();
  // Settlement finds the parlays with a leg on a completed game.
  await db.schema.createIndex("bet_legs_game").on("bet_legs").columns(["game_id", "bet_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bet_legs").execute();
  await db.deleteFrom("bets").where("is_parlay", "=", 1).execute();
  await db.schema.dropIndex("bets_one_parlay_per_legs_per_book").execute();
  await db.schema.alterTable("bets").dropColumn("parlay_key").execute();
  await db.schema.dropIndex("bets_one_per_game_per_book").execute();
  await rebuildBets(db, (createSql) =>
    createSql.replace(/\)\s*$/, ', constraint "bets_one_per_game_per_book" unique ("user_id", "game_id", "book_id"))'),
  );
}
