/**
 * The sweat room's fan-out (issue 44 item 4, decision 0074): a league of 200 members with 5,000 open
 * picks (a straight pick on each of the week's open games, the rest two-leg parlays) on a Sunday's games (all shown: picks revealed at the week's first kick-off), and
 * `BENCH_SOCKETS` (default 200: every member) sweat rooms open on one server, signed in as the
 * members (bench/league-sweat-clients.ts, another process). A live score of a game under way is
 * written and announced as the sync writes it (`BENCH_UPDATES` times, default 20), then the game is
 * resolved as `resolve` does, settling its bets beside: the league's and `BENCH_SITE_BETS` (default
 * 20,000) other players' on it. Reported: when the last
 * room got each update after its commit (the outbox delivered as serve delivers it), and what one
 * member's browser then does with it — the whole room worked out again from its 5,000 picks — so an
 * update shows in every room by their sum; and the requests the updates caused (target: none).
 * Baseline in the same run: a bare Bun.serve (bench/fanout-baseline-server.ts) publishing the same
 * bytes to as many sockets from the same clients. Target: ≤ 300 ms to every open room.
 * Run: `node_modules/.bin/bun bench/league-sweat.ts`
 */
import { join } from "node:path";
import { cliActor } from "../src/modules/audit/service.ts";
import { startSession } from "../src/modules/auth/service.ts";
import { currentWeek, gamesUpdate, listGames, recordLiveScore, resolveGame } from "../src/modules/games/service.ts";
import { createLeague, inviteToken, joinByToken } from "../src/modules/leagues/service.ts";
import { publish } from "../src/modules/realtime/service.ts";
import { INDIVIDUAL_BOOK } from "../src/shared/bets.ts";
import { parlayAmericanOdds, parlayWinCents } from "../src/shared/parlays.ts";
import type { Game } from "../src/shared/contract/games.ts";
import type { LeagueSweat } from "../src/shared/contract/league-feed.ts";
import { benchServer, insertBenchUsers, insertBetRows, lineReader, percentile } from "./support.ts";

const MEMBERS = 200;
const PICKS = 5_000;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? MEMBERS);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 20);
const SITE_BETS = Number(process.env.BENCH_SITE_BETS ?? 20_000);

// A Sunday of the embedded season: the league and its picks in the morning, the games under way after 1 pm.
const server = await benchServer("2026-10-11T12:00:00Z", { SOCKETS_PER_ADDRESS: "1000000" });
const { db, clock } = server;
const userIds = await insertBenchUsers(db, MEMBERS, "m", clock.now().toISOString());
const owner = userIds[0]!;
const league = await createLeague(db, clock.now(), owner, {
  name: "Two hundred",
  isPublic: true,
  revealPicks: "week_start",
  rules: { allowedBetTypes: ["spread", "total", "moneyline", "parlay"] },
  createdBy: owner,
});
const { inviteToken: token } = await inviteToken(db, owner, league.id);
for (const id of userIds.slice(1)) await joinByToken(db, clock.now(), id, token);

// 25 picks a member: one on each game of the week still to play (a side, a total or a winner at the
// game's own lines: one straight pick a game and book), the rest two-leg parlays on neighbouring games.
const current = await currentWeek(db, clock.now());
const week = (await listGames(db, clock.now(), current.week)).filter(
  (g) => g.status !== "completed" && g.odds.some((m) => m.marketType === "spreads"),
);
const placedAt = "2026-10-11T12:30:00Z";
const MARKETS = [
  ["spreads", "spread"],
  ["totals", "total"],
  ["h2h", "moneyline"],
] as const;
function leg(game: Game, n: number) {
  const [market, betType] = MARKETS[n % 3]!;
  const outcome = game.odds.find((m) => m.marketType === market)?.outcomes[n % 2];
  if (!outcome) throw new Error(`game ${game.id} has no ${market}`);
  return { game, betType, selection: outcome.name, odds: outcome.price, point: outcome.point ?? null };
}
const perMember = PICKS / MEMBERS;
const straights = Math.min(week.length, perMember);
const rows: unknown[][] = [];
const parlays: { userId: number; legs: ReturnType<typeof leg>[]; key: string }[] = [];
for (const [m, userId] of userIds.entries()) {
  for (let k = 0; k < straights; k++) {
    const pick = leg(week[k]!, m + k);
    const win = pick.odds > 0 ? pick.odds * 100 : (10_000 * 100) / -pick.odds;
    rows.push([
      userId,
      pick.game.id,
      INDIVIDUAL_BOOK,
      pick.game.season,
      pick.game.week,
      pick.betType,
      pick.selection,
      null,
      pick.odds,
      pick.point,
      1,
      10_000,
      Math.round(win),
      "medium",
      null,
      0,
      "pending",
      null,
      placedAt,
      placedAt,
      null,
    ]);
  }
  for (let k = 0; k < perMember - straights; k++)
    parlays.push({
      userId,
      legs: [leg(week[k % week.length]!, m + k), leg(week[(k + 1) % week.length]!, m + k + 1)],
      key: `bench-${k}`,
    });
}
await insertBetRows(db, rows);
await db.transaction().execute(async (trx) => {
  for (const parlay of parlays) {
    const odds = parlay.legs.map((l) => l.odds);
    const last = parlay.legs.at(-1)!.game;
    const { id } = await trx
      .insertInto("bets")
      .values({
        user_id: parlay.userId,
        game_id: last.id,
        book_id: INDIVIDUAL_BOOK,
        season: last.season,
        week: last.week,
        bet_type: "parlay",
        selection: `${parlay.legs.length}-leg parlay`,
        prop_id: null,
        odds: parlayAmericanOdds(odds),
        point: null,
        units: 1,
        wager_cents: 10_000,
        potential_win_cents: parlayWinCents(10_000, odds),
        confidence: "medium",
        note: null,
        is_parlay: 1,
        parlay_key: parlay.key,
        status: "pending",
        result_cents: null,
        placed_at: placedAt,
        priced_at: placedAt,
        settled_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("bet_legs")
      .values(
        parlay.legs.map((l, i) => ({
          bet_id: id,
          leg_index: i,
          game_id: l.game.id,
          bet_type: l.betType,
          selection: l.selection,
          prop_id: null,
          odds: l.odds,
          point: l.point,
          status: "pending" as const,
        })),
      )
      .execute();
  }
});

// 1:30 pm: the early games under way; the one the bench moves is the first of them, with the rest of
// the site's bets on it (`BENCH_SITE_BETS` players outside the league with a pending spread each):
// resolving it settles them all, as a real Sunday does.
clock.set("2026-10-11T17:30:00Z");
const underWay = (await listGames(db, clock.now(), current.week)).filter(
  (g) => g.status !== "completed" && Date.parse(g.commenceTime) <= clock.now().getTime(),
);
const movedGame = underWay[0];
if (!movedGame) throw new Error("no game under way at 1:30 pm");
const siteIds: number[] = [];
for (let made = 0; made < SITE_BETS; made += 2_000) {
  const ids = await insertBenchUsers(db, Math.min(2_000, SITE_BETS - made), `s${made}-`, placedAt);
  siteIds.push(...ids.slice(-Math.min(2_000, SITE_BETS - made)));
}
const siteSpread = movedGame.odds.find((m) => m.marketType === "spreads")!.outcomes[0]!;
await insertBetRows(
  db,
  siteIds.map((userId) => [
    userId,
    movedGame.id,
    INDIVIDUAL_BOOK,
    movedGame.season,
    movedGame.week,
    "spread",
    siteSpread.name,
    null,
    siteSpread.price,
    siteSpread.point ?? null,
    1,
    10_000,
    9_091,
    "medium",
    null,
    0,
    "pending",
    null,
    placedAt,
    placedAt,
    null,
  ]),
);

const moved = movedGame;
await server.startDelivery({ intervalMs: 100, settle: true });

const cookies: string[] = [];
for (const id of userIds) cookies.push(`npt_session=${await startSession(db, clock.now(), id)}`);
const ask = async <T>(path: string) => {
  const res = await fetch(`${server.origin}${path}`, { headers: { cookie: cookies[1]! } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
};
const sweat = await ask<LeagueSweat>(`/api/picks/league/${league.id}/sweat`);
const games = await ask<Game[]>(`/api/games?week=${sweat.week}`);
if (sweat.picks.length !== PICKS) throw new Error(`the room shows ${sweat.picks.length} picks, not ${PICKS}`);

interface Report {
  sockets: number;
  updates: Record<string, { count: number; last: number; room: { ms: number; live: number } | null }>;
  refetches: number;
}

/** The rooms, in one client process; resolves once every socket said hello. */
async function openRooms(origin: string, withCookies: boolean) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "league-sweat-clients.ts")], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const settings = { origin, sockets: SOCKETS, cookies: withCookies ? cookies : [], sweat, games, gameId: moved!.id };
  proc.stdin.write(`${JSON.stringify(settings)}\n`);
  proc.stdin.flush();
  const nextLine = lineReader(proc.stdout, "the client process");
  if ((await nextLine()) !== "ready") throw new Error("the clients did not get ready");
  return {
    async report(): Promise<Report> {
      proc.stdin.write("report\n");
      proc.stdin.flush();
      const report = JSON.parse(await nextLine()) as Report;
      await proc.exited;
      return report;
    },
  };
}

const rooms = await openRooms(server.origin, true);

// Live scores, as the sync records them: the score and its scores_update in one transaction.
const committed = new Map<string, number>();
const firstMessages: string[] = [];
for (let k = 1; k <= UPDATES; k++) {
  const score = { awayScore: k, homeScore: 10, status: `Q2 - ${k}:00` };
  await db.transaction().execute(async (trx) => {
    await recordLiveScore(trx, moved.id, score);
    const update = await gamesUpdate(trx, [moved.id], clock.now());
    if (k === 1) firstMessages.push(JSON.stringify({ type: "scores_update", version: 1, previous: null, ...update }));
    await publish(trx, clock.now(), "scores_update", update);
  });
  committed.set(`${k}-10 live`, Date.now());
  await Bun.sleep(400 + Math.random() * 200);
}
// The final, resolved as the command line does: the game's picks settle beside it.
clock.set("2026-10-11T20:30:00Z");
await resolveGame(db, clock.now(), moved.id, { homeScore: 27, awayScore: 24, status: "completed" }, cliActor);
committed.set("24-27 completed", Date.now());
await Bun.sleep(Number(process.env.BENCH_WAIT_MS ?? 3000));
const report = await rooms.report();

const liveDelivered: number[] = [];
const roomMs: number[] = [];
for (const [name, at] of committed) {
  const got = report.updates[name];
  if (!got || got.count !== SOCKETS) throw new Error(`update ${name}: ${got?.count ?? 0} of ${SOCKETS} rooms`);
  if (name.endsWith("live")) liveDelivered.push(got.last - at);
  if (got.room) roomMs.push(got.room.ms);
}
const final = report.updates["24-27 completed"]!;
const finalMs = final.last - committed.get("24-27 completed")!;

// Baseline: a bare Bun.serve publishing a live score's bytes to as many sockets from the same clients.
const bare = Bun.spawn([process.execPath, join(import.meta.dir, "fanout-baseline-server.ts")], {
  stdout: "pipe",
  stderr: "inherit",
});
const bareUrl = await lineReader(bare.stdout, "the baseline server")();
const bareRooms = await openRooms(bareUrl, false);
const bareDelivered: number[] = [];
const message = JSON.parse(firstMessages[0]!) as { games: Game[] };
for (let k = 1; k <= UPDATES; k++) {
  const game = { ...message.games[0]!, awayScore: 100 + k, homeScore: 10 };
  const bytes = JSON.stringify({ ...message, version: k, previous: k === 1 ? null : k - 1, games: [game] });
  const at = Date.now();
  await fetch(`${bareUrl}/publish`, { method: "POST", body: bytes });
  committed.set(`bare ${k}`, at);
  await Bun.sleep(400 + Math.random() * 200);
}
const bareReport = await bareRooms.report();
for (let k = 1; k <= UPDATES; k++) {
  const got = bareReport.updates[`${100 + k}-10 ${message.games[0]!.status}`];
  if (!got || got.count !== SOCKETS) throw new Error(`baseline update ${k}: ${got?.count ?? 0} rooms`);
  bareDelivered.push(got.last - committed.get(`bare ${k}`)!);
}
bare.kill();
await bare.exited;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const med = (xs: number[]) => percentile(sorted(xs), 50);
const p90 = (xs: number[]) => percentile(sorted(xs), 90);
const f = (n: number) => n.toFixed(1);
const shown = liveDelivered.map((d, i) => d + (roomMs[i] ?? 0));
const rowsOut = [
  [
    "league",
    `${MEMBERS} members, ${sweat.picks.length} open picks in the room; ${SITE_BETS} other bets on the resolved game`,
  ],
  ["open sweat rooms (sockets, signed in)", `${report.sockets}`],
  [
    "live score: last room got it",
    `median ${f(med(liveDelivered))} ms, p90 ${f(p90(liveDelivered))} ms after the commit (n=${liveDelivered.length})`,
  ],
  [
    "one browser works the room out again",
    `median ${f(med(roomMs))} ms, p90 ${f(p90(roomMs))} ms (${sweat.picks.length} picks)`,
  ],
  ["live score shown in every room", `median ${f(med(shown))} ms, p90 ${f(p90(shown))} ms after the commit`],
  [
    "resolve: last room got the final",
    `${finalMs} ms after the commit (+${f(final.room?.ms ?? 0)} ms to rework the room; ${final.room?.live ?? "?"} picks still live)`,
  ],
  ["HTTP requests the updates caused", `${report.refetches}`],
  [
    "baseline: bare Bun.serve, same bytes",
    `median ${f(med(bareDelivered))} ms, p90 ${f(p90(bareDelivered))} ms to the last socket (live score: ${f(
      med(liveDelivered) / Math.max(1, med(bareDelivered)),
    )}× the baseline; the outbox is polled every 100 ms)`,
  ],
];
for (const [label, value] of rowsOut) console.log(`${label!.padEnd(40)} ${value}`);
await server.close();
process.exit(0);
