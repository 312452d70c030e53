/**
 * A league's details (members and standings) when its standings count members' individual bets
 * (decision 0052): 2,000 players with 150 settled bets each (300,000 bets) on the embedded season,
 * leagues of 20 and 200 members without a bankroll, and one of 200 with one (its own book, read from
 * the aggregates). Run: `npx bun bench/league-standings.ts`.
 */
import { sql } from "kysely";
import {
  createLeague,
  joinByToken,
  inviteToken,
  leagueDetails,
  leagueStandings,
} from "../src/modules/leagues/service.ts";
import { INDIVIDUAL_BOOK } from "../src/shared/bets.ts";
import { benchServer, insertBenchUsers, insertBetRows, sampleMs, summary } from "./support.ts";

const PLAYERS = 2_000;
const PER_PLAYER = 150;
const server = await benchServer("2026-09-01T12:00:00Z"); // leagues made before the season…
const { db } = server;
const now = server.clock.now().toISOString();
const userIds = await insertBenchUsers(db, PLAYERS, "p", now);

async function league(name: string, members: number, startingBankroll?: number) {
  const owner = userIds[0]!;
  const made = await createLeague(db, server.clock.now(), owner, {
    name,
    isPublic: true,
    rules: { allowedBetTypes: ["spread", "total", "moneyline"], minWager: 100, maxWager: 200 },
    ...(startingBankroll ? { startingBankroll } : {}),
    createdBy: owner,
  });
  const { inviteToken: token } = await inviteToken(db, owner, made.id);
  for (const id of userIds.slice(1, members)) await joinByToken(db, server.clock.now(), id, token);
  return made.id;
}
const small = await league("Twenty", 20);
const big = await league("Two hundred", 200);
const contest = await league("Contest", 200, 1000);

server.clock.set("2027-01-04T05:00:00Z"); // …read once the season is over
const games = (await db.selectFrom("games").select(["id", "season", "week", "commence_time"]).execute()).map((g) => ({
  ...g,
  commenceTime: g.commence_time,
}));
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const t0 = performance.now();
const rows: unknown[][] = [];
for (const [u, userId] of userIds.entries()) {
  const start = Math.floor(rand() * games.length);
  for (let k = 0; k < PER_PLAYER; k++) {
    const game = games[(start + k * 7) % games.length]!;
    const units = 1 + Math.floor(rand() * 3);
    const status = rand() < 0.5 ? "won" : "lost";
    const wager = units * 10000;
    const result = status === "won" ? Math.round((wager * 100) / 110) : -wager;
    const at = new Date(new Date(game.commenceTime).getTime() + 4 * 3600_000).toISOString();
    rows.push([
      userId,
      game.id,
      INDIVIDUAL_BOOK,
      game.season,
      game.week,
      ["spread", "total", "moneyline", "prop"][k % 4],
      "Over",
      null,
      -110,
      44.5,
      units,
      wager,
      9091,
      "medium",
      null,
      0,
      status,
      result,
      at,
      null,
      at,
    ]);
  }
  if (rows.length >= 20_000 || u === userIds.length - 1) {
    await insertBetRows(db, rows);
    rows.length = 0;
  }
}
await sql`analyze`.execute(db);
console.log(`generated ${PLAYERS * PER_PLAYER} settled bets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

async function measure(label: string, id: number, n = 200) {
  console.log(summary(label, await sampleMs(() => leagueDetails(db, userIds[0]!, id), n)));
}
const first = await leagueDetails(db, userIds[0]!, big);
console.log(
  `200-member league: leader ${first.standings[0]!.username} ${first.standings[0]!.unitsWon}U over ${first.standings[0]!.totalBets} bets`,
);
await measure("league details, 20 members, individual bets counted", small);
await measure("league details, 200 members, individual bets counted", big);
await measure("league details, 200 members, own book (contest)", contest);

/** The standings route (decision 0058): one week, and the season with a worst week dropped and CLV as a tiebreaker. */
async function measureStandings(label: string, id: number, week: number | null, n = 200) {
  const read = () => leagueStandings(db, server.clock.now(), userIds[0]!, id, week);
  console.log(summary(label, await sampleMs(read, n)));
}
await measureStandings("standings week 10, 20 members", small, 10);
await measureStandings("standings week 10, 200 members", big, 10);
await db
  .updateTable("leagues")
  .set({
    scoring: JSON.stringify({
      scoring: "units",
      roiMinBets: 5,
      tiebreakers: ["roi", "clv"],
      dropWorstWeeks: 1,
      minBetsPerWeek: 0,
    }),
  })
  .where("id", "in", [small, big])
  .execute();
await measureStandings("standings season, 20 members, drop 1 week, CLV tiebreaker", small, null);
await measureStandings("standings season, 200 members, drop 1 week, CLV tiebreaker", big, null);
await server.close();
