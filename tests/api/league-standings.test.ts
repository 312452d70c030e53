import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { ADMIN, type BuiltUser, buildLeague, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";
import { LATE, moneyline, over, spread, SUN, THU, WEEK2 } from "./league-fixtures.ts";

let ctx: TestContext;
let admin: BuiltUser;
let owner: BuiltUser;
let member: BuiltUser;
let outsider: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { admin, owner, member, outsider },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      owner: { username: "owner" },
      member: { username: "member" },
      outsider: { username: "outsider" },
    },
  }));
});
afterEach(() => ctx.close());

async function bet(who: BuiltUser, body: Record<string, unknown>, units = 1, leagueId: number | null = null) {
  const res = await call(ctx.app, "POST", "/api/bets", { body: { ...body, units, leagueId }, cookie: who.cookie });
  expect(res.status).toBe(201);
}

async function parlay(who: BuiltUser, legs: Record<string, unknown>[]) {
  const body = { legs, units: 1, note: null, leagueId: null };
  const res = await call(ctx.app, "POST", "/api/parlays", { body, cookie: who.cookie });
  expect(res.status).toBe(201);
}

async function final(gameId: string) {
  const body = { homeScore: 24, awayScore: 17, status: "completed" };
  expect((await call(ctx.app, "PATCH", `/api/games/${gameId}`, { body, cookie: admin.cookie })).status).toBe(200);
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

async function standings(leagueId: number) {
  const res = await call(ctx.app, "GET", `/api/leagues/${leagueId}`, { cookie: owner.cookie });
  expect(res.status).toBe(200);
  return res.body.standings.map((s: any) => [s.rank, s.username, s.unitsWon, s.totalBets]);
}

describe("a league without its own bankroll", () => {
  test("ranks members' individual bets that fit its types, stakes and dates, and the bets in its own book", async () => {
    const league = await buildLeague(ctx, owner, {
      rules: { allowedBetTypes: ["spread", "moneyline", "parlay"], minWager: 100, maxWager: 200 },
      endDate: "2026-09-13",
      members: [member],
    });
    await bet(member, spread(THU, "Philadelphia Eagles")); // counts: +90.91
    await bet(member, over(SUN)); // a total: not allowed
    await bet(member, spread(LATE, "Seattle Seahawks"), 3); // $300: above the maximum wager
    await bet(member, spread(WEEK2, "Kansas City Chiefs")); // kicks off after the end date
    await parlay(member, [spread(THU, "Philadelphia Eagles"), moneyline(LATE, "Seattle Seahawks")]); // counts: +200.00
    await parlay(member, [spread(THU, "Philadelphia Eagles"), over(SUN)]); // a total leg: not allowed
    await bet(owner, spread(SUN, "Buffalo Bills")); // counts: +90.91
    await bet(owner, moneyline(SUN, "Buffalo Bills"), 1, league.id); // in the league's own book: counts, +57.14
    await bet(outsider, spread(THU, "Philadelphia Eagles"), 3); // not a member
    for (const game of [THU, SUN, LATE, WEEK2]) await final(game);

    expect(await standings(league.id)).toEqual([
      [1, "member", "2.91", 2],
      [2, "owner", "1.48", 2],
    ]);
  });

  test("with no start date, counts games from its creation, so a new league starts level", async () => {
    await bet(member, spread(THU, "Philadelphia Eagles"));
    ctx.clock.set(new Date("2026-09-11T12:00:00Z")); // after Thursday's game
    await final(THU);
    const league = await buildLeague(ctx, owner, { members: [member] });
    expect(await standings(league.id)).toEqual([
      [1, "owner", "0.00", 0],
      [1, "member", "0.00", 0],
    ]);
    await bet(member, spread(SUN, "Buffalo Bills"));
    await bet(owner, over(SUN));
    await final(SUN);
    expect(await standings(league.id)).toEqual([
      [1, "member", "0.91", 1],
      [2, "owner", "-1.00", 1],
    ]);
  });

  test("a start date counts games from that day, bets placed before the league included", async () => {
    await bet(member, spread(THU, "Philadelphia Eagles")); // Thursday: before the start date
    await bet(member, spread(SUN, "Buffalo Bills"));
    const league = await buildLeague(ctx, owner, { startDate: "2026-09-12", members: [member] });
    for (const game of [THU, SUN]) await final(game);
    expect(await standings(league.id)).toEqual([
      [1, "member", "0.91", 1],
      [2, "owner", "0.00", 0],
    ]);
  });
});

describe("a league with its own bankroll", () => {
  test("ranks only the bets in its own book", async () => {
    const cup = await buildLeague(ctx, owner, { name: "Cup", startingBankroll: 1000, members: [member] });
    await bet(member, spread(THU, "Philadelphia Eagles")); // individual: not the cup's
    await bet(member, over(SUN), 1, cup.id); // lost in the cup: −1.00
    await bet(owner, spread(SUN, "Buffalo Bills"), 2, cup.id); // won in the cup: +181.82
    for (const game of [THU, SUN]) await final(game);
    expect(await standings(cup.id)).toEqual([
      [1, "owner", "1.82", 1],
      [2, "member", "-1.00", 1],
    ]);
  });
});

describe("standings you can read (issue 44 item 5)", () => {
  const periodOf = async (leagueId: number, period: string) =>
    (await call(ctx.app, "GET", `/api/leagues/${leagueId}/standings/${period}`, { cookie: owner.cookie })).body;

  test("each member's bets in play, the most a 'wins' league lets them reach, the league's first week and weeks played", async () => {
    ctx.clock.set("2026-09-12T12:00:00Z"); // the league starts in week 1, after Thursday's game
    const league = await buildLeague(ctx, owner, {
      members: [member],
      scoring: { scoring: "wins", roiMinBets: 0, tiebreakers: [], dropWorstWeeks: 0, minBetsPerWeek: 0 },
    });
    await bet(member, spread(SUN, "Buffalo Bills"));
    await bet(member, spread(LATE, "Seattle Seahawks"));
    await bet(owner, spread(WEEK2, "Kansas City Chiefs"));
    const season = await periodOf(league.id, "season");
    expect(season).toMatchObject({ firstWeek: 1, currentWeek: 1, weeksPlayed: 0 });
    expect(season.rows.map((r: any) => [r.username, r.pending, r.maxReach])).toEqual([
      ["owner", 1, 1],
      ["member", 2, 2],
    ]);
    expect((await periodOf(league.id, "1")).rows.map((r: any) => [r.username, r.pending])).toEqual([
      ["owner", 0],
      ["member", 2],
    ]);

    ctx.clock.set("2026-09-14T12:00:00Z");
    await final(SUN); // Buffalo by 7: a win
    const after = await periodOf(league.id, "season");
    expect(after.weeksPlayed).toBe(1);
    expect(after.rows.map((r: any) => [r.username, r.won, r.pending, r.maxReach])).toEqual([
      ["member", 1, 1, 2],
      ["owner", 0, 1, 1],
    ]);
  });

  test("a league made in week 2 starts its week list there; units leagues reach no maximum", async () => {
    ctx.clock.set("2026-09-16T12:00:00Z");
    const league = await buildLeague(ctx, owner, { members: [member] });
    const body = await periodOf(league.id, "season");
    expect(body).toMatchObject({ firstWeek: 2, currentWeek: 2 });
    expect(body.rows.every((r: any) => r.maxReach === null)).toBe(true);
  });
});
