/**
 * What pools tell their members, with the clock (issue 45): "You still need 3 picks in Office Pool —
 * first lock in 50 min" by push and the bell, once per lock and only within the hour for a push, held
 * by quiet hours; the survivors left and who is out after each game; a commissioner's correction; the
 * automatic survivor pick before the week's busiest kick-off.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { runPoolAutoPicks } from "../../src/modules/leagues/service.ts";
import { gradeGame } from "../../src/modules/pools/service.ts";
import { deliverDue } from "../../src/modules/push/delivery.ts";
import { planPoolPushes } from "../../src/modules/push/pool-pushes.ts";
import { pushMessage } from "../../src/modules/push/rules.ts";
import { generateKeyPair, toBase64Url } from "../../src/modules/push/webpush.ts";
import { ADMIN, type BuiltUser, buildLeague, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";
import { LATE, SUN, THU } from "./league-fixtures.ts";

let ctx: TestContext;
let people: Record<"admin" | "commish" | "alice" | "bob" | "carol", BuiltUser>;
let pushService: Server<unknown>;
const received: string[] = [];
let office: { id: number };
let survivor: { id: number };

const as = (who: BuiltUser, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who.cookie });

async function subscribe(who: BuiltUser) {
  const keys = await generateKeyPair();
  const endpoint = `http://127.0.0.1:${pushService.port}/device/${who.user.username}`;
  const res = await as(who, "POST", "/api/push/subscriptions", {
    endpoint,
    keys: { p256dh: keys.publicKey, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) },
    expirationTime: null,
  });
  expect(res.status).toBeLessThan(300);
  const prefs = {
    settlements: true,
    lockReminder: true,
    friendRequests: true,
    leagueInvitations: true,
    leaguePicks: true,
  };
  await as(who, "PUT", "/api/push/preferences", { kinds: prefs, dailyCap: 20, quietHours: null, timeZone: "UTC" });
}

/** The queued pushes' texts for a player, oldest first. */
async function pushesOf(who: BuiltUser): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom("push_outbox")
    .select(["data", "merge_key"])
    .where("user_id", "=", who.user.id)
    .orderBy("id")
    .execute();
  return rows
    .map((r) => pushMessage(JSON.parse(r.data), r.merge_key))
    .filter((m) => m.url.includes("/pool"))
    .map((m) => `${m.title} | ${m.body}`);
}

const bell = async (who: BuiltUser) =>
  (
    (await as(who, "GET", "/api/notifications")).body.items as {
      type: string;
      title: string;
      body: string;
      link: string;
    }[]
  ).filter((i) => i.type.startsWith("pool") || i.type === "survivor_news");

beforeAll(async () => {
  pushService = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      received.push(new URL(request.url).pathname);
      return new Response(null, { status: 201 });
    },
  });
  const world = await seededSeason({
    people: {
      admin: ADMIN,
      commish: { username: "commish" },
      alice: { username: "alice" },
      bob: { username: "bob" },
      carol: { username: "carol" },
    },
    env: { PUSH_LOCAL_ENDPOINTS: "true" },
  });
  ({ ctx, people } = world);
  for (const who of [people.alice, people.bob, people.carol]) await subscribe(who);
  office = await buildLeague(ctx, people.commish, {
    name: "Office Pool",
    format: "pickem",
    members: [people.alice, people.bob],
  });
  survivor = await buildLeague(ctx, people.commish, {
    name: "Office Survivor",
    format: "survivor",
    pool: { autoPick: true },
    members: [people.alice, people.bob, people.carol],
  });
  // bob fills his sheet; alice picks nothing; carol takes Seattle, bob San Francisco in survivor.
  await as(people.bob, "PUT", `/api/leagues/${office.id}/pool/1`, {
    picks: [
      { gameId: THU, selection: "Dallas Cowboys" },
      { gameId: SUN, selection: "Buffalo Bills" },
      { gameId: LATE, selection: "Seattle Seahawks" },
    ],
  });
  await as(people.carol, "PUT", `/api/leagues/${survivor.id}/pool/1`, {
    picks: [{ gameId: LATE, selection: "Seattle Seahawks" }],
  });
  await as(people.bob, "PUT", `/api/leagues/${survivor.id}/pool/1`, {
    picks: [{ gameId: LATE, selection: "San Francisco 49ers" }],
  });
}, 30_000);

afterAll(async () => {
  pushService?.stop(true);
  await ctx?.close();
});

describe("reminders before the first lock", () => {
  test("no push more than an hour before the lock; the bell already says so, two days ahead", async () => {
    ctx.clock.set("2026-09-10T22:00:00Z");
    expect(await planPoolPushes(ctx.db, ctx.clock.now(), ctx.clock.now())).toBe(0);
    expect((await bell(people.alice)).map((i) => i.body)).toEqual([
      "You still need 3 picks in Office Pool — first lock in 2 h",
      "You still need 1 pick in Office Survivor — first lock in 2 h",
    ]);
    expect(await bell(people.bob)).toEqual([]); // a full sheet, and a survivor pick made
  });

  test("50 minutes before: one push per pool and lock to whoever still needs picks, never twice", async () => {
    ctx.clock.set("2026-09-10T23:30:00Z");
    await planPoolPushes(ctx.db, ctx.clock.now(), ctx.clock.now());
    ctx.clock.set("2026-09-10T23:35:00Z");
    await planPoolPushes(ctx.db, ctx.clock.now(), ctx.clock.now());
    expect(await pushesOf(people.alice)).toEqual([
      "You still need 3 picks in Office Pool — first lock in 50 min | Make your picks before kick-off: each game locks as it starts.",
      "You still need 1 pick in Office Survivor — first lock in 50 min | Make your picks before kick-off: each game locks as it starts.",
    ]);
    expect(await pushesOf(people.bob)).toEqual([]);
    expect(await pushesOf(people.carol)).toEqual([]);
  });

  test("quiet hours hold the push; it goes out when they end, while it is still news", async () => {
    await as(people.alice, "PUT", "/api/push/preferences", {
      kinds: {
        settlements: true,
        lockReminder: true,
        friendRequests: true,
        leagueInvitations: true,
        leaguePicks: true,
      },
      dailyCap: 20,
      quietHours: { start: "23:00", end: "23:50" },
      timeZone: "UTC",
    });
    const report = await deliverDue(ctx.db, ctx.config, ctx.clock.now(), {
      subject: "mailto:ops@example.com",
      timeoutMs: 2000,
    });
    expect(received.filter((p) => p.endsWith("/alice"))).toEqual([]);
    expect(report.held).toBeGreaterThanOrEqual(2);
    ctx.clock.set("2026-09-10T23:51:00Z");
    await deliverDue(ctx.db, ctx.config, ctx.clock.now(), { subject: "mailto:ops@example.com", timeoutMs: 2000 });
    expect(received.filter((p) => p.endsWith("/alice")).length).toBe(2);
  });

  test("once picks are made, or the game has locked, there is nothing left to remind", async () => {
    ctx.clock.set("2026-09-10T23:55:00Z");
    await as(people.alice, "PUT", `/api/leagues/${office.id}/pool/1`, {
      picks: [
        { gameId: THU, selection: "Philadelphia Eagles" },
        { gameId: SUN, selection: "Kansas City Chiefs" },
        { gameId: LATE, selection: "Seattle Seahawks" },
      ],
    });
    expect((await bell(people.alice)).map((i) => i.body)).toEqual([
      "You still need 1 pick in Office Survivor — first lock in 25 min",
    ]);
  });
});

describe("the automatic survivor pick", () => {
  test("made a quarter of an hour before the week's busiest kick-off (here its first): the largest home favourite still open", async () => {
    ctx.clock.set("2026-09-11T00:00:00Z");
    expect(await runPoolAutoPicks(ctx.db, ctx.clock.now())).toBe(0);
    ctx.clock.set("2026-09-11T00:06:00Z");
    expect(await runPoolAutoPicks(ctx.db, ctx.clock.now())).toBe(2); // alice and commish had none
    expect(await runPoolAutoPicks(ctx.db, ctx.clock.now())).toBe(0);
    const sheet = (await as(people.alice, "GET", `/api/leagues/${survivor.id}/pool/1`)).body;
    // Every home side is −175 here: the earliest kick-off wins the tie.
    expect(sheet.picks.map((p: any) => [p.gameId, p.selection, p.odds, p.auto])).toEqual([
      [THU, "Philadelphia Eagles", -175, true],
    ]);
    // A pick like any other: she may change it until its game locks.
    const changed = await as(people.alice, "PUT", `/api/leagues/${survivor.id}/pool/1`, {
      picks: [{ gameId: SUN, selection: "Buffalo Bills" }],
    });
    expect(changed.body.picks.map((p: any) => [p.selection, p.auto])).toEqual([["Buffalo Bills", false]]);
  });
});

describe("survivor news and corrections", () => {
  test("after a game: how many are left and who is out, by push and in the bell", async () => {
    ctx.clock.set("2026-09-14T00:00:00Z");
    const since = new Date("2026-09-13T23:00:00Z");
    for (const [game, home, away] of [
      [SUN, 27, 20],
      [LATE, 13, 24],
    ] as const) {
      await as(people.admin, "PATCH", `/api/games/${game}`, { homeScore: home, awayScore: away, status: "completed" });
      await gradeGame(ctx.db, game);
    }
    await planPoolPushes(ctx.db, since, ctx.clock.now());
    expect((await pushesOf(people.bob)).slice(-2)).toEqual([
      // commish's automatic pick (Thursday's game) is not graded yet: still alive.
      "Office Survivor: 3 of 4 still alive | Everyone who took Kansas City Chiefs @ Buffalo Bills survived.",
      "Office Survivor: 3 of 4 still alive | carol is out after San Francisco 49ers @ Seattle Seahawks.",
    ]);
    const carols = await bell(people.carol);
    expect(carols.map((i) => [i.title, i.body])).toContainEqual([
      "Office Survivor: 3 of 4 still alive",
      "Out after San Francisco 49ers @ Seattle Seahawks: you.",
    ]);
  });

  test("a commissioner's correction is told to its member alone", async () => {
    const res = await as(people.commish, "POST", `/api/leagues/${office.id}/pool/1/corrections`, {
      userId: people.alice.user.id,
      gameId: SUN,
      selection: "Buffalo Bills",
    });
    expect(res.status).toBe(200);
    const hers = (await bell(people.alice)).filter((i) => i.type === "pool_correction");
    expect(hers.map((i) => [i.title, i.body, i.link])).toEqual([
      [
        "Pick corrected",
        `commish corrected your pick on Kansas City Chiefs @ Buffalo Bills in Office Pool (week 1)`,
        `/leagues/${office.id}/pool?week=1`,
      ],
    ]);
    expect((await bell(people.bob)).filter((i) => i.type === "pool_correction")).toEqual([]);
  });
});
