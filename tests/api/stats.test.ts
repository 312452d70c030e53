import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleAllPending, settleGame } from "../../src/modules/betting/settlement.ts";
import { ADMIN, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;
let carol: BuiltUser;

const THU = "fake-w1-DAL-PHI";
const SUN = "fake-w1-KC-BUF";
const LATE = "fake-w1-SF-SEA";

beforeEach(async () => {
  ({
    ctx,
    people: { admin, alice, bob, carol },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      alice: { username: "alice" },
      bob: { username: "bob" },
      carol: { username: "carol_bot", isBot: true },
    },
  }));
});
afterEach(() => ctx.close());

/** Home team −3.5 at −110 on a game (the fake provider's line). */
const homeSpread = (gameId: string, home: string, units = 1) => ({
  gameId,
  betType: "spread",
  selection: home,
  odds: -110,
  point: -3.5,
  units,
});
const awaySpread = (gameId: string, away: string, units = 1) => ({
  gameId,
  betType: "spread",
  selection: away,
  odds: -110,
  point: 3.5,
  units,
});
const place = (who: BuiltUser, body: unknown) => call(ctx.app, "POST", "/api/bets", { body, cookie: who.cookie });
async function resolveAndSettle(id: string, home: number, away: number) {
  await call(ctx.app, "PATCH", `/api/games/${id}`, {
    body: { homeScore: home, awayScore: away, status: "completed" },
    cookie: admin.cookie,
  });
  await settleGame(ctx.db, ctx.clock.now(), id);
}

describe("GET /api/users/:id/stats", () => {
  test("spec §3 figures over the player's settled bets, with the current and longest streaks", async () => {
    await place(alice, homeSpread(THU, "Philadelphia Eagles", 2)); // wins: +181.82
    await place(alice, homeSpread(SUN, "Buffalo Bills")); // loses: −100
    await place(alice, { gameId: LATE, betType: "total", selection: "Over", odds: -110, point: 45.5, units: 1 }); // pending
    await resolveAndSettle(THU, 24, 17);
    ctx.clock.advance(60_000);
    await resolveAndSettle(SUN, 20, 20);
    const res = await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      roi: (8182 / 30000) * 100,
      winRate: 50,
      wonBets: 1,
      lostBets: 1,
      pushedBets: 0,
      totalBets: 2,
      totalWagered: "300.00",
      totalProfit: "81.82",
      currentStreak: { type: "loss", count: 1 },
      longestWinStreak: 1,
    });
  });

  test("a player with no settled bets gets zeros", async () => {
    const res = await call(ctx.app, "GET", `/api/users/${bob.user.id}/stats`, { cookie: bob.cookie });
    expect(res.body).toMatchObject({
      roi: 0,
      winRate: 0,
      totalBets: 0,
      totalWagered: "0.00",
      totalProfit: "0.00",
      currentStreak: { count: 0 },
    });
  });

  test("another user's stats 403, signed out 401, bad id 400", async () => {
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: bob.cookie })).status).toBe(403);
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`)).status).toBe(401);
    expect((await call(ctx.app, "GET", `/api/users/me/stats`, { cookie: bob.cookie })).status).toBe(400);
  });

  test("a regrade rebuilds streaks and totals", async () => {
    await place(alice, homeSpread(THU, "Philadelphia Eagles"));
    await place(alice, homeSpread(SUN, "Buffalo Bills"));
    await resolveAndSettle(THU, 24, 17);
    await resolveAndSettle(SUN, 24, 17);
    expect(
      (await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie })).body.currentStreak,
    ).toEqual({ type: "win", count: 2 });
    await call(ctx.app, "PATCH", `/api/games/${THU}`, {
      body: { homeScore: 17, awayScore: 24, status: "completed", regrade: true },
      cookie: admin.cookie,
    });
    await settleGame(ctx.db, ctx.clock.now(), THU, { regrade: true });
    const stats = (await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie })).body;
    expect(stats).toMatchObject({
      wonBets: 1,
      lostBets: 1,
      totalProfit: "-9.09",
      currentStreak: { type: "win", count: 1 },
      longestWinStreak: 1,
    });
  });
});

describe("leaderboards", () => {
  async function playWeekOne() {
    await place(alice, homeSpread(THU, "Philadelphia Eagles", 3)); // +272.73
    await place(alice, homeSpread(SUN, "Buffalo Bills")); // +90.91
    await place(bob, awaySpread(THU, "Dallas Cowboys")); // −100
    await place(bob, homeSpread(SUN, "Buffalo Bills")); // +90.91
    await place(carol, homeSpread(THU, "Philadelphia Eagles", 3)); // +272.73
    await place(carol, awaySpread(SUN, "Kansas City Chiefs")); // −100
    await resolveAndSettle(THU, 24, 17);
    await resolveAndSettle(SUN, 28, 10);
  }

  test("weekly: ranked by units won, with ROI, win rate, streak and bets; bots labelled", async () => {
    await playWeekOne();
    const res = await call(ctx.app, "GET", "/api/leaderboard/week/1", { cookie: bob.cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((e: any) => [e.rank, e.username, e.unitsWon, e.isBot])).toEqual([
      [1, "alice", "3.64", false],
      [2, "carol_bot", "1.73", true],
      [3, "bob", "-0.09", false],
    ]);
    expect(res.body[0]).toMatchObject({
      userId: alice.user.id,
      roi: (36364 / 40000) * 100,
      winRate: 100,
      streak: { type: "win", count: 2 },
      totalBets: 2,
    });
    expect(res.body[2]).toMatchObject({ winRate: 50, streak: { type: "win", count: 1 } });
  });

  test("ties share a rank; ROI breaks ties in units", async () => {
    await place(alice, homeSpread(THU, "Philadelphia Eagles"));
    await place(bob, homeSpread(THU, "Philadelphia Eagles"));
    await place(carol, homeSpread(THU, "Philadelphia Eagles", 2));
    await place(carol, awaySpread(SUN, "Kansas City Chiefs"));
    await resolveAndSettle(THU, 24, 17);
    await resolveAndSettle(SUN, 28, 10);
    const board = (await call(ctx.app, "GET", "/api/leaderboard/week/1")).body;
    // carol: +181.82 − 100 = 81.82 over 300 wagered; alice and bob: +90.91 over 100 each.
    expect(board.map((e: any) => [e.rank, e.username])).toEqual([
      [1, "alice"],
      [1, "bob"],
      [3, "carol_bot"],
    ]);
  });

  test("overall sums every week; an empty week is empty; only individual bets count", async () => {
    await playWeekOne();
    await place(alice, homeSpread("fake-w2-PHI-KC", "Kansas City Chiefs"));
    ctx.clock.set("2026-09-20T12:00:00Z");
    await resolveAndSettle("fake-w2-PHI-KC", 10, 30); // alice −100
    const overall = (await call(ctx.app, "GET", "/api/leaderboard")).body;
    expect(overall.map((e: any) => [e.username, e.unitsWon, e.totalBets])).toEqual([
      ["alice", "2.64", 3],
      ["carol_bot", "1.73", 2],
      ["bob", "-0.09", 2],
    ]);
    expect((await call(ctx.app, "GET", "/api/leaderboard/week/5")).body).toEqual([]);
  });

  test("a board read before a settlement is not served stale after it", async () => {
    await place(alice, homeSpread(THU, "Philadelphia Eagles"));
    await place(bob, homeSpread(SUN, "Buffalo Bills"));
    await resolveAndSettle(THU, 24, 17);
    expect((await call(ctx.app, "GET", "/api/leaderboard")).body.map((e: any) => e.username)).toEqual(["alice"]);
    await resolveAndSettle(SUN, 30, 0);
    expect((await call(ctx.app, "GET", "/api/leaderboard")).body.map((e: any) => [e.rank, e.username])).toEqual([
      [1, "alice"],
      [1, "bob"],
    ]);
    expect(
      (await call(ctx.app, "PUT", "/api/user/username", { cookie: bob.cookie, body: { username: "bobby" } })).status,
    ).toBe(200);
    expect((await call(ctx.app, "GET", "/api/leaderboard")).body.map((e: any) => e.username)).toEqual([
      "alice",
      "bobby",
    ]);
  });

  test("the viewer's own row comes with the board wherever it ranks", async () => {
    await place(alice, homeSpread(THU, "Philadelphia Eagles"));
    await place(bob, awaySpread(THU, "Dallas Cowboys"));
    await resolveAndSettle(THU, 24, 17);
    const asBob = (await call(ctx.app, "GET", "/api/leaderboard/week/1", { cookie: bob.cookie })).body;
    expect(asBob.find((e: any) => e.userId === bob.user.id)).toMatchObject({ rank: 2, unitsWon: "-1.00" });
  });

  test("bad week 400", async () => {
    for (const week of ["0", "19", "abc", "1.5"]) {
      const res = await call(ctx.app, "GET", `/api/leaderboard/week/${week}`);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("week");
    }
  });
});

describe("GET /api/users/:id/coverage/week/:week", () => {
  test("individual games bet against games scheduled, and what the prize needs", async () => {
    await place(alice, homeSpread(THU, "Philadelphia Eagles"));
    const one = (await call(ctx.app, "GET", `/api/users/${alice.user.id}/coverage/week/1`, { cookie: alice.cookie }))
      .body;
    expect(one).toEqual({
      season: 2026,
      week: 1,
      gamesScheduled: 3,
      gamesBet: 1,
      gamesRequired: 2,
      eligible: false,
      contest: {
        state: "in-reach",
        week: 1,
        gamesScheduled: 3,
        gamesBet: 1,
        gamesRequired: 2,
        gamesLeft: 2,
        gamesNeeded: 1,
        reasons: [],
        nextWeek: { week: 2, firstKickoff: "2026-09-20T17:00:00.000Z" },
      },
    });
    await place(alice, homeSpread(SUN, "Buffalo Bills"));
    const two = (await call(ctx.app, "GET", `/api/users/${alice.user.id}/coverage/week/1`, { cookie: alice.cookie }))
      .body;
    expect(two).toMatchObject({ gamesBet: 2, eligible: true, contest: { state: "eligible", gamesNeeded: 0 } });
    const empty = (await call(ctx.app, "GET", `/api/users/${alice.user.id}/coverage/week/9`, { cookie: alice.cookie }))
      .body;
    expect(empty).toMatchObject({ gamesScheduled: 0, gamesBet: 0, gamesRequired: 0, eligible: false });
  });

  test("never asks for more games than remain open: a week that can no longer be covered says so", async () => {
    ctx.clock.set(new Date("2026-09-13T17:30:00Z")); // Thursday's and Sunday's early game have kicked off
    const coverage = async (who: BuiltUser, week: number) =>
      (await call(ctx.app, "GET", `/api/users/${who.user.id}/coverage/week/${week}`, { cookie: who.cookie })).body;
    expect(await coverage(alice, 1)).toMatchObject({
      gamesBet: 0,
      eligible: false,
      contest: { state: "out-of-reach", gamesLeft: 1, gamesNeeded: 2, nextWeek: { week: 2 } },
    });
    // Week 2 is the season's last: no next week to point to.
    expect((await coverage(alice, 2)).contest).toMatchObject({ state: "in-reach", gamesLeft: 2, nextWeek: null });
    await place(alice, homeSpread(LATE, "Seattle Seahawks"));
    expect((await coverage(alice, 1)).contest).toMatchObject({ state: "out-of-reach", gamesBet: 1, gamesLeft: 0 });
  });

  test("a site admin is barred from the prize whatever they bet", async () => {
    await place(admin, homeSpread(THU, "Philadelphia Eagles"));
    await place(admin, homeSpread(SUN, "Buffalo Bills"));
    const body = (await call(ctx.app, "GET", `/api/users/${admin.user.id}/coverage/week/1`, { cookie: admin.cookie }))
      .body;
    expect(body).toMatchObject({ gamesBet: 2, eligible: false, contest: { state: "barred", reasons: ["site admin"] } });
  });

  test("only for oneself; signed out 401; bad week 400", async () => {
    expect(
      (await call(ctx.app, "GET", `/api/users/${alice.user.id}/coverage/week/1`, { cookie: bob.cookie })).status,
    ).toBe(403);
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/coverage/week/1`)).status).toBe(401);
    expect(
      (await call(ctx.app, "GET", `/api/users/${alice.user.id}/coverage/week/0`, { cookie: alice.cookie })).status,
    ).toBe(400);
  });
});

/** Each player's totals row: the all-books row once they have one, else the individual book's. */
async function totalsRows() {
  const rows = await ctx.db
    .selectFrom("user_book_stats")
    .selectAll()
    .where("book_id", "in", [-1, 0])
    .orderBy("book_id")
    .execute();
  return [...new Map(rows.reverse().map((r) => [r.user_id, r])).values()];
}

test("aggregates equal a recount from the bets after settling, replacing and regrading", async () => {
  await place(alice, homeSpread(THU, "Philadelphia Eagles"));
  await place(alice, awaySpread(THU, "Dallas Cowboys", 2) as any).then(() =>
    place(alice, { ...awaySpread(THU, "Dallas Cowboys", 2), replaceExisting: true }),
  );
  await place(bob, homeSpread(SUN, "Buffalo Bills", 3));
  await resolveAndSettle(THU, 21, 20);
  await resolveAndSettle(SUN, 30, 3);
  await call(ctx.app, "PATCH", `/api/games/${SUN}`, {
    body: { homeScore: 3, awayScore: 30, status: "completed", regrade: true },
    cookie: admin.cookie,
  });
  await settleGame(ctx.db, ctx.clock.now(), SUN, { regrade: true });
  await settleAllPending(ctx.db, ctx.clock.now());
  const bets = await ctx.db.selectFrom("bets").selectAll().where("status", "!=", "pending").execute();
  const stats = await totalsRows();
  for (const row of stats) {
    const mine = bets.filter((b) => b.user_id === row.user_id);
    expect(row.settled).toBe(mine.length);
    expect(row.profit_cents).toBe(mine.reduce((s, b) => s + (b.result_cents ?? 0), 0));
    expect(row.wagered_cents).toBe(mine.reduce((s, b) => s + b.wager_cents, 0));
  }
  expect(stats.map((r) => r.user_id).sort()).toEqual([alice.user.id, bob.user.id].sort());
});

test("a player's all-books totals appear with their first league settlement, carrying the individual book's history", async () => {
  await place(alice, homeSpread(THU, "Philadelphia Eagles")); // wins +90.91
  await resolveAndSettle(THU, 24, 17);
  const allBooks = () =>
    ctx.db
      .selectFrom("user_book_stats")
      .selectAll()
      .where("user_id", "=", alice.user.id)
      .where("book_id", "=", -1)
      .executeTakeFirst();
  expect(await allBooks()).toBeUndefined(); // only an individual book: it is the total
  const leagueId = (
    await call(ctx.app, "POST", "/api/leagues", {
      body: { name: "Office", isPublic: false, rules: { allowedBetTypes: ["spread"] }, createdBy: alice.user.id },
      cookie: alice.cookie,
    })
  ).body.id;
  expect((await place(alice, { ...homeSpread(SUN, "Buffalo Bills", 2), leagueId })).status).toBe(201); // wins +181.82 in the league
  await resolveAndSettle(SUN, 30, 3);
  expect(await allBooks()).toMatchObject({
    settled: 2,
    won: 2,
    wagered_cents: 30000,
    profit_cents: 9091 + 18182,
    streak_type: "win",
    streak_count: 2,
    longest_win_streak: 2,
  });
  await place(alice, { gameId: LATE, betType: "total", selection: "Over", odds: -110, point: 45.5, units: 1 }); // individual, loses
  await resolveAndSettle(LATE, 10, 10);
  expect(await allBooks()).toMatchObject({
    settled: 3,
    won: 2,
    lost: 1,
    profit_cents: 9091 + 18182 - 10000,
    streak_type: "loss",
    streak_count: 1,
    longest_win_streak: 2,
  });
  const stats = (await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie })).body;
  expect(stats).toMatchObject({
    totalBets: 3,
    wonBets: 2,
    lostBets: 1,
    totalProfit: "172.73",
    currentStreak: { type: "loss", count: 1 },
    longestWinStreak: 2,
  });
});
