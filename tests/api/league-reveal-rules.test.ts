/**
 * Issue 40 items 1 and 4: a pick is governed by the reveal rule it was placed under (the stricter of
 * that and the league's rule now), a league never shows a member's picks placed before they joined,
 * and a pick whose game was resolved before kick-off shows; every change is in the league's history.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { ADMIN, type BuiltUser, buildLeague, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";
import { LATE, spread, SUN, THU } from "./league-fixtures.ts";

let ctx: TestContext;
let admin: BuiltUser;
let owner: BuiltUser;
let member: BuiltUser;
let newcomer: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { admin, owner, member, newcomer },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      owner: { username: "owner" },
      member: { username: "member" },
      newcomer: { username: "newcomer" },
    },
  }));
});
afterEach(() => ctx.close());

async function bet(who: BuiltUser, body: Record<string, unknown>) {
  const res = await call(ctx.app, "POST", "/api/bets", {
    body: { units: 1, leagueId: null, ...body },
    cookie: who.cookie,
  });
  if (res.status !== 201) throw new Error(`placing: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function feedIds(who: BuiltUser, leagueId: number) {
  const res = await call(ctx.app, "GET", `/api/picks/league/${leagueId}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.body.picks.map((p: { id: number }) => p.id);
}

async function setReveal(who: BuiltUser, league: { id: number; name: string }, revealPicks: string) {
  const body = { name: league.name, isPublic: true, rules: { allowedBetTypes: ["spread", "total", "moneyline"] } };
  return call(ctx.app, "PUT", `/api/leagues/${league.id}`, { body: { ...body, revealPicks }, cookie: who.cookie });
}

const history = (who: BuiltUser, leagueId: number) =>
  call(ctx.app, "GET", `/api/history/league/${leagueId}`, { cookie: who.cookie });

describe("a reveal rule changed mid-week", () => {
  test("loosened, it shows only picks placed after the change; tightened, it holds back every pick at once", async () => {
    const league = await buildLeague(ctx, owner, { members: [member] });
    const before = await bet(member, spread(SUN, "Buffalo Bills"));

    ctx.clock.set("2026-09-12T12:00:00Z"); // Thursday's game is over: week 1 has begun; Sunday's games are open
    expect((await setReveal(owner, league, "week_start")).status).toBe(200);
    // The pick placed under "at each game's kick-off" keeps that promise.
    expect(await feedIds(owner, league.id)).toEqual([]);
    ctx.clock.advance(60_000);
    const after = await bet(member, spread(LATE, "Seattle Seahawks"));
    expect(await feedIds(owner, league.id)).toEqual([after]);

    // Back to "at each game's kick-off": the later pick hides again until its game.
    ctx.clock.advance(60_000);
    expect((await setReveal(owner, league, "kickoff")).status).toBe(200);
    expect(await feedIds(owner, league.id)).toEqual([]);
    ctx.clock.set("2026-09-13T17:01:00Z");
    expect(await feedIds(owner, league.id)).toEqual([before]);
    ctx.clock.set("2026-09-13T20:26:00Z");
    expect(await feedIds(owner, league.id)).toEqual([after, before]);
  });

  test("Tail refuses a pick the admin tried to reveal by flipping the rule", async () => {
    const league = await buildLeague(ctx, owner, { members: [member] });
    const pick = await bet(member, spread(SUN, "Buffalo Bills"));
    ctx.clock.set("2026-09-12T12:00:00Z");
    await setReveal(owner, league, "week_start");
    const tail = await call(ctx.app, "POST", "/api/bets", {
      body: { units: 1, leagueId: null, tailOf: pick, ...spread(SUN, "Buffalo Bills") },
      cookie: owner.cookie,
    });
    expect(tail.status).toBe(404);
    expect(tail.body.code).toBe("pick_not_found");
  });

  test("every change is in the league's history for its members, and the reveal change in the audit log", async () => {
    const league = await buildLeague(ctx, owner, { members: [member] });
    ctx.clock.set("2026-09-12T12:00:00Z");
    await setReveal(owner, league, "week_start");
    ctx.clock.advance(60_000);
    const renamed = await call(ctx.app, "PUT", `/api/leagues/${league.id}`, {
      body: { name: "Renamed", isPublic: true, rules: { allowedBetTypes: ["spread"] }, revealPicks: "week_start" },
      cookie: owner.cookie,
    });
    expect(renamed.status).toBe(200);

    const seen = await history(member, league.id);
    expect(seen.status).toBe(200);
    expect(seen.body.nextCursor).toBeNull();
    expect(seen.body.entries.map((e: any) => [e.kind, e.actor?.username ?? null])).toEqual([
      ["rules_changed", "owner"],
      ["reveal_changed", "owner"],
      ["joined", "member"],
      ["created", "owner"],
    ]);
    expect(seen.body.entries[0].fields).toEqual(["name", "allowed bet types"]);
    expect(seen.body.entries[1]).toMatchObject({ from: "kickoff", to: "week_start", at: "2026-09-12T12:00:00.000Z" });
    expect(seen.body.entries[2].member).toEqual({ userId: member.user.id, username: "member" });

    const audited = await ctx.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "league.reveal_picks")
      .execute();
    expect(audited.map((a) => [a.actor_id, a.subject, JSON.parse(a.details)])).toEqual([
      [owner.user.id, `league:${league.id}`, { from: "kickoff", to: "week_start" }],
    ]);

    // Members only: an outsider is refused, a signed-out visitor too; a bad cursor is a 400.
    expect((await history(newcomer, league.id)).status).toBe(403);
    expect((await call(ctx.app, "GET", `/api/history/league/${league.id}`)).status).toBe(401);
    const bad = await call(ctx.app, "GET", `/api/history/league/${league.id}?cursor=x`, { cookie: owner.cookie });
    expect(bad.status).toBe(400);
  });

  test("an edit that changes nothing records nothing", async () => {
    const league = await buildLeague(ctx, owner);
    const same = await call(ctx.app, "PUT", `/api/leagues/${league.id}`, {
      body: {
        name: league.name,
        isPublic: true,
        rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
        revealPicks: "kickoff",
      },
      cookie: owner.cookie,
    });
    expect(same.status).toBe(200);
    expect((await history(owner, league.id)).body.entries.map((e: any) => e.kind)).toEqual(["created"]);
  });
});

describe("picks placed before joining", () => {
  test("opening an invite link hands over nothing already placed; picks placed after joining show by the rule", async () => {
    const league = await buildLeague(ctx, owner, { revealPicks: "week_start" });
    const earlier = await bet(newcomer, spread(SUN, "Buffalo Bills"));

    ctx.clock.set("2026-09-12T12:00:00Z"); // week 1 has begun: "week_start" shows the week's picks
    const preview = await call(ctx.app, "GET", `/api/invites/${league.inviteToken}`);
    expect(preview.body).toMatchObject({ name: league.name, revealPicks: "week_start" });
    const joined = await call(ctx.app, "POST", `/api/leagues/join-by-token/${league.inviteToken}`, {
      body: {},
      cookie: newcomer.cookie,
    });
    expect(joined.body).toEqual({ id: league.id, name: league.name, revealPicks: "week_start" });
    expect(await feedIds(owner, league.id)).toEqual([]);

    ctx.clock.advance(60_000);
    const later = await bet(newcomer, spread(LATE, "Seattle Seahawks"));
    expect(await feedIds(owner, league.id)).toEqual([later]);
    // Even once its game is over, the earlier pick is not this league's to show.
    ctx.clock.set("2026-09-14T12:00:00Z");
    expect(await feedIds(owner, league.id)).toEqual([later]);
  });

  test("leaving and joining again starts afresh", async () => {
    const league = await buildLeague(ctx, owner, { revealPicks: "week_start", members: [member] });
    const first = await bet(member, spread(SUN, "Buffalo Bills"));
    ctx.clock.set("2026-09-12T12:00:00Z");
    expect(await feedIds(owner, league.id)).toEqual([first]);
    const left = await call(ctx.app, "DELETE", `/api/leagues/${league.id}/leave`, {
      body: { userId: member.user.id },
      cookie: member.cookie,
    });
    expect(left.status).toBe(200);
    ctx.clock.advance(60_000);
    await call(ctx.app, "POST", `/api/leagues/${league.id}/join`, {
      body: { userId: member.user.id },
      cookie: member.cookie,
    });
    expect(await feedIds(owner, league.id)).toEqual([]);
  });
});

describe("revealed means kicked off, or no longer upcoming", () => {
  test("a pick whose game an admin resolved before its kick-off shows at once", async () => {
    const league = await buildLeague(ctx, owner, { members: [member] });
    const pick = await bet(member, spread(LATE, "Seattle Seahawks"));
    ctx.clock.set("2026-09-13T18:00:00Z"); // LATE kicks off at 20:25
    expect(await feedIds(owner, league.id)).toEqual([]);
    const body = { homeScore: 24, awayScore: 17, status: "completed" };
    expect((await call(ctx.app, "PATCH", `/api/games/${LATE}`, { body, cookie: admin.cookie })).status).toBe(200);
    expect(await feedIds(owner, league.id)).toEqual([pick]);
  });
});

describe("once you've picked that game (issue 44 item 3)", () => {
  test("a member sees a game's picks once they pick it, and can tail before kick-off; the others at kick-off", async () => {
    const league = await buildLeague(ctx, owner, {
      revealPicks: "picked",
      rules: { allowedBetTypes: ["spread", "parlay"] },
      members: [member, newcomer],
    });
    const pick = await bet(member, spread(SUN, "Buffalo Bills"));
    const parlay = (
      await call(ctx.app, "POST", "/api/parlays", {
        body: {
          legs: [spread(SUN, "Buffalo Bills"), spread(LATE, "Seattle Seahawks")],
          units: 1,
          note: null,
          leagueId: null,
        },
        cookie: member.cookie,
      })
    ).body.id as number;
    for (const who of [owner, newcomer]) expect(await feedIds(who, league.id)).toEqual([]);
    expect(await feedIds(member, league.id)).toEqual([pick]); // one's own pick, on a game one picked

    // The owner picks the other side: the member's pick on that game shows to them, with a price to tail.
    const own = await bet(owner, spread(SUN, "Kansas City Chiefs", 3.5));
    const seen = await call(ctx.app, "GET", `/api/picks/league/${league.id}`, { cookie: owner.cookie });
    expect(seen.body.picks.map((p: { id: number; tail: unknown }) => [p.id, p.tail])).toEqual([
      [own, null],
      [pick, { odds: -110, point: -3.5 }],
    ]);
    expect(await feedIds(newcomer, league.id)).toEqual([]);
    // Tailing replaces the owner's own bet on the game.
    const tail = await call(ctx.app, "POST", "/api/bets", {
      body: { units: 1, leagueId: null, tailOf: pick, replaceExisting: true, ...spread(SUN, "Buffalo Bills") },
      cookie: owner.cookie,
    });
    expect(tail.status).toBe(201);
    expect(await feedIds(owner, league.id)).toEqual([tail.body.id, pick]);

    // A parlay shows only when every leg has kicked off; at kick-off everyone sees the game's picks.
    ctx.clock.set("2026-09-13T17:01:00Z");
    expect(await feedIds(newcomer, league.id)).toEqual([tail.body.id, pick]);
    ctx.clock.set("2026-09-13T20:26:00Z");
    expect(await feedIds(newcomer, league.id)).toEqual([tail.body.id, parlay, pick]);
  });

  test("a league flipped to it keeps picks placed before under the rule they were placed under", async () => {
    const league = await buildLeague(ctx, owner, { members: [member] });
    const before = await bet(member, spread(SUN, "Buffalo Bills"));
    ctx.clock.advance(60_000);
    await setReveal(owner, league, "picked");
    const mine = await bet(owner, spread(SUN, "Kansas City Chiefs", 3.5));
    expect(await feedIds(owner, league.id)).toEqual([mine]);
    ctx.clock.advance(60_000);
    const after = await bet(member, spread(LATE, "Seattle Seahawks"));
    const mineLate = await bet(owner, spread(LATE, "San Francisco 49ers", 3.5));
    expect(await feedIds(owner, league.id)).toEqual([mineLate, after, mine]);
    ctx.clock.set("2026-09-13T17:01:00Z");
    expect(await feedIds(owner, league.id)).toEqual([mineLate, after, mine, before]);
  });
});

describe("a hidden pick leaves a trace (issue 44 item 2)", () => {
  const week = async (who: BuiltUser, leagueId: number) => {
    const res = await call(ctx.app, "GET", `/api/picks/league/${leagueId}/week`, { cookie: who.cookie });
    expect(res.status).toBe(200);
    return res.body;
  };
  const traces = (body: any, gameId: string) =>
    body.games
      .find((g: { gameId: string }) => g.gameId === gameId)
      .members.map((m: any) => [m.username, m.state, m.showsAt]);

  test("who has picked each open game and when it shows; never the side, price, stake or id", async () => {
    const league = await buildLeague(ctx, owner, {
      rules: { allowedBetTypes: ["spread", "parlay"] },
      members: [member, newcomer],
    });
    await bet(member, spread(SUN, "Buffalo Bills"));
    await call(ctx.app, "POST", "/api/parlays", {
      body: {
        legs: [spread(SUN, "Buffalo Bills"), spread(LATE, "Seattle Seahawks")],
        units: 1,
        note: null,
        leagueId: null,
      },
      cookie: member.cookie,
    });
    await bet(owner, spread(LATE, "Seattle Seahawks"));

    const body = await week(owner, league.id);
    expect(body).toMatchObject({ season: 2026, week: 1 });
    expect(body.games.map((g: { gameId: string }) => g.gameId)).toEqual([THU, SUN, LATE]);
    expect(traces(body, SUN)).toEqual([
      ["owner", "none", null],
      ["member", "hidden", "2026-09-13T17:00:00.000Z"],
      ["newcomer", "none", null],
    ]);
    expect(traces(body, LATE)).toEqual([
      ["owner", "mine", "2026-09-13T20:25:00.000Z"],
      ["member", "hidden", "2026-09-13T20:25:00.000Z"],
      ["newcomer", "none", null],
    ]);
    const text = JSON.stringify(body);
    for (const secret of ["Buffalo", "Seattle", "-110", "-3.5", "100.00"]) expect(text).not.toContain(secret);
    for (const game of body.games) {
      for (const trace of game.members)
        expect(Object.keys(trace).sort()).toEqual(["showsAt", "state", "userId", "username"]);
    }
    // Members only.
    expect((await call(ctx.app, "GET", `/api/picks/league/${league.id}/week`, { cookie: admin.cookie })).status).toBe(
      403,
    );
  });

  test("by the rule: the week's first kick-off, never, or shown to a member who picked the game", async () => {
    const early = await buildLeague(ctx, owner, { revealPicks: "week_start", members: [member] });
    const closed = await buildLeague(ctx, owner, { revealPicks: "never", members: [member] });
    const picked = await buildLeague(ctx, owner, { revealPicks: "picked", members: [member] });
    await bet(member, spread(SUN, "Buffalo Bills"));
    expect(traces(await week(owner, early.id), SUN)[1]).toEqual(["member", "hidden", "2026-09-11T00:20:00.000Z"]);
    expect(traces(await week(owner, closed.id), SUN)[1]).toEqual(["member", "hidden", null]);
    expect(traces(await week(owner, picked.id), SUN)[1]).toEqual(["member", "hidden", "2026-09-13T17:00:00.000Z"]);
    await bet(owner, spread(SUN, "Kansas City Chiefs", 3.5));
    expect(traces(await week(owner, picked.id), SUN)[1]).toEqual(["member", "shown", null]);
  });
});

describe("the sweat room's picks (issue 44 item 4)", () => {
  test("the week's revealed picks still in play, oldest first, as the feed shows them", async () => {
    const league = await buildLeague(ctx, owner, { revealPicks: "week_start", members: [member] });
    const first = await bet(member, spread(SUN, "Buffalo Bills"));
    const second = await bet(owner, spread(LATE, "Seattle Seahawks"));
    const sweat = async () =>
      (await call(ctx.app, "GET", `/api/picks/league/${league.id}/sweat`, { cookie: owner.cookie })).body;
    expect(await sweat()).toEqual({ season: 2026, week: 1, picks: [] }); // not revealed yet
    ctx.clock.set("2026-09-13T18:00:00Z");
    const body = await sweat();
    expect(body.picks.map((p: { id: number }) => p.id)).toEqual([first, second]);
    expect(body.picks[0]).toMatchObject({
      player: { username: "member" },
      selection: "Buffalo Bills",
      status: "pending",
    });
    expect(body.picks[0]).not.toHaveProperty("note");
    const done = { homeScore: 24, awayScore: 17, status: "completed" };
    await call(ctx.app, "PATCH", `/api/games/${SUN}`, { body: done, cookie: admin.cookie });
    await settleGame(ctx.db, ctx.clock.now(), SUN);
    expect((await sweat()).picks.map((p: { id: number }) => p.id)).toEqual([second]); // settled: out of the sweat
    expect(
      (await call(ctx.app, "GET", `/api/picks/league/${league.id}/sweat`, { cookie: newcomer.cookie })).status,
    ).toBe(403);
  });
});
