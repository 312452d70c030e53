/** A league's scoring settings, and its weekly and season standings ranked by them (issue 28 item 3, decision 0058). */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { DEFAULT_SCORING, type ScoringSettings } from "../../src/shared/league-scoring.ts";
import { ADMIN, type BuiltUser, buildLeague, seededSeason } from "../factories.ts";
import type { FakeProvider } from "../fake-provider.ts";
import { call, type TestContext } from "../support.ts";
import { LATE, moneyline, over, spread, SUN, THU, WEEK2, WEEK2_LATE } from "./league-fixtures.ts";

const awaySpread = (gameId: string, selection: string) => ({ ...spread(gameId, selection), point: 3.5 });

let ctx: TestContext;
let provider: FakeProvider;
let admin: BuiltUser;
let owner: BuiltUser;
let member: BuiltUser;
let third: BuiltUser;
let outsider: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    provider,
    people: { admin, owner, member, third, outsider },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      owner: { username: "owner" },
      member: { username: "member" },
      third: { username: "third" },
      outsider: { username: "outsider" },
    },
  }));
});
afterEach(() => ctx.close());

async function bet(who: BuiltUser, body: Record<string, unknown>, leagueId: number | null = null) {
  const res = await call(ctx.app, "POST", "/api/bets", { body: { ...body, units: 1, leagueId }, cookie: who.cookie });
  expect(res.status).toBe(201);
}

async function final(gameId: string, at?: string) {
  if (at) ctx.clock.set(at);
  const body = { homeScore: 24, awayScore: 17, status: "completed" };
  expect((await call(ctx.app, "PATCH", `/api/games/${gameId}`, { body, cookie: admin.cookie })).status).toBe(200);
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

const settings = (s: Partial<ScoringSettings> = {}): ScoringSettings => ({ ...DEFAULT_SCORING, ...s });

async function setScoring(leagueId: number, scoring: ScoringSettings) {
  const body = {
    name: "Sunday Sharps",
    isPublic: true,
    rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
    scoring,
  };
  const res = await call(ctx.app, "PUT", `/api/leagues/${leagueId}`, { body, cookie: owner.cookie });
  expect(res.status).toBe(200);
  expect(res.body.scoring).toEqual(scoring);
}

async function standingsOf(leagueId: number, period: string | number, who = owner) {
  const res = await call(ctx.app, "GET", `/api/leagues/${leagueId}/standings/${period}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.body;
}

/** [rank, username, units, bets] per row, with the tiebreak or the reason when there is one. */
async function table(leagueId: number, period: string | number) {
  return (await standingsOf(leagueId, period)).rows.map((r: any) => [
    r.rank,
    r.username,
    r.unitsWon,
    r.totalBets,
    ...(r.tiebreak ? [r.tiebreak] : []),
    ...(r.unranked ? [r.unranked] : []),
  ]);
}

describe("scoring settings", () => {
  const body = (scoring: unknown, name = "Knobs") => ({
    name,
    isPublic: true,
    rules: { allowedBetTypes: ["spread"] },
    createdBy: owner.user.id,
    scoring,
  });
  const leagueCount = async () => (await ctx.db.selectFrom("leagues").select("id").execute()).length;
  const bad: [string, unknown][] = [
    ["scoring.scoring", { ...DEFAULT_SCORING, scoring: "points" }],
    ["scoring.roiMinBets", { ...DEFAULT_SCORING, roiMinBets: -1 }],
    ["scoring.dropWorstWeeks", { ...DEFAULT_SCORING, dropWorstWeeks: 18 }],
    ["scoring.minBetsPerWeek", { ...DEFAULT_SCORING, minBetsPerWeek: 2.5 }],
    ["scoring.tiebreakers", { ...DEFAULT_SCORING, tiebreakers: ["roi", "height"] }],
    ["scoring.tiebreakers", { ...DEFAULT_SCORING, tiebreakers: ["roi", "roi"] }],
    ["scoring.tiebreakers", { ...DEFAULT_SCORING, tiebreakers: ["fewerBets", "moreBets"] }],
    ["scoring", { ...DEFAULT_SCORING, extra: 1 }],
    ["scoring", "units"],
  ];

  test("a new league ranks by the default (units, then ROI, then more bets); an edit without scoring keeps it", async () => {
    const res = await call(ctx.app, "POST", "/api/leagues", { body: body(undefined), cookie: owner.cookie });
    expect(res.status).toBe(201);
    expect(res.body.scoring).toEqual(DEFAULT_SCORING);
    const chosen = settings({
      scoring: "wins",
      tiebreakers: ["earliest", "clv"],
      dropWorstWeeks: 2,
      minBetsPerWeek: 3,
    });
    await setScoring(res.body.id, chosen);
    const { createdBy: _, scoring: __, ...rest } = body(undefined, "Renamed");
    const edited = await call(ctx.app, "PUT", `/api/leagues/${res.body.id}`, { body: rest, cookie: owner.cookie });
    expect(edited.body).toMatchObject({ name: "Renamed", scoring: chosen });
    expect((await call(ctx.app, "GET", `/api/leagues/${res.body.id}`, { cookie: owner.cookie })).body.scoring).toEqual(
      chosen,
    );
  });

  for (const [field, scoring] of bad) {
    test(`create and edit refuse ${JSON.stringify(scoring)} with 400 naming ${field}, writing nothing`, async () => {
      const before = await leagueCount();
      const created = await call(ctx.app, "POST", "/api/leagues", { body: body(scoring), cookie: owner.cookie });
      expect(created.status).toBe(400);
      expect(created.body.message).toContain(field);
      expect(typeof created.body.code).toBe("string");
      expect(await leagueCount()).toBe(before);

      const league = await buildLeague(ctx, owner);
      const { createdBy: _, ...edit } = body(scoring, "Renamed");
      const edited = await call(ctx.app, "PUT", `/api/leagues/${league.id}`, { body: edit, cookie: owner.cookie });
      expect(edited.status).toBe(400);
      expect(edited.body.message).toContain(field);
      const after = (await call(ctx.app, "GET", `/api/leagues/${league.id}`, { cookie: owner.cookie })).body;
      expect(after).toMatchObject({ name: "Sunday Sharps", scoring: DEFAULT_SCORING });
    });
  }

  test("a stored value that does not pass the schema reads as the default", async () => {
    const league = await buildLeague(ctx, owner);
    await ctx.db.updateTable("leagues").set({ scoring: '{"scoring":"points"}' }).where("id", "=", league.id).execute();
    expect((await standingsOf(league.id, "season")).scoring).toEqual(DEFAULT_SCORING);
  });
});

describe("weekly and season standings", () => {
  let leagueId: number;

  /**
   * Week 1 — member: PHI and SEA spreads, both won (+1.82, 2 bets); owner: DAL spread lost, BUF
   * moneyline won (−0.43, 2 bets); third: an Over lost (−1.00, 1 bet). Week 2 — member: KC spread won
   * (+0.91), settled first; owner: DAL spread won (+0.91), settled later; third: KC and DAL moneylines
   * won (+1.14, 2 bets). Season: member +2.73 (3 bets, 3 won), owner +0.48 (3, 2 won), third +0.14 (3, 2 won).
   */
  beforeEach(async () => {
    leagueId = (await buildLeague(ctx, owner, { members: [member, third] })).id;
    await bet(member, spread(THU, "Philadelphia Eagles"));
    await bet(member, spread(LATE, "Seattle Seahawks"));
    await bet(owner, awaySpread(THU, "Dallas Cowboys"));
    await bet(owner, moneyline(SUN, "Buffalo Bills"));
    await bet(third, over(SUN));
    await bet(member, spread(WEEK2, "Kansas City Chiefs"));
    await bet(owner, spread(WEEK2_LATE, "Dallas Cowboys"));
    await bet(third, moneyline(WEEK2, "Kansas City Chiefs"));
    await bet(third, moneyline(WEEK2_LATE, "Dallas Cowboys"));
    await bet(outsider, spread(THU, "Philadelphia Eagles")); // not a member
    for (const game of [THU, SUN, LATE]) await final(game);
    // Week 2's closing lines: WEEK2 closes with the home side at −4.5 (member's KC −3.5 beat it),
    // WEEK2_LATE at −2.5 (owner's DAL −3.5 did not).
    // (A game's closing line is the last line stored before its kick-off, recorded by the first sync after it.)
    const syncAt = async (at: string, shift: number) => {
      provider.spreadShift = shift;
      ctx.clock.set(at);
      await syncGames(ctx.db, provider, ctx.clock.now());
    };
    await syncAt("2026-09-20T16:00:00Z", -1);
    await syncAt("2026-09-20T17:30:00Z", -1);
    await syncAt("2026-09-20T20:00:00Z", 1);
    await syncAt("2026-09-20T20:26:00Z", 1);
    await final(WEEK2, "2026-09-20T21:00:00Z");
    await final(WEEK2_LATE, "2026-09-21T00:00:00Z");
  });

  test("units (the default): a week's standings count that week, the season's every week", async () => {
    expect(await table(leagueId, 1)).toEqual([
      [1, "member", "1.82", 2],
      [2, "owner", "-0.43", 2],
      [3, "third", "-1.00", 1],
    ]);
    expect(await table(leagueId, "season")).toEqual([
      [1, "member", "2.73", 3],
      [2, "owner", "0.48", 3],
      [3, "third", "0.14", 3],
    ]);
    const answer = await standingsOf(leagueId, 2);
    expect(answer).toMatchObject({ season: 2026, week: 2, scoring: DEFAULT_SCORING });
    // Week 2: member and owner tie on units, ROI and bets: they share the rank, in member order.
    expect(answer.rows.map((r: any) => [r.rank, r.username, r.tiebreak])).toEqual([
      [1, "third", null],
      [2, "owner", null],
      [2, "member", null],
    ]);
    // The details show the season standings too.
    const details = (await call(ctx.app, "GET", `/api/leagues/${leagueId}`, { cookie: owner.cookie })).body;
    expect(details.standings.map((s: any) => [s.rank, s.username, s.unitsWon])).toEqual([
      [1, "member", "2.73"],
      [2, "owner", "0.48"],
      [3, "third", "0.14"],
    ]);
    expect(await table(leagueId, 3)).toEqual([
      [1, "owner", "0.00", 0],
      [1, "member", "0.00", 0],
      [1, "third", "0.00", 0],
    ]);
  });

  test("earliest to reach the total breaks the week-2 tie: member's win settled first", async () => {
    await setScoring(leagueId, settings({ tiebreakers: ["roi", "earliest"] }));
    expect(await table(leagueId, 2)).toEqual([
      [1, "third", "1.14", 2],
      [2, "member", "0.91", 1],
      [3, "owner", "0.91", 1, "earliest"],
    ]);
  });

  test("wins: ranked by bets won, ties by the commissioner's tiebreakers in order", async () => {
    // Season: member 3 won; owner and third 2 won of 3 bets each, owner's ROI 16 %, third's 4.8 %.
    await setScoring(leagueId, settings({ scoring: "wins", tiebreakers: ["fewerBets", "winRate", "roi"] }));
    expect(await table(leagueId, "season")).toEqual([
      [1, "member", "2.73", 3],
      [2, "owner", "0.48", 3],
      [3, "third", "0.14", 3, "roi"],
    ]);
    await setScoring(leagueId, settings({ scoring: "wins", tiebreakers: ["fewerBets", "winRate"] }));
    expect(await table(leagueId, "season")).toEqual([
      [1, "member", "2.73", 3],
      [2, "owner", "0.48", 3],
      [2, "third", "0.14", 3],
    ]);
    // Week 1: member 2 won, owner 1, third none.
    expect((await table(leagueId, 1)).map((r: unknown[]) => [r[0], r[1]])).toEqual([
      [1, "member"],
      [2, "owner"],
      [3, "third"],
    ]);
  });

  test("ROI with a minimum of bets: those below it are listed unranked, saying why", async () => {
    await setScoring(leagueId, settings({ scoring: "roi", roiMinBets: 2 }));
    expect(await table(leagueId, 1)).toEqual([
      [1, "member", "1.82", 2],
      [2, "owner", "-0.43", 2],
      [null, "third", "-1.00", 1, "Fewer than 2 settled bets for ROI"],
    ]);
    await setScoring(leagueId, settings({ scoring: "roi", roiMinBets: 3 }));
    expect(await table(leagueId, "season")).toEqual([
      [1, "member", "2.73", 3],
      [2, "owner", "0.48", 3],
      [3, "third", "0.14", 3],
    ]);
    // Week 2 by ROI with no minimum: member's and owner's 90.9 % beat third's 57.1 %.
    await setScoring(leagueId, settings({ scoring: "roi", roiMinBets: 0 }));
    expect((await table(leagueId, 2)).map((r: unknown[]) => [r[0], r[1]])).toEqual([
      [1, "owner"],
      [1, "member"],
      [3, "third"],
    ]);
  });

  test("a minimum of bets per week: below it a member is unranked that week; the week still counts in the season", async () => {
    await setScoring(leagueId, settings({ minBetsPerWeek: 2 }));
    expect(await table(leagueId, 2)).toEqual([
      [1, "third", "1.14", 2],
      [null, "owner", "0.91", 1, "Fewer than 2 settled bets this week"],
      [null, "member", "0.91", 1, "Fewer than 2 settled bets this week"],
    ]);
    expect((await table(leagueId, "season")).map((r: unknown[]) => [r[0], r[1], r[2]])).toEqual([
      [1, "member", "2.73"],
      [2, "owner", "0.48"],
      [3, "third", "0.14"],
    ]);
  });

  test("drop worst N weeks: the season leaves out each member's worst week; weekly standings keep every bet", async () => {
    await setScoring(leagueId, settings({ dropWorstWeeks: 1 }));
    const season = await standingsOf(leagueId, "season");
    expect(season.rows.map((r: any) => [r.rank, r.username, r.unitsWon, r.droppedWeeks])).toEqual([
      [1, "member", "1.82", ["Week 2"]],
      [2, "third", "1.14", ["Week 1"]],
      [3, "owner", "0.91", ["Week 1"]],
    ]);
    expect((await table(leagueId, 1))[1]).toEqual([2, "owner", "-0.43", 2]);
  });

  test("closing-line value breaks the week-2 tie: member beat the close, owner did not", async () => {
    await setScoring(leagueId, settings({ tiebreakers: ["roi", "clv"] }));
    const week2 = await standingsOf(leagueId, 2);
    expect(week2.rows.map((r: any) => [r.rank, r.username, r.tiebreak])).toEqual([
      [1, "third", null],
      [2, "member", null],
      [3, "owner", "clv"],
    ]);
    const clv = Object.fromEntries(week2.rows.map((r: any) => [r.username, r.clv]));
    expect(clv.member).toBeGreaterThan(0);
    expect(clv.owner).toBeLessThan(0);
  });

  test("who may see them: members and, for a public league, anyone signed in; bad periods are 400", async () => {
    expect((await call(ctx.app, "GET", `/api/leagues/${leagueId}/standings/season`)).status).toBe(401);
    expect(
      (await call(ctx.app, "GET", `/api/leagues/${leagueId}/standings/1`, { cookie: outsider.cookie })).status,
    ).toBe(200);
    for (const period of ["0", "19", "week", "1.5"]) {
      const res = await call(ctx.app, "GET", `/api/leagues/${leagueId}/standings/${period}`, { cookie: owner.cookie });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("period");
    }
    const secret = await buildLeague(ctx, owner, { isPublic: false, members: [member] });
    expect(
      (await call(ctx.app, "GET", `/api/leagues/${secret.id}/standings/season`, { cookie: outsider.cookie })).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, "GET", `/api/leagues/${secret.id}/standings/season`, { cookie: member.cookie })).status,
    ).toBe(200);
    expect((await call(ctx.app, "GET", `/api/leagues/999999/standings/season`, { cookie: owner.cookie })).status).toBe(
      404,
    );
  });
});

describe("a contest league's weekly standings", () => {
  test("rank its own book only, week by week", async () => {
    const league = await buildLeague(ctx, owner, { startingBankroll: 1000, members: [member] });
    await bet(member, spread(THU, "Philadelphia Eagles"), league.id); // its book: +0.91
    await bet(owner, spread(SUN, "Buffalo Bills")); // individual: not counted
    await bet(owner, over(WEEK2), league.id); // its book, week 2: −1.00
    for (const game of [THU, SUN, WEEK2]) await final(game);
    expect(await table(league.id, 1)).toEqual([
      [1, "member", "0.91", 1],
      [2, "owner", "0.00", 0],
    ]);
    expect(await table(league.id, 2)).toEqual([
      [1, "member", "0.00", 0],
      [2, "owner", "-1.00", 1],
    ]);
    expect(await table(league.id, "season")).toEqual([
      [1, "member", "0.91", 1],
      [2, "owner", "-1.00", 1],
    ]);
  });
});
