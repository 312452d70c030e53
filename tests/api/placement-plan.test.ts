/**
 * Placing a bet looks up the player's bet on that game in that book. The statement must plan the
 * partial unique index (bets_one_per_game_per_book, `where is_parlay = 0`) as prepared, before any
 * value is bound. With `is_parlay` a bound parameter, PostgreSQL's generic plan (which its prepared
 * statements switch to) reads every bet of the player through the index on the player alone, and
 * SQLite prepares that plan too and then prepares the statement again on every run once the value
 * is bound (measured in the placement bench: 39 µs a lookup, against 2 µs with the literal).
 */
import { expect, test } from "bun:test";
import { sql } from "kysely";
import { betInBookQuery } from "../../src/modules/betting/repo.ts";
import { freshDatabase } from "../databases.ts";

test("the placement's existing-bet lookup uses the one-bet-per-game index on both engines", async () => {
  const handle = await freshDatabase();
  try {
    const { sql: text, parameters } = betInBookQuery(handle.db, 7, "game-1", 0).compile();
    let plan: string;
    if (handle.engine === "sqlite") {
      // No value bound: the plan the statement is prepared with.
      const rows = handle.sqlite!.query(`explain query plan ${text}`).all() as { detail: string }[];
      plan = rows.map((r) => r.detail).join("\n");
    } else {
      plan = await handle.db.transaction().execute(async (trx) => {
        // An empty table would be read whole anyway, and a custom plan sees the values: ask for what
        // a prepared statement ends up with.
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
        await sql.raw(`prepare bet_in_book as ${text}`).execute(trx);
        const values = parameters.map((p) => (typeof p === "string" ? `'${p}'` : String(p))).join(", ");
        const rows = await sql.raw<{ "QUERY PLAN": string }>(`explain execute bet_in_book(${values})`).execute(trx);
        await sql`deallocate bet_in_book`.execute(trx);
        return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    }
    expect(plan).toContain("bets_one_per_game_per_book");
  } finally {
    await handle.close();
  }
});
