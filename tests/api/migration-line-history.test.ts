/** SQLite's 0022 and PostgreSQL's 0007: games stored before line history get their lines as they stand as their opening. */
import { expect, test } from "bun:test";
import * as sqliteHistory from "../../migrations/0024_line_history.ts";
import * as postgresHistory from "../../migrations/postgres/0009_line_history.ts";
import { FakeProvider } from "../fake-provider.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { engineOf } from "../../src/runtime/engine.ts";
import { freshDatabase } from "../databases.ts";

test("each selection of a stored game's lines becomes its opening, at the time they were last moved; games without lines get none", async () => {
  const { db, close } = await freshDatabase();
  await syncGames(db, new FakeProvider(), new Date("2026-09-08T12:00:00Z"));
  await db.updateTable("games").set({ odds: "[]", odds_updated_at: null }).where("id", "=", "fake-w1-KC-BUF").execute();
  const migration = engineOf(db).name === "postgres" ? postgresHistory : sqliteHistory;
  // As if the table were new: the lines stored, no history yet.
  await migration.down(db);
  await migration.up(db);
  const rows = await db
    .selectFrom("line_changes")
    .select(["game_id", "market", "selection", "point", "price", "changed_at", "source"])
    .orderBy("id")
    .execute();
  expect(rows).toHaveLength(4 * 6);
  expect(rows.some((r) => r.game_id === "fake-w1-KC-BUF")).toBe(false);
  expect(rows.filter((r) => r.game_id === "fake-w1-DAL-PHI") as unknown[]).toEqual([
    ...[
      ["spreads", "Dallas Cowboys", 3.5, -110],
      ["spreads", "Philadelphia Eagles", -3.5, -110],
      ["totals", "Over", 45.5, -110],
      ["totals", "Under", 45.5, -110],
      ["h2h", "Dallas Cowboys", null, 150],
      ["h2h", "Philadelphia Eagles", null, -175],
    ].map(([market, selection, point, price]) => ({
      game_id: "fake-w1-DAL-PHI",
      market,
      selection,
      point,
      price,
      changed_at: "2026-09-08T12:00:00.000Z",
      source: "fake",
    })),
  ]);
  await close();
});
