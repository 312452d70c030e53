/**
 * Leaderboards, a player's stats and the Analytics data with 10,000 players and 1,000,000 settled
 * bets in the database. Run: `npx bun bench/boards.ts`. Targets (issue 5): boards p99 < 10 ms,
 * stats < 5 ms, Analytics data (the player's bets) < 20 ms.
 */
import { sql } from "kysely";
import { startSession } from "../src/modules/auth/service.ts";
import { listGames } from "../src/modules/games/service.ts";
import { ALL_BOOKS, INDIVIDUAL_BOOK } from "../src/shared/bets.ts";
import { benchServer, insertBetRows, summary } from "./support.ts";

const PLAYERS = 10_000;
const BETS = 1_000_000;
const server = await benchServer("2027-01-04T05:00:00Z"); // the last night of the 2026 season: every game completed
const { db } = server;
const now = server.clock.now().toISOString();
const games = (await listGames(db, server.clock.now())).filter((g) => g.status === "completed");

const t0 = performance.now();
for (let i = 0; i < PLAYERS; i += 1000) {
  await db
    .insertInto("users")
    .values(
      Array.from({ length: 1000 }, (_, k) => ({
        email: `p${i + k}@bench.local`,
        username: `p${i + k}`,
        username_key: `p${i + k}`,
        password_hash: "x",
        role: "user" as const,
        is_bot: (i + k) % 25 === 0 ? 1 : 0,
        created_at: now,
      })),
    )
    .execute();
}
const userIds = (await db.selectFrom("users").select("id").orderBy("id").execute()).map((r) => r.id);

// Deterministic pseudo-random outcomes; each player bets BETS / PLAYERS different games.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const perPlayer = BETS / PLAYERS;
const rows: any[] = [];
for (const [u, userId] of userIds.entries()) {
  const start = Math.floor(rand() * games.length);
  for (let k = 0; k < perPlayer; k++) {
    const game = games[(start + k * 7) % games.length]!;
    const units = 1 + Math.floor(rand() * 3);
    const r = rand();
    const status = r < 0.48 ? "won" : r < 0.96 ? "lost" : "push";
    const wager = units * 10000;
    const result = status === "won" ? Math.round((wager * 100) / 110) : status === "lost" ? -wager : 0;
    const settledAt = new Date(new Date(game.commenceTime).getTime() + 4 * 3600_000).toISOString();
    rows.push([
      userId,
      game.id,
      INDIVIDUAL_BOOK,
      game.season,
      game.week,
      ["spread", "total", "moneyline", "prop"][k % 3]!,
      "Over",
      null,
      -110,
      44.5,
      units,
      wager,
      Math.round((wager * 100) / 110),
      "medium",
      null,
      0,
      status,
      result,
      settledAt,
      null,
      settledAt,
    ]);
  }
  if (rows.length >= 20_000 || u === userIds.length - 1) {
    await insertBetRows(db, rows);
    rows.length = 0;
  }
}
// The aggregates settlement would have kept, recomputed in bulk (streaks are left at their defaults).
await sql`insert into user_week_stats select user_id, book_id, season, week, count(*), sum(status = 'won'), sum(status = 'lost'), sum(status = 'push'), sum(wager_cents), sum(result_cents) from bets group by user_id, book_id, season, week`.execute(
  db,
);
await sql`insert into user_book_stats (user_id, book_id, settled, won, lost, pushed, wagered_cents, profit_cents, streak_type, streak_count) select user_id, book_id, count(*), sum(status = 'won'), sum(status = 'lost'), sum(status = 'push'), sum(wager_cents), sum(result_cents), 'win', 2 from bets group by user_id, book_id`.execute(
  db,
);
await sql`insert into user_book_stats (user_id, book_id, settled, won, lost, pushed, wagered_cents, profit_cents) select user_id, ${ALL_BOOKS}, count(*), sum(status = 'won'), sum(status = 'lost'), sum(status = 'push'), sum(wager_cents), sum(result_cents) from bets group by user_id`.execute(
  db,
);
await sql`analyze`.execute(db);
console.log(
  `generated ${PLAYERS} players and ${BETS} settled bets in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const viewer = userIds[4321]!;
const cookie = `npt_session=${await startSession(db, server.clock.now(), viewer)}`;
async function measure(label: string, path: string, n = 300) {
  for (let i = 0; i < 20; i++) await (await fetch(`${server.origin}${path}`, { headers: { cookie } })).arrayBuffer();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await fetch(`${server.origin}${path}`, { headers: { cookie } });
    bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    samples.push(performance.now() - start);
  }
  console.log(`${summary(label, samples)} (${bytes} bytes)`);
}
await measure("weekly leaderboard (week 9)", "/api/leaderboard/week/9");
await measure("overall leaderboard", "/api/leaderboard");
await measure("a player's stats", `/api/users/${viewer}/stats`);
await measure("Analytics data (the player's 100 bets)", `/api/users/${viewer}/bets`);
await server.close();
