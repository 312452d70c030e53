import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { ADMIN, type BuiltUser, seededSeason } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let provider: FakeProvider;
let admin: BuiltUser;
let player: BuiltUser;

const THU = "fake-w1-DAL-PHI";
const SUN_EARLY = "fake-w1-KC-BUF";

beforeEach(async () => {
  ({
    ctx,
    provider,
    people: { admin, player },
  } = await seededSeason({ people: { admin: ADMIN, player: {} } }));
});
afterEach(() => ctx.close());

async function outboxTypes(): Promise<string[]> {
  return (await ctx.db.selectFrom("outbox").select("type").orderBy("id").execute()).map((r) => r.type);
}

const resolve = (id: string, body: unknown, cookie = admin.cookie) =>
  call(ctx.app, "PATCH", `/api/games/${id}`, { body, cookie });

describe("GET /api/games", () => {
  test("lists the season's games in kick-off order with odds and props, for anyone", async () => {
    const res = await call(ctx.app, "GET", "/api/games");
    expect(res.status).toBe(200);
    expect(res.body.map((g: { id: string }) => g.id)).toEqual(provider.games.map((g) => g.providerId));
    const first = res.body[0];
    expect(first).toMatchObject({
      id: THU,
      season: 2026,
      week: 1,
      homeTeam: "Philadelphia Eagles",
      awayTeam: "Dallas Cowboys",
      homeAbbr: "PHI",
      awayAbbr: "DAL",
      commenceTime: "2026-09-11T00:20:00Z",
      status: "upcoming",
      homeScore: null,
      awayScore: null,
    });
    expect(first.odds.map((m: { marketType: string }) => m.marketType)).toEqual(["spreads", "totals", "h2h"]);
    expect(first.playerProps).toHaveLength(2);
    expect(first.playerProps[0]).toEqual({
      id: expect.any(Number),
      playerName: "PHI Quarterback",
      team: "PHI",
      propType: "passing_yards",
      line: 245.5,
      overOdds: -115,
      underOdds: -105,
    });
  });

  test("?week=N loads one week; numeric strings only from 1 to 18", async () => {
    const week2 = await call(ctx.app, "GET", "/api/games?week=2");
    expect(week2.body.map((g: { week: number }) => g.week)).toEqual([2, 2]);
    expect((await call(ctx.app, "GET", "/api/games?week=17")).body).toEqual([]);
    for (const bad of ["0", "19", "two", "1.5", ""]) {
      const res = await call(ctx.app, "GET", `/api/games?week=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("week");
    }
    expect((await call(ctx.app, "GET", "/api/games?sort=asc")).status).toBe(400);
  });

  test("status follows the clock: live from kick-off, completed once resolved", async () => {
    ctx.clock.set("2026-09-11T01:00:00Z");
    const statuses = async () =>
      (await call(ctx.app, "GET", "/api/games?week=1")).body.map((g: { status: string }) => g.status);
    expect(await statuses()).toEqual(["live", "upcoming", "upcoming"]);
    await resolve(THU, { homeScore: 27, awayScore: 20, status: "completed" });
    expect(await statuses()).toEqual(["completed", "upcoming", "upcoming"]);
  });
});

describe("GET /api/weeks/current", () => {
  test("is the lowest week with a game neither completed nor started over 4 hours ago", async () => {
    const week = async () => (await call(ctx.app, "GET", "/api/weeks/current")).body;
    expect(await week()).toEqual({ season: 2026, week: 1 });
    ctx.clock.set("2026-09-14T00:00:00Z"); // the last week-1 game started 3.6 h ago
    expect((await week()).week).toBe(1);
    ctx.clock.set("2026-09-14T00:30:00Z"); // every week-1 game started over 4 h ago
    expect((await week()).week).toBe(2);
    ctx.clock.set("2026-09-12T00:00:00Z");
    for (const id of provider.games.filter((g) => g.week === 1).map((g) => g.providerId)) {
      await resolve(id, { homeScore: 1, awayScore: 0, status: "completed" });
    }
    expect((await week()).week).toBe(2);
    ctx.clock.set("2027-01-01T00:00:00Z");
    expect((await week()).week).toBe(18);
  });
});

describe("PATCH /api/games/:id", () => {
  test("an admin resolves a game: scores, completed, game.completed in the outbox, audited", async () => {
    const before = (await outboxTypes()).length;
    const res = await resolve(SUN_EARLY, { homeScore: "31", awayScore: 28, status: "completed" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: SUN_EARLY, status: "completed", homeScore: 31, awayScore: 28 });
    // The final goes to the screens first: delivery is in order, and settlement (game.completed) takes a while.
    expect((await outboxTypes()).slice(before)).toEqual(["odds_update", "game.completed"]);
    const event = await ctx.db
      .selectFrom("outbox")
      .selectAll()
      .where("type", "=", "game.completed")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload)).toEqual({ gameId: SUN_EARLY, regrade: false });
    const audit = await call(ctx.app, "GET", "/api/admin/audit", { cookie: admin.cookie });
    expect(audit.body[0]).toMatchObject({
      actorId: admin.user.id,
      actor: admin.user.username,
      action: "game.resolve",
      subject: `game:${SUN_EARLY}`,
      details: { homeScore: 31, awayScore: 28 },
    });
  });

  test("records player stats for the game's props, or that a player did not play", async () => {
    const game = (await call(ctx.app, "GET", "/api/games?week=1")).body.find((g: { id: string }) => g.id === SUN_EARLY);
    const [qb, wr] = game.playerProps;
    const res = await resolve(SUN_EARLY, {
      homeScore: 20,
      awayScore: 17,
      status: "completed",
      playerStats: [
        { propId: qb.id, value: "301" },
        { propId: wr.id, didNotPlay: true },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await ctx.db
      .selectFrom("game_props")
      .selectAll()
      .where("game_id", "=", SUN_EARLY)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.stat_value, r.did_not_play])).toEqual([
      [301, 0],
      [null, 1],
    ]);
  });

  test("a completed game answers 409 unless regrade, which corrects the score and is audited with the old one", async () => {
    await resolve(SUN_EARLY, { homeScore: 31, awayScore: 28, status: "completed" });
    const again = await resolve(SUN_EARLY, { homeScore: 10, awayScore: 7, status: "completed" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("game_completed");
    const regrade = await resolve(SUN_EARLY, { homeScore: 28, awayScore: 31, status: "completed", regrade: true });
    expect(regrade.status).toBe(200);
    expect(regrade.body).toMatchObject({ homeScore: 28, awayScore: 31, status: "completed" });
    const events = await ctx.db
      .selectFrom("outbox")
      .selectAll()
      .where("type", "=", "game.completed")
      .orderBy("id")
      .execute();
    expect(events.map((e) => JSON.parse(e.payload).regrade)).toEqual([false, true]);
    const audit = (await call(ctx.app, "GET", "/api/admin/audit", { cookie: admin.cookie })).body;
    expect(audit[0]).toMatchObject({
      action: "game.regrade",
      details: { homeScore: 28, awayScore: 31, previous: { homeScore: 31, awayScore: 28 } },
    });
  });

  test("bad input answers 400 naming the field and changes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ awayScore: 3, status: "completed" }, "homeScore"],
      [{ homeScore: 3.5, awayScore: 3, status: "completed" }, "homeScore"],
      [{ homeScore: -1, awayScore: 3, status: "completed" }, "homeScore"],
      [{ homeScore: "ten", awayScore: 3, status: "completed" }, "homeScore"],
      [{ homeScore: 3, awayScore: 1000, status: "completed" }, "awayScore"],
      [{ homeScore: 3, awayScore: 3, status: "live" }, "status"],
      [{ homeScore: 3, awayScore: 3 }, "status"],
      [{ homeScore: 3, awayScore: 3, status: "completed", winner: "me" }, "winner"],
      [{ homeScore: 3, awayScore: 3, status: "completed", playerStats: [{ propId: 999999, value: 3 }] }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await resolve(SUN_EARLY, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body.field).toBe(field);
      expect(res.body.message).toContain(field || "playerStats");
    }
    const game = await ctx.db.selectFrom("games").selectAll().where("id", "=", SUN_EARLY).executeTakeFirstOrThrow();
    expect([game.home_score, game.completed_at]).toEqual([null, null]);
    expect(await outboxTypes()).not.toContain("game.completed");
  });

  test("unknown game 404, signed out 401, not an admin 403", async () => {
    const body = { homeScore: 1, awayScore: 0, status: "completed" };
    expect((await resolve("no-such-game", body)).status).toBe(404);
    expect((await resolve("bad id!", body)).status).toBe(400);
    const signedOut = await call(ctx.app, "PATCH", `/api/games/${SUN_EARLY}`, { body });
    expect(signedOut.status).toBe(401);
    const notAdmin = await resolve(SUN_EARLY, body, player.cookie);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.message).toBe("Admins only");
  });
});

describe("GET /api/admin/audit", () => {
  test("admins only", async () => {
    expect((await call(ctx.app, "GET", "/api/admin/audit", { cookie: admin.cookie })).status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/admin/audit", { cookie: player.cookie })).status).toBe(403);
    expect((await call(ctx.app, "GET", "/api/admin/audit")).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/admin/audit?limit=0", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("provider sync", () => {
  test("seeding is idempotent: a second run writes nothing", async () => {
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom("games")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(5);
    const before = (await outboxTypes()).length;
    const report = await syncGames(ctx.db, provider, ctx.clock.now());
    expect(report).toMatchObject({ inserted: 0, oddsUpdated: 0, completed: 0 });
    expect(await count()).toBe(5);
    expect((await outboxTypes()).length).toBe(before);
  });

  test("moved lines update games not yet started and announce odds_update; started games keep their closing line", async () => {
    ctx.clock.set("2026-09-11T01:00:00Z"); // Thursday's game is under way
    provider.spreadShift = 1;
    const before = (await outboxTypes()).length;
    const report = await syncGames(ctx.db, provider, ctx.clock.now());
    expect(report.oddsUpdated).toBe(4);
    // Thursday's closing line is recorded quietly (every process's cached games), then the lines move.
    expect((await outboxTypes()).slice(before)).toEqual(["games.changed", "odds_update"]);
    const games = (await call(ctx.app, "GET", "/api/games?week=1")).body;
    const homeSpread = (g: any) => g.odds[0].outcomes[1].point;
    expect(games.map(homeSpread)).toEqual([-3.5, -2.5, -2.5]);
  });

  test("finished games complete with scores and stats; absent players are marked as not playing", async () => {
    provider.didNotPlay.add("PHI Quarterback");
    ctx.clock.set("2026-09-11T04:00:00Z");
    const report = await syncGames(ctx.db, provider, ctx.clock.now());
    expect(report.completed).toBe(1);
    const game = await ctx.db.selectFrom("games").selectAll().where("id", "=", THU).executeTakeFirstOrThrow();
    expect([game.home_score, game.away_score, game.resolved_by]).toEqual([24, 17, "provider"]);
    const props = await ctx.db.selectFrom("game_props").selectAll().where("game_id", "=", THU).orderBy("id").execute();
    expect(props.map((p) => [p.player_name, p.stat_value, p.did_not_play])).toEqual([
      ["PHI Quarterback", null, 1],
      ["DAL Receiver", 5, 0],
    ]);
  });

  test("never overwrites a game an admin resolved", async () => {
    await resolve(THU, { homeScore: 3, awayScore: 0, status: "completed" });
    ctx.clock.set("2026-09-11T04:00:00Z");
    const report = await syncGames(ctx.db, provider, ctx.clock.now());
    expect(report.completed).toBe(0);
    const game = await ctx.db.selectFrom("games").selectAll().where("id", "=", THU).executeTakeFirstOrThrow();
    expect([game.home_score, game.away_score, game.resolved_by]).toEqual([3, 0, "admin"]);
  });

  test("seeding mid-season completes the games already over", async () => {
    const late = await makeTestApp({ now: "2026-09-15T12:00:00Z" });
    const report = await syncGames(late.db, new FakeProvider(), late.clock.now());
    expect(report).toMatchObject({ inserted: 5, completed: 3 });
    expect((await call(late.app, "GET", "/api/weeks/current")).body).toEqual({ season: 2026, week: 2 });
    await late.close();
  });
});
