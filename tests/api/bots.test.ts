import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleAllPending } from "../../src/modules/betting/settlement.ts";
import { seedDemoBots } from "../../src/modules/bots/service.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { ADMIN, buildUser, type BuiltUser, seededSeason } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;
let player: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { admin, player },
  } = await seededSeason({ now: "2026-09-08T12:00:00Z", people: { admin: ADMIN, player: {} } }));
});
afterEach(() => ctx.close());

const ensure = (count: unknown, cookie = admin.cookie) =>
  call(ctx.app, "POST", "/api/admin/bots/ensure", { body: { count }, cookie });
const weekly = (cookie = admin.cookie) => call(ctx.app, "POST", "/api/admin/bots/weekly-update", { body: {}, cookie });
const stats = async () => (await call(ctx.app, "GET", "/api/admin/bots/stats", { cookie: admin.cookie })).body;

describe("POST /api/admin/bots/ensure", () => {
  test("creates the shortfall only, flagged as bots on the bot domain, and is audited", async () => {
    const first = await ensure(5);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 5, total: 5, message: "Created 5 bots; there are now 5." });
    const again = await ensure(5);
    expect(again.body).toEqual({ created: 0, total: 5, message: "All 5 bots already exist; nothing to create." });
    expect((await ensure("8")).body.created).toBe(3);
    const bots = await ctx.db.selectFrom("users").selectAll().where("is_bot", "=", 1).execute();
    expect(bots).toHaveLength(8);
    for (const bot of bots) expect(bot.email.endsWith("@bots.nfl-paper-trading.invalid")).toBe(true);
    const audit = (await call(ctx.app, "GET", "/api/admin/audit", { cookie: admin.cookie })).body;
    expect(audit.filter((e: any) => e.action === "bots.ensure")).toHaveLength(3);
    expect(audit[0]).toMatchObject({ actor: admin.user.username, details: { target: 8, created: 3, total: 8 } });
  });

  test("skips names people already hold", async () => {
    await buildUser(ctx, { username: "mike_thompson" });
    await ensure(3);
    const names = (await ctx.db.selectFrom("users").select("username").where("is_bot", "=", 1).execute()).map(
      (r) => r.username,
    );
    expect(names).not.toContain("mike_thompson");
    expect(names).toHaveLength(3);
  });

  test("two runs at once create no duplicates", async () => {
    await Promise.all([ensure(10), ensure(10), ensure(10)]);
    expect((await stats()).totalBotUsers).toBe(10);
  });

  test("a count outside 1-100 or not whole answers 400; not an admin 403; signed out 401", async () => {
    for (const bad of [0, 101, 2.5, "abc", null, -3]) {
      const res = await ensure(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.field).toBe("count");
    }
    expect((await ensure(5, player.cookie)).status).toBe(403);
    expect((await call(ctx.app, "POST", "/api/admin/bots/ensure", { body: { count: 5 } })).status).toBe(401);
    expect((await stats()).totalBotUsers).toBe(0);
  });
});

describe("POST /api/admin/bots/weekly-update", () => {
  test("every bot bets the current week's open games, all but one each, through the placing rules; a rerun adds nothing", async () => {
    await ensure(6);
    const res = await weekly();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ placed: 12, bots: 6, week: 1, message: "6 bots placed 12 bets on Week 1." });
    const bets = await ctx.db.selectFrom("bets").selectAll().execute();
    const perBot = Map.groupBy(bets, (b) => b.user_id);
    expect(perBot.size).toBe(6);
    for (const list of perBot.values()) {
      expect(list).toHaveLength(2);
      expect(list.every((b) => b.week === 1 && b.status === "pending")).toBe(true);
    }
    expect((await weekly()).body.placed).toBe(0);
    expect(await stats()).toEqual({ totalBotUsers: 6, totalBotBets: 12 });
  });

  test("with no open games: a clear message and nothing written", async () => {
    await ensure(3);
    ctx.clock.set("2026-09-30T00:00:00Z"); // every game of the season has started
    const res = await weekly();
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("No open games in Week 18");
    expect((await stats()).totalBotBets).toBe(0);
  });

  test("admins only", async () => {
    expect((await weekly(player.cookie)).status).toBe(403);
    expect((await call(ctx.app, "POST", "/api/admin/bots/weekly-update", { body: {} })).status).toBe(401);
    expect(
      (await call(ctx.app, "POST", "/api/admin/bots/weekly-update", { body: { force: true }, cookie: admin.cookie }))
        .status,
    ).toBe(400);
  });
});

describe("GET /api/admin/bots/stats", () => {
  test("counts bots and their bets; admins only", async () => {
    expect(await stats()).toEqual({ totalBotUsers: 0, totalBotBets: 0 });
    expect((await call(ctx.app, "GET", "/api/admin/bots/stats", { cookie: player.cookie })).status).toBe(403);
    expect((await call(ctx.app, "GET", "/api/admin/bots/stats")).status).toBe(401);
  });
});

test("first-start demo: bots with a settled history on the completed games, on the boards at once, and a pool of each format", async () => {
  ctx.clock.set("2026-09-16T12:00:00Z"); // week 1 is over
  await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
  const seeded = await seedDemoBots(ctx.db, ctx.clock.now(), 4);
  // Pools: week 1's three games for each of the 4 bots (survivor: one), week 2's two open games for 2 of them.
  expect(seeded).toEqual({ bots: 4, bets: 8, pools: 3, poolPicks: 12 + 4 + 12 + 4 + 4 + 2 });
  await settleAllPending(ctx.db, ctx.clock.now());
  const board = (await call(ctx.app, "GET", "/api/leaderboard/week/1")).body;
  expect(board).toHaveLength(4);
  expect(board.every((e: any) => e.isBot && e.totalBets === 2)).toBe(true);
  // The pools are public, graded and alive: a player sees them and their standings.
  const leagues = (await call(ctx.app, "GET", "/api/leagues", { cookie: player.cookie })).body as any[];
  const pools = leagues.filter((l) => l.format !== "bets");
  expect(pools.map((l) => [l.format, l.memberCount]).sort()).toEqual([
    ["confidence", 4],
    ["pickem", 4],
    ["survivor", 4],
  ]);
  const survivor = pools.find((l) => l.format === "survivor");
  const standings = (
    await call(ctx.app, "GET", `/api/leagues/${survivor.id}/standings/season`, { cookie: player.cookie })
  ).body;
  expect([standings.alive, standings.of]).toEqual([4, 4]); // every home side won week 1
  const pickem = pools.find((l) => l.format === "pickem");
  const week1 = (await call(ctx.app, "GET", `/api/leagues/${pickem.id}/standings/1`, { cookie: player.cookie })).body;
  expect(week1.rows.reduce((n: number, r: any) => n + r.correct + r.lost + r.pushes, 0)).toBe(12);
});
