import { expect, test } from "bun:test";
import { Migrator, sql } from "kysely";
import { migrations } from "../../migrations/index.ts";
import { openDatabase } from "../../src/runtime/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";

const provider = { getMigrations: async () => migrations };
/** The migration 0016 follows, whichever it is. */
const before0016 = Object.keys(migrations)
  .sort()
  .filter((name) => name < "0016_parlays")
  .at(-1)!;

test("0016 keeps every bet and index while relaxing one-bet-per-game to single bets", async () => {
  const { db, close } = openDatabase(":memory:");
  const before = await new Migrator({ db, provider }).migrateTo(before0016);
  expect(before.error).toBeUndefined();
  await sql`insert into users (email, username, username_key, password_hash, role, is_bot, created_at) values ('a@example.com', 'a', 'a', 'x', 'user', 0, '2026-09-01T00:00:00Z')`.execute(
    db,
  );
  await sql`insert into games (id, provider, season, week, home_team, away_team, home_abbr, away_abbr, commence_time, odds) values ('g1', 'fake', 2026, 1, 'H', 'A', 'HH', 'AA', '2026-09-10T00:00:00Z', '[]')`.execute(
    db,
  );
  const bet = sql`insert into bets (user_id, game_id, book_id, season, week, bet_type, selection, odds, units, wager_cents, potential_win_cents, placed_at, status, result_cents)
    values (1, 'g1', 0, 2026, 1, 'spread', 'H', -110, 1, 10000, 9091, '2026-09-09T00:00:00Z', 'won', 9091)`;
  await bet.execute(db);

  expect((await migrateToLatest(db)).slice(0, 2)).toEqual(["0016_parlays", "0017_multi_process"]);
  const rows = await sql<Record<string, unknown>>`select * from bets`.execute(db);
  expect(rows.rows).toEqual([
    expect.objectContaining({
      id: 1,
      game_id: "g1",
      status: "won",
      result_cents: 9091,
      is_parlay: 0,
      parlay_key: null,
    }),
  ]);
  const indexes = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'index' and tbl_name = 'bets' and sql is not null order by name`.execute(
    db,
  );
  expect(indexes.rows.map((r) => r.name)).toEqual([
    "bets_game_status",
    "bets_league_book", // 0027's, for a contest league's standings
    "bets_one_parlay_per_legs_per_book",
    "bets_one_per_game_per_book",
    "bets_prop", // 0029's, for foreign keys (partial: prop bets only)
    "bets_tailed_from", // 0029's (partial: tails only)
    "bets_user_placed",
    "bets_user_week",
  ]);
  // Still one single bet per game per book; a parlay row on that game is allowed beside it.
  await expect(bet.execute(db)).rejects.toThrow(/UNIQUE constraint failed/);
  await sql`insert into bets (user_id, game_id, book_id, season, week, bet_type, selection, odds, units, wager_cents, potential_win_cents, placed_at, is_parlay, parlay_key)
    values (1, 'g1', 0, 2026, 1, 'parlay', '2-leg parlay', 264, 1, 10000, 26446, '2026-09-09T00:00:00Z', 1, 'k')`.execute(
    db,
  );
  expect(Number((await sql<{ n: number }>`select count(*) as n from bets`.execute(db)).rows[0]!.n)).toBe(2);
  close();
});
