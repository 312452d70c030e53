import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { ADMIN, buildFriendship, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;
let ann: BuiltUser;
let ben: BuiltUser;
let cal: BuiltUser;
let bot: BuiltUser;

const THU = "fake-w1-DAL-PHI"; // Thu 2026-09-11 00:20 UTC
const SUN = "fake-w1-KC-BUF"; // Sun 17:00
const LATE = "fake-w1-SF-SEA"; // Sun 20:25
const WEEK2 = "fake-w2-PHI-KC";

beforeEach(async () => {
  ({
    ctx,
    people: { admin, ann, ben, cal, bot },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      ann: { username: "Ann_Smith" },
      ben: { username: "ben" },
      cal: { username: "cal" },
      bot: { username: "sharp_bot", isBot: true },
    },
  }));
  await buildFriendship(ctx, ann, ben);
});
afterEach(() => ctx.close());

const as = (who: BuiltUser | null, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who?.cookie });
const profileOf = (who: BuiltUser | null, username = "ann_smith") => as(who, "GET", `/api/players/${username}`);
const setVisibility = (who: BuiltUser, visibility: unknown) =>
  as(who, "PUT", "/api/user/profile-visibility", { visibility });
async function resolve(gameId: string, home: number, away: number) {
  await as(admin, "PATCH", `/api/games/${gameId}`, { homeScore: home, awayScore: away, status: "completed" });
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

describe("who may see a profile", () => {
  test("friends and league-mates by default: the owner, a friend and a league-mate see it; a stranger and a visitor get 403 with the player's id", async () => {
    expect((await profileOf(ann)).status).toBe(200);
    expect((await profileOf(ann)).body).toMatchObject({
      username: "Ann_Smith",
      isOwn: true,
      visibility: "league_mates",
    });
    expect((await as(ann, "GET", "/api/user/profile-visibility")).body).toEqual({ visibility: "league_mates" });
    expect((await profileOf(ben)).body).toMatchObject({ username: "Ann_Smith", isOwn: false });
    for (const viewer of [cal, null]) {
      const refused = await profileOf(viewer);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: "Only this player's friends and league-mates can see their profile.",
        code: "profile_league_mates_only",
        userId: ann.user.id,
      });
    }
    // Cal joins a league Ann is in: now a league-mate, he sees it; leaving, he no longer does.
    const league = await buildLeague(ctx, ann, { members: [cal] });
    expect((await profileOf(cal)).status).toBe(200);
    await as(cal, "DELETE", `/api/leagues/${league.id}/leave`, { userId: cal.user.id });
    expect((await profileOf(cal)).status).toBe(403);
  });

  test("an explicit choice stays: friends only shuts a league-mate out", async () => {
    await buildLeague(ctx, ann, { members: [cal] });
    expect((await setVisibility(ann, "friends")).body).toEqual({ visibility: "friends" });
    const refused = await profileOf(cal);
    expect(refused.body).toMatchObject({ code: "profile_friends_only", userId: ann.user.id });
    expect((await profileOf(ben)).status).toBe(200);
  });

  test("everyone: a visitor sees it; only me: not even a friend (403 profile_private), still the owner", async () => {
    expect((await setVisibility(ann, "everyone")).body).toEqual({ visibility: "everyone" });
    expect((await profileOf(null)).status).toBe(200);
    expect((await profileOf(cal)).status).toBe(200);
    expect((await as(ann, "GET", "/api/user/profile-visibility")).body).toEqual({ visibility: "everyone" });

    await setVisibility(ann, "only_me");
    for (const viewer of [ben, cal, null]) expect((await profileOf(viewer)).body.code).toBe("profile_private");
    expect((await profileOf(ann)).status).toBe(200);
  });

  test("a bot's record is public; an unknown or deleted player is 404; the name's case does not matter", async () => {
    expect((await profileOf(null, "SHARP_BOT")).body).toMatchObject({ username: "sharp_bot", isBot: true });
    expect((await profileOf(ann, "nobody_here")).status).toBe(404);
    expect((await profileOf(ann, "nobody_here")).body.code).toBe("user_not_found");
    await setVisibility(cal, "everyone");
    expect((await profileOf(null, "cal")).status).toBe(200);
    await as(cal, "DELETE", "/api/user", { password: cal.password });
    expect((await profileOf(ann, "cal")).status).toBe(404);
  });

  test("bad input: an unknown visibility or extra field is a 400 and writes nothing; signed out is 401", async () => {
    const refusals: [unknown, string][] = [
      [{ visibility: "public" }, "invalid_input"],
      [{}, "invalid_input"],
      [{ visibility: "friends", extra: 1 }, "unknown_field"],
    ];
    for (const [body, code] of refusals) {
      const res = await as(ann, "PUT", "/api/user/profile-visibility", body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    }
    expect((await as(ann, "GET", "/api/user/profile-visibility")).body).toEqual({ visibility: "league_mates" });
    expect((await as(null, "PUT", "/api/user/profile-visibility", { visibility: "everyone" })).status).toBe(401);
    expect((await as(null, "GET", "/api/user/profile-visibility")).status).toBe(401);
    expect((await profileOf(ann, "x".repeat(21))).status).toBe(400);
  });
});

describe("the record", () => {
  test("every settled bet counts, by type and by week, newest first, with price, close and result; no note, no league", async () => {
    const spread = { betType: "spread", selection: "Philadelphia Eagles", odds: -110, point: -3.5 };
    await as(ann, "POST", "/api/bets", { ...spread, gameId: THU, units: 2, note: "my secret read" }); // wins +181.82
    await as(ann, "POST", "/api/bets", {
      gameId: SUN,
      betType: "moneyline",
      selection: "Kansas City Chiefs",
      odds: 150,
      point: null,
      units: 1,
    }); // loses −100
    await resolve(THU, 24, 17);
    ctx.clock.advance(60_000);
    await resolve(SUN, 27, 20);

    const { body } = await profileOf(ben);
    expect(body.record).toMatchObject({ won: 1, lost: 1, pushed: 0, units: "0.82", winRate: 50 });
    expect(body.record.roi).toBeCloseTo((8182 / 30000) * 100, 1);
    expect(body.byType.map((r: any) => [r.betType, r.figures.won, r.figures.lost])).toEqual([
      ["spread", 1, 0],
      ["moneyline", 0, 1],
    ]);
    expect(body.byWeek.map((r: any) => [r.season, r.week, r.figures.units])).toEqual([[2026, 1, "0.82"]]);
    expect(body.recent.map((b: any) => [b.gameId, b.status, b.result])).toEqual([
      [SUN, "lost", "-100.00"],
      [THU, "won", "181.82"],
    ]);
    for (const bet of body.recent) {
      expect(Object.keys(bet)).not.toContain("note");
      expect(Object.keys(bet)).not.toContain("league");
      expect(Object.keys(bet)).not.toContain("userId");
      expect(Object.keys(bet)).toContain("closingLine");
    }
    expect(JSON.stringify(body)).not.toContain("my secret read");
  });

  test("a pending bet never shows before every game it rides on has kicked off", async () => {
    await as(ann, "POST", "/api/bets", {
      gameId: LATE,
      betType: "total",
      selection: "Over",
      odds: -110,
      point: 45.5,
      units: 1,
    });
    const placed = await as(ann, "POST", "/api/parlays", {
      legs: [
        { gameId: SUN, betType: "moneyline", selection: "Kansas City Chiefs", odds: 150, point: null },
        { gameId: WEEK2, betType: "moneyline", selection: "Kansas City Chiefs", odds: -175, point: null },
      ],
      units: 1,
      note: null,
      leagueId: null,
    });
    expect(placed.status).toBe(201);
    const before = (await profileOf(ann)).body;
    expect(before.inPlay).toEqual([]);
    expect(before.recent).toEqual([]);
    expect(JSON.stringify((await profileOf(ben)).body)).not.toContain(LATE);

    ctx.clock.set("2026-09-13T20:30:00Z"); // LATE under way; the parlay's week-2 leg still to come
    const during = (await profileOf(ben)).body;
    expect(during.inPlay.map((b: any) => [b.gameId, b.selection])).toEqual([[LATE, "Over"]]);
    expect(JSON.stringify(during)).not.toContain(WEEK2);

    ctx.clock.set("2026-09-20T17:05:00Z");
    const parlay = (await profileOf(ben)).body.inPlay.find((b: any) => b.isParlay);
    expect(parlay.legs.map((l: any) => l.gameId)).toEqual([SUN, WEEK2]);
    expect(Object.keys(parlay.legs[0])).not.toContain("propId");
  });

  test("a parlay lost on its first leg stays off the list until its last leg kicks off; the figures count it (issue 40)", async () => {
    await setVisibility(ann, "everyone");
    const placed = await as(ann, "POST", "/api/parlays", {
      legs: [
        { gameId: SUN, betType: "moneyline", selection: "Kansas City Chiefs", odds: 150, point: null },
        { gameId: LATE, betType: "total", selection: "Under", odds: -110, point: 45.5 },
      ],
      units: 1,
      note: null,
      leagueId: null,
    });
    expect(placed.status).toBe(201);
    ctx.clock.set("2026-09-13T20:10:00Z"); // SUN is over, LATE kicks off at 20:25
    await resolve(SUN, 27, 20); // Buffalo wins: the parlay is lost, its evening leg still to play
    for (const viewer of [null, cal, ben]) {
      const { body } = await profileOf(viewer);
      expect(body.record).toMatchObject({ won: 0, lost: 1 });
      expect(body.recent).toEqual([]);
      expect(body.inPlay).toEqual([]);
      expect(JSON.stringify(body)).not.toContain(LATE);
      expect(JSON.stringify(body)).not.toContain("Under");
    }
    // Its owner sees the same public record on their profile; My Bets shows them everything.
    expect((await profileOf(ann)).body.recent).toEqual([]);

    ctx.clock.set("2026-09-13T20:25:00Z");
    const { body } = await profileOf(null);
    expect(body.recent.map((b: any) => [b.status, b.legs.map((l: any) => [l.gameId, l.selection])])).toEqual([
      [
        "lost",
        [
          [SUN, "Kansas City Chiefs"],
          [LATE, "Under"],
        ],
      ],
    ]);
  });
});
