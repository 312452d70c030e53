/**
 * The league's own page, server side (issue 44 items 1 and 7): what it shows someone not in the league
 * (GET /api/preview/league/{id}: a public league to anyone, 404 for a private one); the page rendered
 * on the server for a member, a stranger and a visitor; the Tuesday recap pushed once, in each
 * player's own morning, within quiet hours; the recap's share card for members only.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { deliverDue } from "../../src/modules/push/delivery.ts";
import { planRecapPushes } from "../../src/modules/push/recap-pushes.ts";
import { pushMessage } from "../../src/modules/push/rules.ts";
import { generateKeyPair, toBase64Url } from "../../src/modules/push/webpush.ts";
import { ADMIN, type BuiltUser, buildInvitation, buildLeague, seededSeason } from "../factories.ts";
import { BASE, call, type TestContext } from "../support.ts";
import { LATE, moneyline, spread, SUN, THU } from "./league-fixtures.ts";

let ctx: TestContext;
let admin: BuiltUser;
let owner: BuiltUser;
let member: BuiltUser;
let stranger: BuiltUser;
let pushService: Server<unknown>;
let delivered: string[];

beforeEach(async () => {
  delivered = [];
  pushService = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      delivered.push(new URL(request.url).pathname);
      return new Response(null, { status: 201 });
    },
  });
  ({
    ctx,
    people: { admin, owner, member, stranger },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      owner: { username: "owner" },
      member: { username: "member" },
      stranger: { username: "stranger" },
    },
    env: { PUSH_LOCAL_ENDPOINTS: "true" },
  }));
});
afterEach(async () => {
  pushService.stop(true);
  await ctx.close();
});

const as = (who: BuiltUser | null, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who?.cookie });

async function bet(who: BuiltUser, body: Record<string, unknown>) {
  const res = await as(who, "POST", "/api/bets", { units: 1, leagueId: null, ...body });
  if (res.status !== 201) throw new Error(`placing: ${res.status} ${JSON.stringify(res.body)}`);
}

async function final(gameId: string, homeScore: number, awayScore: number) {
  const body = { homeScore, awayScore, status: "completed" };
  expect((await as(admin, "PATCH", `/api/games/${gameId}`, body)).status).toBe(200);
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

/** Week 1 played out: owner's Kansas City +150 hits, member's Buffalo -3.5 misses. */
async function weekOnePlayed() {
  await bet(owner, { ...moneyline(SUN, "Kansas City Chiefs"), odds: 150 });
  await bet(member, spread(SUN, "Buffalo Bills"));
  ctx.clock.set("2026-09-14T12:00:00Z"); // Monday
  await final(THU, 24, 17);
  await final(SUN, 20, 24);
  await final(LATE, 27, 24);
}

async function page(path: string, who: BuiltUser | null) {
  const res = await ctx.app.handle(new Request(`${BASE}${path}`, { headers: { cookie: who?.cookie ?? "" } }));
  return { status: res.status, html: await res.text() };
}
const rootOf = (html: string) =>
  (/<div id="root">(.*)<\/div>\s*<script type="application\/json"/s.exec(html)?.[1] ?? "").replaceAll("<!-- -->", "");

describe("the page for someone not in the league", () => {
  test("a public league's preview to anyone, signed in or not; a private one only to its members and invited players", async () => {
    const open = await buildLeague(ctx, owner, { name: "Open Sharps", members: [member] });
    const closed = await buildLeague(ctx, owner, { name: "Back Room", isPublic: false, members: [member] });
    const preview = await as(null, "GET", `/api/preview/league/${open.id}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ name: "Open Sharps", commissioner: "owner", memberCount: 2, isPublic: true });
    expect(Object.keys(preview.body)).not.toContain("members");
    expect((await as(stranger, "GET", `/api/preview/league/${open.id}`)).status).toBe(200);
    for (const who of [null, stranger]) {
      const res = await as(who, "GET", `/api/preview/league/${closed.id}`);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: "league_not_found" });
    }
    expect((await as(member, "GET", `/api/preview/league/${closed.id}`)).status).toBe(200);
    await buildInvitation(ctx, closed, owner, stranger);
    expect((await as(stranger, "GET", `/api/preview/league/${closed.id}`)).body.name).toBe("Back Room");
    // Bad ids are refused at the edge.
    for (const id of ["0", "abc", "1e0", "01"])
      expect((await as(null, "GET", `/api/preview/league/${id}`)).status).toBe(400);
    expect((await as(null, "GET", "/api/preview/league/999999")).status).toBe(404);
  });

  test("the server's page: a visitor and a stranger see the landing; a private league is 404 to them; a member the section", async () => {
    const open = await buildLeague(ctx, owner, { name: "Open Sharps", members: [member] });
    const closed = await buildLeague(ctx, owner, { name: "Back Room", isPublic: false, members: [member] });
    const visitor = rootOf((await page(`/leagues/${open.id}`, null)).html);
    expect([
      visitor.includes("Open Sharps"),
      visitor.includes("Sign In to Join"),
      visitor.includes("Run by owner"),
    ]).toEqual([true, true, true]);
    const outsider = rootOf((await page(`/leagues/${open.id}/picks`, stranger)).html);
    expect([outsider.includes("Join League"), outsider.includes("league-feed")]).toEqual([true, false]);
    // A private league: the page carries nothing of it (the API's 404 is left out, and the browser asks and shows it).
    for (const who of [null, stranger]) {
      const { html } = await page(`/leagues/${closed.id}/week`, who);
      const data = /<script type="application\/json" id="npt-first-screen">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
      expect([
        html.includes("Back Room"),
        data.includes(`league/${closed.id}`),
        data.includes(`leagues/${closed.id}"`),
      ]).toEqual([false, false, false]);
    }
    const mine = rootOf((await page(`/leagues/${closed.id}/week`, member)).html);
    expect([mine.includes("Back Room"), mine.includes("Week 1: who has picked")]).toEqual([true, true]);
    // The first server render loads the screens' code: seconds on a busy machine.
  }, 30_000);
});

describe("the recap waits for the week's settlement", () => {
  test("between a week's last final and its bets settling the recap answers 409 week_settling", async () => {
    const sharps = await buildLeague(ctx, owner, { name: "Sunday Sharps", members: [member] });
    await bet(owner, { ...moneyline(SUN, "Kansas City Chiefs"), odds: 150 });
    await bet(member, spread(LATE, "Seattle Seahawks"));
    ctx.clock.set("2026-09-14T12:00:00Z");
    await final(THU, 24, 17);
    await final(SUN, 20, 24);
    // The last game's final is in (the screens have it) but its bets are not settled yet.
    const body = { homeScore: 27, awayScore: 24, status: "completed" };
    expect((await as(admin, "PATCH", `/api/games/${LATE}`, body)).status).toBe(200);
    const recap = () => as(member, "GET", `/api/recap/league/${sharps.id}/week/1`);
    const waiting = await recap();
    expect({ status: waiting.status, code: waiting.body.code }).toEqual({ status: 409, code: "week_settling" });
    await settleGame(ctx.db, ctx.clock.now(), LATE);
    const ready = await recap();
    expect(ready.status).toBe(200);
    expect(ready.body.winners.map((w: { username: string }) => w.username)).toEqual(["owner"]);
  });
});

describe("the Tuesday recap, pushed (issue 44 item 7)", () => {
  async function subscribe(who: BuiltUser, prefs: { timeZone?: string; quietHours?: unknown; leaguePicks?: boolean }) {
    const keys = await generateKeyPair();
    const res = await as(who, "POST", "/api/push/subscriptions", {
      endpoint: `http://127.0.0.1:${pushService.port}/device/${who.user.username}`,
      keys: { p256dh: keys.publicKey, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) },
      expirationTime: null,
    });
    expect(res.status).toBeLessThan(300);
    const saved = await as(who, "PUT", "/api/push/preferences", {
      kinds: {
        settlements: false,
        lockReminder: true,
        friendRequests: true,
        leagueInvitations: true,
        leaguePicks: prefs.leaguePicks ?? true,
      },
      dailyCap: 20,
      quietHours: prefs.quietHours ?? null,
      timeZone: prefs.timeZone ?? "UTC",
    });
    expect(saved.status).toBe(200);
  }

  /** The recap pushes queued for a player, as their devices will read them. */
  async function recapsOf(who: BuiltUser) {
    const rows = await ctx.db
      .selectFrom("push_outbox")
      .select(["data", "merge_key"])
      .where("user_id", "=", who.user.id)
      .orderBy("id")
      .execute();
    return rows
      .map((r) => pushMessage(JSON.parse(r.data), r.merge_key))
      .filter((m) => m.url.includes("/recap"))
      .map((m) => `${m.title} | ${m.body} | ${m.url}`);
  }

  const planAt = (at: string) => {
    ctx.clock.set(at);
    return planRecapPushes(ctx.db, ctx.clock.now());
  };

  test("once a week is final: on Tuesday from 9 am in each member's zone, once, never to an outsider", async () => {
    const sharps = await buildLeague(ctx, owner, { name: "Sunday Sharps", members: [member] });
    await subscribe(owner, {});
    await subscribe(member, { timeZone: "America/Los_Angeles" });
    await subscribe(stranger, {});
    await weekOnePlayed();

    expect(await planAt("2026-09-14T20:00:00Z")).toBe(0); // Monday
    expect(await planAt("2026-09-15T08:59:00Z")).toBe(0); // Tuesday, before 9 in London's UTC
    expect(await planAt("2026-09-15T09:00:00Z")).toBe(1); // the owner's 9 am; Los Angeles is at 2 am
    const told = `Week 1 in Sunday Sharps: owner won (+1.5U) | Biggest hit: owner +1.5U. See the week in review. | /leagues/${sharps.id}/recap?week=1`;
    expect(await recapsOf(owner)).toEqual([told]);
    expect(await planAt("2026-09-15T09:01:00Z")).toBe(0); // once
    expect(await planAt("2026-09-15T16:00:00Z")).toBe(1); // 9 am in Los Angeles
    expect(await recapsOf(member)).toEqual([told]);
    expect(await recapsOf(stranger)).toEqual([]);
    expect(await planAt("2026-09-15T23:00:00Z")).toBe(0);
    // A Tuesday later there is nothing new: week 2 is not final, and week 1's news is told.
    expect(await planAt("2026-09-22T10:00:00Z")).toBe(0);
  });

  test("a member who turned league pushes off hears nothing; quiet hours hold the recap until they end", async () => {
    await buildLeague(ctx, owner, { name: "Sunday Sharps", members: [member] });
    await subscribe(owner, { leaguePicks: false });
    await subscribe(member, { quietHours: { start: "22:00", end: "10:00" } });
    await weekOnePlayed();
    expect(await planAt("2026-09-15T09:00:00Z")).toBe(1);
    expect(await recapsOf(owner)).toEqual([]);
    const send = () => deliverDue(ctx.db, ctx.config, ctx.clock.now(), { subject: "mailto:ops@example.com" });
    await send();
    expect(delivered).toEqual([]); // 9 am is inside member's quiet hours
    ctx.clock.set("2026-09-15T10:00:00Z");
    await send();
    expect(delivered).toEqual(["/device/member"]);
  });

  test("a league where nobody settled a bet that week is not told about", async () => {
    await buildLeague(ctx, owner, { name: "Quiet League", members: [member] });
    await subscribe(owner, {});
    ctx.clock.set("2026-09-14T12:00:00Z");
    await final(THU, 24, 17);
    await final(SUN, 20, 24);
    await final(LATE, 27, 24);
    expect(await planAt("2026-09-15T09:00:00Z")).toBe(0);
  });
});

describe("the recap's share card", () => {
  test("a PNG at a stable address for the league's members; 404 to anyone else and before the week is final", async () => {
    const sharps = await buildLeague(ctx, owner, { name: "Sunday Sharps", isPublic: false, members: [member] });
    const card = (who: BuiltUser | null, week = 1, headers: Record<string, string> = {}) =>
      ctx.app.handle(
        new Request(`${BASE}/leagues/${sharps.id}/weeks/${week}/recap.png`, {
          headers: { cookie: who?.cookie ?? "", ...headers },
        }),
      );
    expect((await card(member)).status).toBe(404); // week 1 not played yet
    await weekOnePlayed();
    const res = await card(member);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, max-age=600");
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tag = res.headers.get("etag")!;
    expect((await card(owner, 1, { "if-none-match": tag })).status).toBe(304);
    for (const who of [null, stranger]) expect((await card(who)).status).toBe(404);
    expect((await card(member, 2)).status).toBe(404);
  }, 30_000);
});
