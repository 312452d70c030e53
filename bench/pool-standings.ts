/**
 * A pool's standings (issue 45): a 500-member confidence pool over the embedded 2026 season, every
 * week's every game picked with points 1..N and graded (about 135,000 picks, 9,000 weekly sheets),
 * read as GET /api/leagues/{id}/standings/{season|week} reads it (the leagues service). Target: the
 * season's standings in ≤ 50 ms.
 *
 * Baseline in the same run: the bare read any standings must make — the league's 500 members with
 * their usernames (one indexed join) — so the ratio says what the ranking adds to it on this machine
 * at this moment. Run: `npx bun bench/pool-standings.ts`.
 */
import { sql } from "kysely";
import { createLeague, inviteToken, joinByToken, leagueStandings } from "../src/modules/leagues/service.ts";
import { benchServer, insertBenchUsers, percentile, sampleMs, summary } from "./support.ts";

const MEMBERS = 500;
const server = await benchServer("2026-09-01T12:00:00Z"); // the pool opens before the season…
const { db } = server;
const now = server.clock.now().toISOString();
const userIds = await insertBenchUsers(db, MEMBERS, "m", now);
const owner = userIds[0]!;
const made = await createLeague(db, server.clock.now(), owner, {
  name: "Office Confidence",
  isPublic: true,
  rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
  format: "confidence",
  pool: { tiebreaker: true },
  createdBy: owner,
});
const { inviteToken: token } = await inviteToken(db, owner, made.id);
for (const id of userIds.slice(1)) await joinByToken(db, server.clock.now(), id, token);

server.clock.set("2027-01-04T05:00:00Z"); // …and is read once the season is over
const games = await db.selectFrom("games").select(["id", "season", "week", "home_team", "away_team"]).execute();
const byWeek = Map.groupBy(games, (g) => g.week);
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const t0 = performance.now();
let picks = 0;
const rows: Record<string, unknown>[] = [];
const flush = async () => {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("pool_picks")
      .values(rows.slice(i, i + 500) as never)
      .execute();
  rows.length = 0;
};
for (const [week, weekGames] of byWeek) {
  for (const userId of userIds) {
    const order = weekGames.map((g) => ({ g, r: rand() })).sort((a, b) => a.r - b.r);
    for (const [k, { g }] of order.entries()) {
      const points = k + 1;
      const result = rand() < 0.55 ? "won" : rand() < 0.03 ? "push" : "lost";
      rows.push({
        league_id: made.id,
        user_id: userId,
        season: g.season,
        week,
        game_id: g.id,
        selection: rand() < 0.6 ? g.home_team : g.away_team,
        points,
        odds: -110,
        point: null,
        worth: points * 100,
        picked_at: now,
        auto: 0,
        result,
        score: result === "won" ? points * 100 : result === "push" ? points * 50 : 0,
      });
      picks += 1;
    }
    if (rows.length >= 5000) await flush();
  }
}
await flush();
// The weekly sheets as grading leaves them: each member's week added up from their graded picks.
await sql`insert into pool_sheets (league_id, user_id, season, week, tiebreaker, saved_at, points, won, lost, pushes)
  select league_id, user_id, season, week, 40 + (user_id % 15), ${now}, sum(score),
    sum(case when result = 'won' then 1 else 0 end), sum(case when result = 'lost' then 1 else 0 end),
    sum(case when result = 'push' then 1 else 0 end)
  from pool_picks where league_id = ${made.id} group by league_id, user_id, season, week`.execute(db);
await sql`analyze`.execute(db);
const sheets = Number((await sql<{ n: number }>`select count(*) as n from pool_sheets`.execute(db)).rows[0]!.n);
console.log(
  `generated ${picks} graded picks and ${sheets} weekly sheets for ${MEMBERS} members in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

const bare = () =>
  db
    .selectFrom("league_members")
    .innerJoin("users", "users.id", "league_members.user_id")
    .select(["league_members.user_id", "users.username", "league_members.joined_at"])
    .where("league_members.league_id", "=", made.id)
    .execute();
const season = () => leagueStandings(db, server.clock.now(), owner, made.id, null);
const week = () => leagueStandings(db, server.clock.now(), owner, made.id, 10);

const first = (await season()) as { rows: { username: string; points: number | null }[] };
console.log(`season leader: ${first.rows[0]!.username} with ${first.rows[0]!.points} points`);
const bareSamples = await sampleMs(bare);
const seasonSamples = await sampleMs(season);
const weekSamples = await sampleMs(week);
console.log(summary("baseline: the league's 500 members with their names", bareSamples));
console.log(summary("standings, season (500 members, 18 weeks)", seasonSamples));
console.log(summary("standings, week 10 (with its tiebreaker)", weekSamples));
const p90 = percentile(
  [...seasonSamples].sort((a, b) => a - b),
  90,
);
console.log(
  `season standings: ${(median(seasonSamples) / median(bareSamples)).toFixed(1)}× the baseline (median); target p90 ≤ 50 ms: ${p90 <= 50 ? "met" : "MISSED"} (${p90.toFixed(2)} ms)`,
);
await server.close();
