/**
 * Web Push (issue 31 items 2–3): devices, preferences, and delivery by the jobs holder to a LOCAL push
 * service — a Bun.serve in this file that receives the real HTTP requests, checks their VAPID header
 * with the server's public key and decrypts their bodies with the device's private key.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { deliverDue } from "../../src/modules/push/delivery.ts";
import { ingestEvents } from "../../src/modules/push/intake.ts";
import { planLeaguePickPushes } from "../../src/modules/push/league-picks.ts";
import { planLockReminders } from "../../src/modules/push/lock-reminders.ts";
import { startPushJob } from "../../src/modules/push/job.ts";
import { pushesOf } from "../../src/modules/push/repo.ts";
import { decryptPayload, verifyVapidAuthorization } from "../../src/modules/push/webpush.ts";
import {
  ADMIN,
  buildBet,
  buildFriendship,
  buildInvitation,
  buildLeague,
  type BuiltUser,
  seededSeason,
} from "../factories.ts";
import { type BrowserDevice, browserDevice } from "../push-devices.ts";
import { call, type TestContext } from "../support.ts";
import { onPostgres } from "../databases.ts";
import { sql } from "kysely";

const THU = "fake-w1-DAL-PHI"; // kicks off 2026-09-11T00:20:00Z
const SUBJECT = "mailto:ops@example.com";

/** The push service stand-in: what it received, and how it answers each path. */
interface Received {
  path: string;
  authorization: string;
  encoding: string | null;
  ttl: string | null;
  body: Uint8Array<ArrayBuffer>;
}
let pushService: Server<unknown>;
let received: Received[] = [];
const answers = new Map<string, number | "slow">();

beforeAll(() => {
  pushService = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({
        path,
        authorization: request.headers.get("authorization") ?? "",
        encoding: request.headers.get("content-encoding"),
        ttl: request.headers.get("ttl"),
        body: new Uint8Array(await request.arrayBuffer()),
      });
      const answer = answers.get(path) ?? 201;
      if (answer === "slow") await Bun.sleep(2_000);
      return new Response(null, { status: answer === "slow" ? 201 : answer });
    },
  });
});
afterAll(() => pushService.stop(true));

const origin = () => `http://127.0.0.1:${pushService.port}`;

let ctx: TestContext;
let admin: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;

beforeEach(async () => {
  received = [];
  answers.clear();
  ({
    ctx,
    people: { admin, alice, bob },
  } = await seededSeason({
    people: { admin: ADMIN, alice: { username: "alice" }, bob: { username: "bob" } },
    env: { PUSH_LOCAL_ENDPOINTS: "true" },
    // No DNS in tests: the one public push service named here resolves to one of Google's addresses.
    runtime: { resolveHost: async (host) => (host === "fcm.googleapis.com" ? ["142.250.74.106"] : []) },
  }));
  // The push cursor starts after what already happened (the seeding).
  await ingestEvents(ctx.db, ctx.clock.now());
});
afterEach(() => ctx.close());

type Device = BrowserDevice;
const device = (path: string) => browserDevice(`${origin()}${path}`);
const subscriptionOf = (d: Device, extra: Record<string, unknown> = {}) => ({
  endpoint: d.endpoint,
  keys: { p256dh: d.publicKey, auth: d.auth },
  expirationTime: null,
  ...extra,
});
async function subscribe(who: BuiltUser, d: Device, extra: Record<string, unknown> = {}) {
  const res = await call(ctx.app, "POST", "/api/push/subscriptions", {
    cookie: who.cookie,
    body: subscriptionOf(d, extra),
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}
const setPreferences = (who: BuiltUser, body: unknown) =>
  call(ctx.app, "PUT", "/api/push/preferences", { cookie: who.cookie, body });
const QUIET_OFF = {
  kinds: { settlements: true, lockReminder: true, friendRequests: true, leagueInvitations: true, leaguePicks: true },
  dailyCap: 6,
  quietHours: null,
  timeZone: "UTC",
};

const deliver = () => deliverDue(ctx.db, ctx.config, ctx.clock.now(), { subject: SUBJECT, timeoutMs: 500 });
/**
 * Reads the outbox up to its newest row. On PostgreSQL a committed row is read only once every older
 * transaction of the cluster has ended (the outbox's commit-safe order, by transaction then id), and
 * other test files share the cluster: ask again until the push cursor has passed that row.
 */
async function ingestAll() {
  const newest = onPostgres
    ? (
        await sql<{
          id: number;
          txid: string;
        }>`select id, txid::text as txid from outbox order by id desc limit 1`.execute(ctx.db)
      ).rows[0]
    : {
        id: Number(
          (
            await ctx.db
              .selectFrom("outbox")
              .select((eb) => eb.fn.max("id").as("id"))
              .executeTakeFirst()
          )?.id ?? 0,
        ),
        txid: null,
      };
  for (let i = 0; i < 250; i++) {
    await ingestEvents(ctx.db, ctx.clock.now());
    if (!newest) return;
    const cursor = await ctx.db.selectFrom("push_cursor").selectAll().executeTakeFirstOrThrow();
    const passed =
      newest.txid === null
        ? Number(cursor.last_id) >= newest.id
        : BigInt(cursor.last_txid ?? "0") > BigInt(newest.txid) ||
          (BigInt(cursor.last_txid ?? "0") === BigInt(newest.txid) && Number(cursor.last_id) >= newest.id);
    if (passed) return;
    await Bun.sleep(20);
  }
  throw new Error("the push cursor never passed the outbox's newest row");
}
/** Moves the clock on and runs a pass of the job: events → pushes → sent. */
async function pass(minutes = 1) {
  ctx.clock.set(new Date(ctx.clock.now().getTime() + minutes * 60_000).toISOString());
  await ingestAll();
  return deliver();
}
async function messageOf(r: Received, d: Device) {
  return JSON.parse(new TextDecoder().decode(await decryptPayload(r.body, d)));
}
const resolveThu = (homeScore: number, awayScore: number) =>
  call(ctx.app, "PATCH", `/api/games/${THU}`, {
    body: { homeScore, awayScore, status: "completed" },
    cookie: admin.cookie,
  });

describe("the public key", () => {
  test("is generated on first start, kept in the database and the same on every call", async () => {
    const first = await call(ctx.app, "GET", "/api/push/public-key");
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await call(ctx.app, "GET", "/api/push/public-key")).body).toEqual(first.body);
    const row = await ctx.db.selectFrom("push_keys").selectAll().executeTakeFirstOrThrow();
    expect(row.public_key).toBe(first.body.publicKey);
  });
});

describe("subscriptions", () => {
  test("one per device, listed to their owner only, removed by id", async () => {
    const phone = await device("/phone");
    const laptop = await device("/laptop");
    const made = await call(ctx.app, "POST", "/api/push/subscriptions", {
      cookie: alice.cookie,
      body: subscriptionOf(phone, { device: "Chrome on Android", timeZone: "America/Chicago" }),
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ device: "Chrome on Android", endpoint: phone.endpoint, lastSentAt: null });
    await subscribe(alice, laptop, { device: "Firefox on Linux" });
    // The same browser subscribing again renews its keys: still one row.
    await subscribe(alice, phone, { device: "Chrome on Android" });
    const list = await call(ctx.app, "GET", "/api/push/subscriptions", { cookie: alice.cookie });
    expect(list.body.devices.map((d: { device: string }) => d.device)).toEqual([
      "Chrome on Android",
      "Firefox on Linux",
    ]);
    expect((await call(ctx.app, "GET", "/api/push/subscriptions", { cookie: bob.cookie })).body.devices).toEqual([]);
    // Their first device set the zone the quiet hours are counted in.
    expect((await call(ctx.app, "GET", "/api/push/preferences", { cookie: alice.cookie })).body.timeZone).toBe(
      "America/Chicago",
    );

    const id = made.body.id;
    expect((await call(ctx.app, "DELETE", `/api/push/subscriptions/${id}`, { cookie: bob.cookie })).status).toBe(404);
    expect((await call(ctx.app, "DELETE", `/api/push/subscriptions/${id}`, { cookie: alice.cookie })).status).toBe(200);
    expect((await call(ctx.app, "DELETE", `/api/push/subscriptions/${id}`, { cookie: alice.cookie })).status).toBe(404);
    for (const spelled of ["1e0", "01", "1.0"]) {
      const refused = await call(ctx.app, "DELETE", `/api/push/subscriptions/${spelled}`, { cookie: alice.cookie });
      expect({ spelled, status: refused.status }).toEqual({ spelled, status: 400 });
    }
    const after = await call(ctx.app, "GET", "/api/push/subscriptions", { cookie: alice.cookie });
    expect(after.body.devices.map((d: { device: string }) => d.device)).toEqual(["Firefox on Linux"]);
  });

  test("bad input is refused with a message naming the field, and nothing is written", async () => {
    const d = await device("/x");
    const bad = [
      [{ ...subscriptionOf(d), endpoint: "http://push.example.com/x" }, "endpoint"],
      [{ ...subscriptionOf(d), endpoint: "https://10.1.2.3/x" }, "endpoint"],
      [{ ...subscriptionOf(d), endpoint: "https://192.168.1.5/x" }, "endpoint"],
      [{ ...subscriptionOf(d), endpoint: "https://printer.local/x" }, "endpoint"],
      [{ ...subscriptionOf(d), endpoint: "https://user:pw@push.example.com/x" }, "endpoint"],
      [{ ...subscriptionOf(d), endpoint: "not a url" }, "endpoint"],
      [{ ...subscriptionOf(d), keys: { p256dh: d.publicKey.slice(2), auth: d.auth } }, "p256dh"],
      [{ ...subscriptionOf(d), keys: { p256dh: d.publicKey, auth: `${d.auth}==` } }, "auth"],
      [{ ...subscriptionOf(d), keys: { p256dh: d.publicKey } }, "auth"],
      [{ ...subscriptionOf(d), timeZone: "Mars/Olympus" }, "timeZone"],
      [{ ...subscriptionOf(d), admin: true }, "admin"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call(ctx.app, "POST", "/api/push/subscriptions", { cookie: alice.cookie, body });
      expect({ status: res.status, field }).toEqual({ status: 400, field });
      expect(res.body.message).toContain(field);
      expect(typeof res.body.code).toBe("string");
    }
    expect(await ctx.db.selectFrom("push_subscriptions").selectAll().execute()).toEqual([]);
    expect((await call(ctx.app, "POST", "/api/push/subscriptions", { body: subscriptionOf(d) })).status).toBe(401);
  });

  test("an https push service is accepted; http on this machine only when the operator allows it", async () => {
    const d = await device("/x");
    const https = await call(ctx.app, "POST", "/api/push/subscriptions", {
      cookie: alice.cookie,
      body: { ...subscriptionOf(d), endpoint: "https://fcm.googleapis.com/fcm/send/abc" },
    });
    expect(https.status).toBe(201);
    const strict = await seededSeason({ people: { carol: {} } });
    try {
      const local = await call(strict.ctx.app, "POST", "/api/push/subscriptions", {
        cookie: strict.people.carol.cookie,
        body: subscriptionOf(d),
      });
      expect(local.status).toBe(400);
      expect(local.body.code).toBe("invalid_endpoint");
    } finally {
      await strict.ctx.close();
    }
  });

  test("deleting the account forgets its devices, preferences and pushes", async () => {
    await subscribe(alice, await device("/phone"));
    await setPreferences(alice, QUIET_OFF);
    expect((await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie })).status).toBe(202);
    const deleted = await call(ctx.app, "DELETE", "/api/user", {
      cookie: alice.cookie,
      body: { password: alice.password },
    });
    expect(deleted.status).toBe(200);
    for (const table of ["push_subscriptions", "push_preferences", "push_outbox"] as const)
      expect({ table, rows: await ctx.db.selectFrom(table).selectAll().execute() }).toEqual({ table, rows: [] });
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(received).toEqual([]);
  });

  test("at most 10 devices a player", async () => {
    for (let i = 0; i < 10; i++) await subscribe(alice, await device(`/d${i}`));
    const eleventh = await call(ctx.app, "POST", "/api/push/subscriptions", {
      cookie: alice.cookie,
      body: subscriptionOf(await device("/d10")),
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toMatchObject({ code: "too_many_devices" });
    // Renewing one of the ten is still fine.
    const again = await call(ctx.app, "GET", "/api/push/subscriptions", { cookie: alice.cookie });
    expect(again.body.devices).toHaveLength(10);
  });
});

describe("preferences", () => {
  test("defaults, then what the player chose; bad values refused", async () => {
    const defaults = await call(ctx.app, "GET", "/api/push/preferences", { cookie: alice.cookie });
    expect(defaults.body).toEqual({
      kinds: {
        settlements: true,
        lockReminder: true,
        friendRequests: true,
        leagueInvitations: true,
        leaguePicks: true,
      },
      dailyCap: 6,
      quietHours: { start: "22:00", end: "08:00" },
      timeZone: "UTC",
      saved: false, // the browser offers its own zone until the first save (issue 46 item 6)
    });
    const chosen = {
      kinds: {
        settlements: true,
        lockReminder: false,
        friendRequests: true,
        leagueInvitations: false,
        leaguePicks: true,
      },
      dailyCap: 3,
      quietHours: { start: "23:30", end: "07:00" },
      timeZone: "Europe/Berlin",
    };
    expect((await setPreferences(alice, chosen)).body).toEqual({ ...chosen, saved: true });
    expect((await call(ctx.app, "GET", "/api/push/preferences", { cookie: alice.cookie })).body).toEqual({
      ...chosen,
      saved: true,
    });
    const bad = [
      [{ ...chosen, timeZone: "Europe/Atlantis" }, "timeZone"],
      [{ ...chosen, timeZone: "../../etc" }, "timeZone"],
      [{ ...chosen, dailyCap: 0 }, "dailyCap"],
      [{ ...chosen, dailyCap: 2.5 }, "dailyCap"],
      [{ ...chosen, quietHours: { start: "24:00", end: "07:00" } }, "quietHours"],
      [{ ...chosen, quietHours: { start: "07:00", end: "07:00" } }, "quietHours"],
      [{ ...chosen, kinds: { ...chosen.kinds, pickRevealed: true } }, "pickRevealed"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await setPreferences(alice, body);
      expect({ status: res.status, field }).toEqual({ status: 400, field });
      expect(res.body.message).toContain(field);
    }
    expect((await call(ctx.app, "GET", "/api/push/preferences", { cookie: alice.cookie })).body).toEqual({
      ...chosen,
      saved: true,
    });
    expect((await call(ctx.app, "GET", "/api/push/preferences")).status).toBe(401);
  });
});

describe("delivery", () => {
  test("one push per game: three bets settled on one game arrive as one message, VAPID-signed and encrypted for the device; 410 removes a device", async () => {
    const phone = await device("/phone");
    const stale = await device("/expired");
    answers.set("/expired", 410);
    await subscribe(alice, phone);
    await subscribe(alice, stale);
    await setPreferences(alice, QUIET_OFF);
    // One bet per game per book: the individual book and two leagues' books.
    const first = await buildLeague(ctx, bob, { name: "First", members: [alice] });
    const second = await buildLeague(ctx, bob, { name: "Second", members: [alice] });
    await buildBet(ctx, alice, { gameId: THU, betType: "spread", selection: "Philadelphia Eagles" });
    await buildBet(ctx, alice, { gameId: THU, betType: "total", selection: "Over", leagueId: first.id });
    await buildBet(ctx, alice, {
      gameId: THU,
      betType: "moneyline",
      selection: "Philadelphia Eagles",
      leagueId: second.id,
    });
    ctx.clock.set("2026-09-11T04:00:00Z");
    expect((await resolveThu(30, 20)).status).toBe(200);
    await settleGame(ctx.db, ctx.clock.now(), THU);

    // Queued at once, sent once the rest of the game's settlements had time to arrive.
    await ingestAll();
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(received).toEqual([]);
    const report = await pass(1);
    expect(report).toMatchObject({ sent: 1, removedDevices: 1 });
    const toPhone = received.filter((r) => r.path === "/phone");
    expect(toPhone).toHaveLength(1);
    expect(toPhone[0]!.encoding).toBe("aes128gcm");
    expect(Number(toPhone[0]!.ttl)).toBeGreaterThan(0);

    const { publicKey } = (await call(ctx.app, "GET", "/api/push/public-key")).body;
    const claims = await verifyVapidAuthorization(toPhone[0]!.authorization, publicKey, origin(), ctx.clock.now());
    expect(claims).toMatchObject({ aud: origin(), sub: SUBJECT });
    // Spread −3.5 won +0.91U, total 45.5 over 50 won +0.91U, moneyline −175 won +0.57U.
    expect(await messageOf(toPhone[0]!, phone)).toEqual({
      title: "3 bets settled on DAL @ PHI: +2.4U",
      body: "See how they went in My Bets.",
      url: "/my-bets",
      tag: `game:${THU}`,
    });
    // The expired device is gone; the other keeps its last push.
    const devices = (await call(ctx.app, "GET", "/api/push/subscriptions", { cookie: alice.cookie })).body.devices;
    expect(devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([phone.endpoint]);
    expect(devices[0].lastSentAt).toBe(ctx.clock.now().toISOString());

    // Nothing more for that game, even when it is settled again.
    await settleGame(ctx.db, ctx.clock.now(), THU);
    await pass(5);
    expect(received.filter((r) => r.path === "/phone")).toHaveLength(1);
  });

  test("quiet hours in the player's zone hold a push until they end; the daily cap counts the player's own day", async () => {
    const phone = await device("/phone");
    await subscribe(alice, phone);
    await setPreferences(alice, {
      ...QUIET_OFF,
      dailyCap: 2,
      quietHours: { start: "22:00", end: "07:30" },
      timeZone: "America/New_York",
    });
    // 02:00 in New York (EDT, UTC−4): quiet.
    ctx.clock.set("2026-09-12T06:00:00Z");
    await buildFriendship(ctx, bob, alice, { pending: true });
    expect(await pass(0)).toMatchObject({ sent: 0, held: 1 });
    expect(received).toEqual([]);
    const [held] = await pushesOf(ctx.db, alice.user.id);
    expect(held).toMatchObject({ status: "pending", reason: "quiet hours", due_at: "2026-09-12T11:30:00.000Z" });
    ctx.clock.set("2026-09-12T11:29:00Z");
    expect(await pass(0)).toMatchObject({ sent: 0 });
    ctx.clock.set("2026-09-12T11:30:00Z");
    expect(await pass(0)).toMatchObject({ sent: 1 });
    expect(await messageOf(received[0]!, phone)).toMatchObject({
      title: "Friend request",
      body: "bob wants to be friends",
    });

    // The cap: a second push that day is sent, the third dropped.
    const league = await buildLeague(ctx, bob, { name: "Sunday Sharps" });
    await buildInvitation(ctx, league, bob, alice);
    expect(await pass(1)).toMatchObject({ sent: 1 });
    const carol = (await seededPeople()).carol;
    await buildFriendship(ctx, carol, alice, { pending: true });
    expect(await pass(1)).toMatchObject({ sent: 0, dropped: 1 });
    expect((await pushesOf(ctx.db, alice.user.id)).at(-1)).toMatchObject({ status: "dropped", reason: "daily cap" });
    // 23:59 New York is still the same day; 00:01 is the next one.
    ctx.clock.set("2026-09-13T03:59:00Z");
    const dave = (await seededPeople("dave")).dave;
    await setPreferences(alice, { ...QUIET_OFF, dailyCap: 2, timeZone: "America/New_York" });
    await buildFriendship(ctx, dave, alice, { pending: true });
    expect(await pass(0)).toMatchObject({ sent: 0, dropped: 1 });
    ctx.clock.set("2026-09-13T04:01:00Z");
    const erin = (await seededPeople("erin")).erin;
    await buildFriendship(ctx, erin, alice, { pending: true });
    expect(await pass(0)).toMatchObject({ sent: 1 });
    expect(received).toHaveLength(3);
  });

  test("a kind turned off is not pushed; a player without a device gets nothing queued", async () => {
    await subscribe(alice, await device("/phone"));
    await setPreferences(alice, { ...QUIET_OFF, kinds: { ...QUIET_OFF.kinds, friendRequests: false } });
    await buildFriendship(ctx, bob, alice, { pending: true });
    const carol = (await seededPeople()).carol;
    await buildFriendship(ctx, alice, carol, { pending: true }); // carol has no device
    expect(await pass(0)).toMatchObject({ sent: 0, dropped: 1 });
    expect((await pushesOf(ctx.db, alice.user.id))[0]).toMatchObject({ status: "dropped", reason: "kind off" });
    expect(await pushesOf(ctx.db, carol.user.id)).toEqual([]);
    expect(received).toEqual([]);
  });

  test("lock reminder: before unbet games lock, only while the prize is in reach; worthless after kick-off", async () => {
    const phone = await device("/phone");
    await subscribe(alice, phone);
    await subscribe(bob, await device("/bob"));
    await setPreferences(alice, QUIET_OFF);
    await setPreferences(bob, QUIET_OFF);
    // bob covers two of the week's three games: eligible already, no reminder.
    await buildBet(ctx, bob, { gameId: THU });
    await buildBet(ctx, bob, { gameId: "fake-w1-KC-BUF" });
    ctx.clock.set("2026-09-10T22:00:00Z"); // 2 h 20 min before Thursday's kick-off: too early
    expect(await planLockReminders(ctx.db, ctx.clock.now(), [])).toBe(0);
    ctx.clock.set("2026-09-10T23:20:00Z"); // 1 h before
    expect(await planLockReminders(ctx.db, ctx.clock.now(), [])).toBe(1);
    expect(await planLockReminders(ctx.db, ctx.clock.now(), [])).toBe(0); // once per kick-off
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(received.map((r) => r.path)).toEqual(["/phone"]);
    expect(await messageOf(received[0]!, phone)).toMatchObject({
      title: "1 game locks in 1 h — 2 left to stay eligible",
      url: "/",
    });

    // Held by quiet hours past the kick-off it warns of: dropped, never sent late.
    await setPreferences(alice, { ...QUIET_OFF, quietHours: { start: "00:00", end: "09:00" } });
    await ctx.db.deleteFrom("push_outbox").execute();
    ctx.clock.set("2026-09-13T16:10:00Z");
    expect(await planLockReminders(ctx.db, ctx.clock.now(), [])).toBe(1);
    await setPreferences(alice, { ...QUIET_OFF, quietHours: { start: "16:00", end: "18:00" } });
    expect(await deliver()).toMatchObject({ sent: 0, dropped: 1 });
    expect((await pushesOf(ctx.db, alice.user.id))[0]).toMatchObject({ status: "dropped", reason: "quiet hours" });
  });

  test("a failing push service is retried with backoff, a bounded number of times; a slow one times out", async () => {
    const d = await device("/broken");
    answers.set("/broken", 503);
    await subscribe(alice, d);
    expect((await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie })).status).toBe(202);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const report = await deliver();
      const [row] = await pushesOf(ctx.db, alice.user.id);
      if (attempt < 4) {
        expect(report).toMatchObject({ retried: 1 });
        delays.push(Date.parse(row!.due_at) - ctx.clock.now().getTime());
        ctx.clock.set(row!.due_at);
      } else expect(row).toMatchObject({ status: "failed", reason: "gave up after retries" });
    }
    expect(delays).toEqual([30_000, 120_000, 480_000, 1_920_000]);
    expect(received).toHaveLength(5);

    // A push service that does not answer in time: the attempt ends and is retried later.
    answers.set("/broken", "slow");
    ctx.clock.set("2026-09-09T13:00:00Z");
    expect((await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie })).status).toBe(202);
    const started = performance.now();
    expect(await deliver()).toMatchObject({ retried: 1 });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  test("the test notification goes to every device of the player's; without one it says what to do", async () => {
    const none = await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie, body: {} });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: "no_device", message: "Turn notifications on on this device first" });
    const a = await device("/a");
    const b = await device("/b");
    await subscribe(alice, a);
    await subscribe(alice, b);
    const asked = await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie, body: {} });
    expect(asked).toMatchObject({ status: 202, body: { devices: 2 } });
    expect(received).toEqual([]); // never on the request's path
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(received.map((r) => r.path).sort()).toEqual(["/a", "/b"]);
    expect(await messageOf(received.find((r) => r.path === "/b")!, b)).toMatchObject({ title: "Test notification" });
    expect((await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie, body: { x: 1 } })).status).toBe(400);
    expect((await call(ctx.app, "POST", "/api/push/test")).status).toBe(401);
  });

  test("the job, as the jobs holder runs it, sends what happened on its own", async () => {
    const phone = await device("/phone");
    await subscribe(alice, phone);
    await setPreferences(alice, QUIET_OFF);
    const stop = await startPushJob(ctx, 50);
    try {
      await buildFriendship(ctx, bob, alice, { pending: true });
      for (let i = 0; i < 200 && received.length === 0; i++) await Bun.sleep(50);
      expect(await messageOf(received[0]!, phone)).toMatchObject({ body: "bob wants to be friends" });
    } finally {
      await stop();
    }
  });
});

let extra = 0;
async function seededPeople<K extends string = "carol">(name: K = "carol" as K): Promise<Record<K, BuiltUser>> {
  const { buildUser } = await import("../factories.ts");
  extra += 1;
  return { [name]: await buildUser(ctx, { username: `${name}${extra}` }) } as Record<K, BuiltUser>;
}

describe("league picks: reveals and tails (issue 31 item 3)", () => {
  const SUN = "fake-w1-KC-BUF";

  test("a member hears how many of the others' picks a league revealed at kick-off, never before; a 'never' league is silent", async () => {
    const phone = await device("/bob-phone");
    await subscribe(bob, phone);
    await subscribe(alice, await device("/alice-phone"));
    await setPreferences(bob, QUIET_OFF);
    await setPreferences(alice, QUIET_OFF);
    const league = await buildLeague(ctx, alice, { name: "Sunday Sharps", members: [bob] });
    await buildLeague(ctx, alice, { name: "Poker Faces", members: [bob], revealPicks: "never" });
    await buildBet(ctx, alice, { gameId: THU });
    const eve = ctx.clock.now();
    ctx.clock.set("2026-09-11T00:19:00Z"); // a minute before Thursday's kick-off: still hidden
    expect(await planLeaguePickPushes(ctx.db, eve, ctx.clock.now())).toBe(0);
    const before = ctx.clock.now();
    ctx.clock.set("2026-09-11T00:21:00Z");
    // bob, for alice's pick; not alice (her own pick), not the 'never' league.
    expect(await planLeaguePickPushes(ctx.db, before, ctx.clock.now())).toBe(1);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(received.map((r) => r.path)).toEqual(["/bob-phone"]);
    expect(await messageOf(received[0]!, phone)).toMatchObject({
      title: "1 pick revealed in Sunday Sharps",
      url: `/leagues/${league.id}/picks`,
    });
    // The next window has nothing new.
    expect(await planLeaguePickPushes(ctx.db, ctx.clock.now(), new Date(ctx.clock.now().getTime() + 60_000))).toBe(0);
  });

  test("a pick's owner hears each tail of it, and the bell shows it; a player who turned league picks off hears none", async () => {
    const phone = await device("/alice-phone");
    await subscribe(alice, phone);
    await setPreferences(alice, QUIET_OFF);
    await buildLeague(ctx, alice, { name: "Week Starters", members: [bob], revealPicks: "week_start" });
    const pick = await buildBet(ctx, alice, { gameId: SUN });
    ctx.clock.set("2026-09-11T01:00:00Z"); // the week's first game has kicked off: Sunday's picks show
    const since = ctx.clock.now();
    ctx.clock.advance(30_000);
    const tail = await buildBet(ctx, bob, { gameId: SUN, tailOf: pick.id });
    ctx.clock.advance(30_000);
    expect(await planLeaguePickPushes(ctx.db, since, ctx.clock.now())).toBe(1);
    expect(await deliver()).toMatchObject({ sent: 1 });
    const message = await messageOf(received[0]!, phone);
    expect(message.title).toBe("bob tailed your pick");
    expect(message.body).toMatch(new RegExp(`^${pick.selection} [+-][0-9.]+ at [+-][0-9]+$`));
    const bell = await call(ctx.app, "GET", "/api/notifications", { cookie: alice.cookie });
    expect(bell.body.items).toContainEqual(
      expect.objectContaining({
        id: `tail-${tail.id}`,
        type: "pick_tailed",
        title: "bob tailed your pick",
        body: message.body,
      }),
    );

    await setPreferences(alice, { ...QUIET_OFF, kinds: { ...QUIET_OFF.kinds, leaguePicks: false } });
    const carol = await buildBet(ctx, admin, { gameId: SUN, tailOf: pick.id }).catch(() => null);
    expect(carol).toBeNull(); // not a member: no pick to tail
    await ctx.db.deleteFrom("push_outbox").execute();
    await ctx.db.deleteFrom("bets").where("id", "=", tail.id).execute();
    const again = await buildBet(ctx, bob, { gameId: SUN, tailOf: pick.id });
    expect(again.id).toBeGreaterThan(0);
    expect(await planLeaguePickPushes(ctx.db, since, ctx.clock.now())).toBe(1);
    expect(await deliver()).toMatchObject({ sent: 0, dropped: 1 });
  });
});
