/**
 * The invariant leagues are built on (issue 40): a pick is its owner's alone until its reveal time.
 *
 * Alice plants pending picks every way the audit found a leak — straight bets, a parlay whose first
 * leg already lost, a contest league's book, picks placed before she joined a league, picks in
 * leagues of each reveal rule ("once you've picked" among them), and a rule its admin flipped mid-week — and then EVERY GET operation
 * of the OpenAPI document is walked as every caller (signed out, a stranger, a friend, a league-mate,
 * the leagues' admin, a site admin), each with every value its path takes, while each caller holds a
 * `/ws` socket and a push device. No answer, socket message, push payload or bell entry may carry
 * one of her pending picks: not its id (bet ids start at a canary value), not its note, not a
 * bet-shaped object tied to her. A route added later is walked without touching this file. The pages
 * the server renders (src/http/ssr/) are walked too: their HTML, and the answers they carry for the
 * browser, may show no more than the API would.
 *
 * Pools (issue 45) are planted too: her pending picks in a pick'em pool locking the whole week, a
 * confidence pool locking game by game (with a tiebreaker guess) and a survivor pool (this week's
 * team and next week's). A pool pick is recognised by its shape (a selection with its price or
 * points) and a pending tiebreaker guess by a member row of hers carrying one.
 *
 * Issue 47 adds two more ways out: league talk and league webhooks. Every caller tries to comment on
 * each of her hidden picks in every league (all refused, nothing stored), the walk reads each pick's
 * thread, and every league has a Discord, a Slack and a JSON webhook to a local receiver for every
 * event; the receiver's bodies (decoded: embeds, blocks, JSON) go through the same detector, plus a
 * line naming her pick in a chat message.
 *
 * The same walk, once her picks' games have kicked off, must find them (the detector works).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { sql } from "kysely";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { deliverDue } from "../../src/modules/push/delivery.ts";
import { ingestEvents } from "../../src/modules/push/intake.ts";
import { planLeaguePickPushes } from "../../src/modules/push/league-picks.ts";
import { planLockReminders } from "../../src/modules/push/lock-reminders.ts";
import { planPoolPushes } from "../../src/modules/push/pool-pushes.ts";
import { planRecapPushes } from "../../src/modules/push/recap-pushes.ts";
import { decryptPayload } from "../../src/modules/push/webpush.ts";
import { deliverDue as deliverWebhooks } from "../../src/modules/webhooks/delivery.ts";
import { ingestEvents as ingestWebhookEvents, planRecaps, planReveals } from "../../src/modules/webhooks/intake.ts";
import { OutboxDispatcher } from "../../src/runtime/dispatcher.ts";
import { copiesSettled, onPostgres } from "../databases.ts";
import { ADMIN, buildFriendship, type BuiltUser, seededSeason } from "../factories.ts";
import type { FakeProvider } from "../fake-provider.ts";
import { type BrowserDevice, browserDevice, recordingPushService } from "../push-devices.ts";
import { BASE, call, type TestContext } from "../support.ts";
import { LATE, moneyline, over, spread, SUN, THU, WEEK2, WEEK2_LATE } from "./league-fixtures.ts";

/** Every bet placed after the world is built gets an id from here up: a number no other answer carries. */
const CANARY_FIRST_ID = 7_700_001;
const CANARY = /(?<![0-9])77000[0-9]{2}(?![0-9])/g;
const NOTE = "canary-note";

type Caller = { name: string; who: BuiltUser | null };

let ctx: TestContext;
let provider: FakeProvider;
let dispatcher: OutboxDispatcher;
let pushService: Server<unknown>;
let origin: string;
let alice: BuiltUser;
let callers: Caller[];
const leagues: Record<string, { id: number; token: string }> = {};
let controlPick: number;
const secretPicks: number[] = [];
const devices = new Map<string, BrowserDevice>();
let pushed: { path: string; body: Uint8Array<ArrayBuffer> }[] = [];
const sockets: WebSocket[] = [];
let webhookReceiver: Server<unknown>;
/** What each league's webhooks received, by path (/<league>/<kind>), decoded to the text a chat shows. */
const hooked: { path: string; body: string }[] = [];

async function ok<T = any>(who: BuiltUser | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(ctx.app, method, path, { body, cookie: who?.cookie });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

async function createLeague(owner: BuiltUser, name: string, extra: Record<string, unknown> = {}) {
  const body = {
    name,
    isPublic: true,
    rules: { allowedBetTypes: ["spread", "total", "moneyline", "prop", "parlay"] },
    createdBy: owner.user.id,
    ...extra,
  };
  const league = await ok<{ id: number }>(owner, "POST", "/api/leagues", body);
  const { inviteToken } = await ok<{ inviteToken: string }>(owner, "GET", `/api/leagues/${league.id}/invite-link`);
  return { id: league.id, token: inviteToken };
}

const joinBy = (who: BuiltUser, token: string) => ok(who, "POST", `/api/leagues/join-by-token/${token}`, {});

async function bet(who: BuiltUser, pick: Record<string, unknown>, leagueId: number | null = null, note?: string) {
  return (await ok<{ id: number }>(who, "POST", "/api/bets", { units: 1, leagueId, note: note ?? null, ...pick })).id;
}

/** Starts bet ids at the canary, on either engine. */
async function startBetIdsAtCanary() {
  if (onPostgres) await sql`alter table bets alter column id restart with ${sql.lit(CANARY_FIRST_ID)}`.execute(ctx.db);
  else await sql`update sqlite_sequence set seq = ${CANARY_FIRST_ID - 1} where name = 'bets'`.execute(ctx.db);
}

async function subscribeDevice(caller: Caller) {
  if (!caller.who) return;
  const device = await browserDevice(`http://127.0.0.1:${pushService.port}/device/${caller.name}`);
  devices.set(caller.name, device);
  await ok(caller.who, "POST", "/api/push/subscriptions", {
    endpoint: device.endpoint,
    keys: { p256dh: device.publicKey, auth: device.auth },
    expirationTime: null,
  });
  await ok(caller.who, "PUT", "/api/push/preferences", {
    kinds: { settlements: true, lockReminder: true, friendRequests: true, leagueInvitations: true, leaguePicks: true },
    dailyCap: 20,
    quietHours: null,
    timeZone: "UTC",
  });
}

/** A socket per caller, recording every message it hears. */
async function openSocket(caller: Caller): Promise<{ ws: WebSocket; messages: string[] }> {
  const headers: Record<string, string> = { origin };
  if (caller.who) headers.cookie = caller.who.cookie;
  const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, { headers } as unknown as string[]);
  const messages: string[] = [];
  ws.addEventListener("message", (e) => messages.push(String(e.data)));
  sockets.push(ws);
  const deadline = Date.now() + 5000;
  while (messages.length === 0) {
    if (Date.now() > deadline) throw new Error(`no hello on ${caller.name}'s socket`);
    await Bun.sleep(5);
  }
  return { ws, messages };
}

// ---- The walk ----

interface Parameter {
  name: string;
  in: "path" | "query";
  required?: boolean;
  schema?: { enum?: unknown[]; anyOf?: { const?: unknown }[] };
}

/** What each path parameter is tried with; a name not listed takes every value of them all. */
async function pathValues(): Promise<Record<string, string[]>> {
  const users = await ctx.db.selectFrom("users").select(["id", "username"]).execute();
  const games = await ctx.db.selectFrom("games").select("id").execute();
  const values: Record<string, string[]> = {
    userId: users.map((u) => String(u.id)),
    friendId: users.map((u) => String(u.id)),
    username: users.map((u) => u.username),
    id: [
      ...Object.values(leagues).map((l) => String(l.id)),
      ...games.map((g) => g.id),
      ...secretPicks.map(String),
      String(controlPick),
    ],
    week: ["1", "2"],
    period: ["season", "1", "2"],
    token: Object.values(leagues).map((l) => l.token),
  };
  return values;
}

/** Values for a query parameter: its enum's, else a few by its name; none for optional paging fields. */
function queryValues(p: Parameter): string[] {
  const choices = p.schema?.enum ?? p.schema?.anyOf?.map((s) => s.const).filter((c) => c !== undefined);
  if (choices?.length) return choices.map(String);
  if (p.name === "week") return ["1", "2"];
  // A pick's comment thread: every hidden pick's, and the control's.
  if (p.name === "betId") return [...secretPicks, controlPick].map(String);
  if (p.name === "q") return ["alice", "Bills", NOTE];
  return p.required ? ["1"] : [];
}

/** A concrete GET, and whether a path parameter named alice (her id as a user, or her name). */
interface Get {
  url: string;
  aboutAlice: boolean;
}

const PERSON_PARAMS = new Set(["userId", "friendId", "username"]);

/** The app's screens the server renders a first screen of, with every value their addresses take. */
function pages(byName: Record<string, string[]>, hers: Set<string>): Get[] {
  const screens = [
    "/",
    "/?week=2",
    "/leaderboard",
    "/leaderboard?view=overall",
    "/leaderboard?week=2",
    "/contest-rules",
  ];
  return [
    ...[...screens, "/my-bets", "/analytics", "/leagues", "/friends", "/settings"].map((url) => ({
      url,
      aboutAlice: false,
    })),
    ...byName.username!.map((name) => ({ url: `/players/${encodeURIComponent(name)}`, aboutAlice: hers.has(name) })),
    ...byName.token!.map((token) => ({ url: `/invite/${token}`, aboutAlice: false })),
    // Each league's page and its sections (issue 44): the trace of hidden picks, the sweat room, the recap.
    ...Object.values(leagues).flatMap((l) =>
      ["", "/week", "/picks", "/talk", "/sweat", "/recap?week=1", "/members", "/history", "?week=1"].map((section) => ({
        url: `/leagues/${l.id}${section}`,
        aboutAlice: false,
      })),
    ),
  ];
}

/** Every GET of the document as concrete URLs: each path value, the base query, then one optional query field at a time. */
async function everyGet(): Promise<Get[]> {
  const doc = await ok<{ paths: Record<string, { get?: { parameters?: Parameter[] } }> }>(
    null,
    "GET",
    "/api/openapi.json",
  );
  const byName = await pathValues();
  const everything = [...new Set(Object.values(byName).flat())];
  const hers = new Set([String(alice.user.id), alice.user.username]);
  const urls: Get[] = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    if (!ops.get) continue;
    const params = ops.get.parameters ?? [];
    let paths = [{ url: template, aboutAlice: false }];
    for (const p of params.filter((p) => p.in === "path")) {
      const values = byName[p.name] ?? everything;
      paths = paths.flatMap((path) =>
        values.map((v) => ({
          url: path.url.replace(`{${p.name}}`, encodeURIComponent(v)),
          aboutAlice: path.aboutAlice || (PERSON_PARAMS.has(p.name) && hers.has(v)),
        })),
      );
    }
    const query = params.filter((p) => p.in === "query");
    const required = query.filter((p) => p.required);
    const bases = required.reduce<URLSearchParams[]>(
      (acc, p) => acc.flatMap((q) => queryValues(p).map((v) => new URLSearchParams([...q, [p.name, v]]))),
      [new URLSearchParams()],
    );
    for (const { url: path, aboutAlice } of paths) {
      for (const base of bases) {
        urls.push({ url: base.size ? `${path}?${base}` : path, aboutAlice });
        for (const p of query.filter((p) => !p.required)) {
          for (const v of queryValues(p))
            urls.push({ url: `${path}?${new URLSearchParams([...base, [p.name, v]])}`, aboutAlice });
        }
      }
    }
  }
  return [...urls, ...pages(byName, hers)];
}

interface Answer extends Get {
  caller: string;
  status: number;
  text: string;
}

async function walk(): Promise<Answer[]> {
  const urls = await everyGet();
  const answers: Answer[] = [];
  for (const caller of callers) {
    for (const get of urls) {
      const headers: Record<string, string> = { origin: BASE };
      if (caller.who) headers.cookie = caller.who.cookie;
      const res = await ctx.app.handle(new Request(`${BASE}${get.url}`, { headers }));
      answers.push({ ...get, caller: caller.name, status: res.status, text: await res.text() });
    }
  }
  return answers;
}

/** Bet-shaped objects (a selection at a price) tied to alice by her id or name, anywhere in a JSON answer. */
function aliceBetsIn(value: unknown, aboutAlice: boolean): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => aliceBetsIn(v, aboutAlice));
  if (value === null || typeof value !== "object") return [];
  const o = value as Record<string, any>;
  const hers =
    o.userId === alice.user.id ||
    o.player?.userId === alice.user.id ||
    (typeof o.username === "string" && o.username.toLowerCase() === alice.user.username.toLowerCase());
  const pick = "selection" in o && ("odds" in o || "points" in o);
  // A pool member's row of hers with a tiebreaker guess: her guess shows only once its game has locked.
  const guess = hers && typeof o.tiebreaker === "number" && "picked" in o;
  const found = (pick && (hers || aboutAlice)) || guess ? [o] : [];
  return [...found, ...Object.values(o).flatMap((v) => aliceBetsIn(v, aboutAlice || hers))];
}

/**
 * What a webhook body gives away: the detector below on the JSON (Discord's and Slack's too), and in a
 * chat message's text a line naming one of her picks ("alice: Buffalo Bills -3.5 …").
 */
function webhookLeaks(body: string): string[] {
  const found = leaks(body);
  if (/\balice: /.test(body)) found.push(`a chat line naming alice's pick: ${body.match(/alice: [^"\\]*/)?.[0]}`);
  return found;
}

/** The answers a rendered page carries for the browser (web/app/first-screen.ts), as JSON text; null for any other text. */
function firstScreenData(text: string): string | null {
  return /<script type="application\/json" id="npt-first-screen">(.*?)<\/script>/s.exec(text)?.[1] ?? null;
}

/** What in one answer, message or payload gives one of alice's pending picks away. */
function leaks(text: string, aboutAlice = false): string[] {
  const found: string[] = [];
  const ids = [...new Set([...text.matchAll(CANARY)].map((m) => m[0]))];
  if (ids.length) found.push(`pending picks' ids ${ids.join(", ")}`);
  if (text.includes(NOTE)) found.push("a pending pick's note");
  try {
    const bets = aliceBetsIn(JSON.parse(firstScreenData(text) ?? text), aboutAlice);
    if (bets.length) found.push(`alice's bet ${JSON.stringify(bets[0]).slice(0, 160)}`);
  } catch {
    // not JSON (a CSV export): the id and note checks above cover it
  }
  return found;
}

function leaksToOthers(answers: Answer[]): string[] {
  return answers
    .filter((a) => a.caller !== "alice")
    .flatMap((a) => leaks(a.text, a.aboutAlice).map((what) => `${a.caller} GET ${a.url} (${a.status}): ${what}`));
}

// ---- The world ----

beforeAll(async () => {
  ({ server: pushService, received: pushed } = recordingPushService());
  const world = await seededSeason({
    people: {
      admin: ADMIN,
      alice: { username: "alice" },
      stranger: { username: "stranger" },
      friend: { username: "friend" },
      mate: { username: "mate" },
      commish: { username: "commish" },
    },
    env: { PUSH_LOCAL_ENDPOINTS: "true", WEBHOOK_LOCAL_TARGETS: "true" },
  });
  ({ ctx, provider } = world);
  const { admin, stranger, friend, mate, commish } = world.people;
  alice = world.people.alice;
  callers = [
    { name: "signed-out", who: null },
    { name: "stranger", who: stranger },
    { name: "friend", who: friend },
    { name: "league-mate", who: mate },
    { name: "league-admin", who: commish },
    { name: "site-admin", who: admin },
    { name: "alice", who: alice },
  ];
  await buildFriendship(ctx, alice, friend);
  await ok(alice, "PUT", "/api/user/profile-visibility", { visibility: "everyone" });

  // Wednesday before week 1: the leagues, alice in all but one, then everyone's picks.
  leagues.kickoff = await createLeague(commish, "Kickoff League");
  leagues.flip = await createLeague(commish, "Flip League");
  leagues.never = await createLeague(commish, "Never League", { revealPicks: "never" });
  leagues.picked = await createLeague(commish, "Picked League", { revealPicks: "picked" });
  leagues.lateJoin = await createLeague(commish, "Late Join League", { revealPicks: "week_start" });
  leagues.contest = await createLeague(commish, "Contest League", { startingBankroll: 1000 });
  for (const league of [leagues.kickoff, leagues.flip, leagues.never, leagues.picked, leagues.contest]) {
    await joinBy(alice, league.token);
    await joinBy(mate, league.token);
  }
  await joinBy(mate, leagues.lateJoin.token);
  controlPick = await bet(mate, spread(THU, "Philadelphia Eagles"));
  leagues.pickem = await createLeague(commish, "Pickem Pool", { format: "pickem", pool: { lock: "week" } });
  leagues.confidence = await createLeague(commish, "Confidence Pool", { format: "confidence" });
  leagues.survivor = await createLeague(commish, "Survivor Pool", { format: "survivor" });
  for (const pool of [leagues.pickem, leagues.confidence, leagues.survivor]) {
    await joinBy(alice, pool.token);
    await joinBy(mate, pool.token);
  }
  // The pools' control: mate's confidence pick on Thursday's game, shown once it kicks off.
  await ok(mate, "PUT", `/api/leagues/${leagues.confidence.id}/pool/1`, {
    picks: [{ gameId: THU, selection: "Dallas Cowboys", points: 1 }],
  });
  // Alice's pool picks, every one still pending on Sunday morning.
  await ok(alice, "PUT", `/api/leagues/${leagues.pickem.id}/pool/2`, {
    picks: [
      { gameId: WEEK2, selection: "Kansas City Chiefs" },
      { gameId: WEEK2_LATE, selection: "Buffalo Bills" },
    ],
    tiebreaker: 77,
  });
  await ok(alice, "PUT", `/api/leagues/${leagues.confidence.id}/pool/1`, {
    picks: [
      { gameId: SUN, selection: "Kansas City Chiefs", points: 3 },
      { gameId: LATE, selection: "San Francisco 49ers", points: 2 },
    ],
    tiebreaker: 49,
  });
  await ok(alice, "PUT", `/api/leagues/${leagues.survivor.id}/pool/1`, {
    picks: [{ gameId: SUN, selection: "Buffalo Bills" }],
  });
  await ok(alice, "PUT", `/api/leagues/${leagues.survivor.id}/pool/2`, {
    picks: [{ gameId: WEEK2_LATE, selection: "Dallas Cowboys" }],
  });
  // Every league tells its group chat everything, in each format.
  webhookReceiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      hooked.push({ path: new URL(request.url).pathname, body: await request.text() });
      return new Response(null, { status: 204 });
    },
  });
  for (const [name, league] of Object.entries(leagues))
    for (const kind of ["discord", "slack", "json"])
      await ok(commish, "POST", `/api/leagues/${league.id}/webhooks`, {
        url: `http://127.0.0.1:${webhookReceiver.port}/${name}/${kind}`,
        kind,
        events: ["picks_revealed", "bets_settled", "weekly_recap", "commissioner_post"],
      });

  await startBetIdsAtCanary();
  const games = await ok<{ id: string; playerProps: { id: number }[] }[]>(alice, "GET", "/api/games");
  const propId = games.find((g) => g.id === WEEK2_LATE)!.playerProps[0]!.id;
  secretPicks.push(
    await bet(alice, spread(SUN, "Buffalo Bills"), null, `${NOTE}-1`),
    await bet(alice, over(LATE), null, `${NOTE}-2`),
    await bet(alice, moneyline(WEEK2, "Kansas City Chiefs"), null, `${NOTE}-3`),
    await bet(
      alice,
      { gameId: WEEK2_LATE, betType: "prop", propId, selection: "Over", odds: -115, point: 245.5 },
      null,
      `${NOTE}-4`,
    ),
    await bet(alice, spread(SUN, "Kansas City Chiefs", 3.5), leagues.contest.id, `${NOTE}-5`),
    (
      await ok<{ id: number }>(alice, "POST", "/api/parlays", {
        legs: [{ ...moneyline(THU, "Dallas Cowboys"), odds: 150 }, spread(LATE, "Seattle Seahawks")],
        units: 1,
        note: `${NOTE}-6`,
        leagueId: null,
      })
    ).id,
  );
  expect(secretPicks.every((id) => id >= CANARY_FIRST_ID)).toBe(true);

  // Sockets and push devices for everyone, and the real-time fan-out running.
  await copiesSettled();
  dispatcher = new OutboxDispatcher(ctx.db, ctx.bus, ctx.clock, ctx.logger, 10);
  await dispatcher.start();
  ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
  origin = `http://127.0.0.1:${ctx.app.server!.port}`;
  for (const caller of callers) await subscribeDevice(caller);
  await ingestEvents(ctx.db, ctx.clock.now());
  await ingestWebhookEvents(ctx.db, ctx.clock.now());
}, 60_000);

afterAll(async () => {
  for (const ws of sockets) ws.close();
  await dispatcher?.stop();
  if (ctx?.app.server) await ctx.app.stop();
  pushService?.stop(true);
  webhookReceiver?.stop(true);
  await ctx?.close();
});

/** Runs the push job's and the league webhooks job's steps over the window, as the jobs holder would. */
async function pushPass(since: Date) {
  const now = ctx.clock.now();
  for (let i = 0; i < 50; i++) {
    await ingestEvents(ctx.db, now);
    await ingestWebhookEvents(ctx.db, now);
    await Bun.sleep(onPostgres ? 20 : 0);
  }
  await planLockReminders(ctx.db, now, ctx.config.adminEmails);
  await planLeaguePickPushes(ctx.db, since, now);
  await planPoolPushes(ctx.db, since, now);
  await planRecapPushes(ctx.db, now);
  await deliverDue(ctx.db, ctx.config, now, { subject: "mailto:ops@example.com", timeoutMs: 2000 });
  await planReveals(ctx.db, since, now);
  await planRecaps(ctx.db, now);
  await deliverWebhooks(ctx.db, ctx.config, now, { timeoutMs: 2000 });
}

/** Every caller asks to comment on each of alice's hidden picks, in every league: each is refused. */
async function commentOnHiddenPicks(): Promise<string[]> {
  const accepted: string[] = [];
  for (const caller of callers.filter((c) => c.who && c.name !== "alice"))
    for (const [name, league] of Object.entries(leagues))
      for (const betId of secretPicks) {
        const res = await call(ctx.app, "POST", `/api/leagues/${league.id}/comments`, {
          cookie: caller.who!.cookie,
          body: { text: "nice pick", betId },
        });
        if (res.status < 400 || ![403, 404].includes(res.status))
          accepted.push(`${caller.name} ${name} ${betId}: ${res.status}`);
      }
  return accepted;
}

async function decryptedPushes(): Promise<{ device: string; text: string }[]> {
  return Promise.all(
    pushed.map(async (p) => {
      const name = p.path.replace("/device/", "");
      const text = new TextDecoder().decode(await decryptPayload(p.body, devices.get(name)!));
      return { device: name, text };
    }),
  );
}

describe("a pick stays its owner's until its reveal time, on every path (issue 40)", () => {
  test("Sunday morning of week 1: no answer, socket message, push or bell entry gives any of alice's pending picks away", async () => {
    const heard = await Promise.all(callers.map(async (c) => ({ caller: c.name, ...(await openSocket(c)) })));
    const since = ctx.clock.now();
    // No thread of a hidden pick: every attempt to comment on one is refused, and nothing is stored.
    expect(await commentOnHiddenPicks()).toEqual([]);
    expect(await ctx.db.selectFrom("league_comments").select("id").execute()).toEqual([]);
    const commish = callers.find((c) => c.name === "league-admin")!.who!;
    await ok(commish, "POST", `/api/leagues/${leagues.kickoff!.id}/comments`, { text: "Dues by Friday", pinned: true });
    await ok(
      callers.find((c) => c.name === "league-mate")!.who!,
      "POST",
      `/api/leagues/${leagues.kickoff!.id}/comments`,
      {
        text: "Good luck all",
      },
    );
    await pushPass(since); // the jobs holder runs every few seconds: it reads the post before the day is out

    // Thursday's game kicks off and ends: Dallas lost, so alice's parlay is lost with its evening leg to play.
    ctx.clock.set("2026-09-11T04:30:00Z");
    const admin = callers.find((c) => c.name === "site-admin")!.who!;
    await ok(admin, "PATCH", `/api/games/${THU}`, { homeScore: 24, awayScore: 17, status: "completed" });
    await settleGame(ctx.db, ctx.clock.now(), THU);
    await pushPass(since);
    ctx.clock.set("2026-09-11T04:45:00Z"); // settlement pushes wait a few minutes to merge
    await pushPass(ctx.clock.now());
    ctx.clock.set("2026-09-12T12:00:00Z");
    // Thursday's pick shows now: the league talks about it.
    await ok(commish, "POST", `/api/leagues/${leagues.kickoff!.id}/comments`, {
      text: "Eagles, bold",
      betId: controlPick,
    });
    // The admin of "Flip League" flips it to the week's first kick-off, and alice opens "Late Join League"'s invite link.
    await ok(commish, "PUT", `/api/leagues/${leagues.flip!.id}`, {
      name: "Flip League",
      isPublic: true,
      rules: { allowedBetTypes: ["spread", "total", "moneyline", "prop", "parlay"] },
      revealPicks: "week_start",
    });
    await joinBy(alice, leagues.lateJoin!.token);
    provider.spreadShift = -1; // the market moves: line history and odds messages go out
    await syncGames(ctx.db, provider, ctx.clock.now());
    // Half an hour before Sunday's first kick-off: lock reminders go out; alice's picks are all still hers.
    const friday = ctx.clock.now();
    ctx.clock.set("2026-09-13T16:30:00Z");
    await pushPass(friday);
    await Bun.sleep(300); // the dispatcher delivers what was committed

    const answers = await walk();
    // The walk reached what it must: alice sees her picks, the league-mate's revealed pick reaches the others.
    const own = answers.find((a) => a.caller === "alice" && a.url === `/api/users/${alice.user.id}/bets`)!;
    expect(own.status).toBe(200);
    for (const id of secretPicks) expect(own.text).toContain(String(id));
    const feed = answers.find(
      (a) => a.caller === "league-admin" && a.url === `/api/picks/league/${leagues.kickoff!.id}`,
    )!;
    expect(feed.status).toBe(200);
    expect(JSON.parse(feed.text).picks.map((p: { id: number }) => p.id)).toEqual([controlPick]);
    // A pool shows mate's locked pick to its members, and alice her own pending ones.
    const sheet = answers.find(
      (a) => a.caller === "league-admin" && a.url === `/api/leagues/${leagues.confidence!.id}/pool/1`,
    )!;
    expect(sheet.status).toBe(200);
    const mateRow = JSON.parse(sheet.text).members.find((m: { username: string }) => m.username === "mate");
    expect(mateRow.picks.map((p: { gameId: string }) => p.gameId)).toEqual([THU]);
    const ownSheet = answers.find(
      (a) => a.caller === "alice" && a.url === `/api/leagues/${leagues.survivor!.id}/pool/2`,
    )!;
    expect(JSON.parse(ownSheet.text).picks.map((p: { selection: string }) => p.selection)).toEqual(["Dallas Cowboys"]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(500);

    expect(leaksToOthers(answers)).toEqual([]);
    const onSockets = heard
      .filter((s) => s.caller !== "alice")
      .flatMap((s) => s.messages.flatMap((m) => leaks(m).map((what) => `${s.caller} /ws: ${what}`)));
    expect(onSockets).toEqual([]);
    // The channels carried what they should: alice heard her settlement; the league heard of a reveal.
    expect(heard.find((s) => s.caller === "alice")!.messages.some((m) => m.includes('"bet_settlements"'))).toBe(true);
    const payloads = await decryptedPushes();
    expect(payloads.some((p) => p.device === "league-admin" && p.text.includes("revealed in Kickoff League"))).toBe(
      true,
    );
    // The pools reminded whoever still needed picks half an hour before Sunday's kick-off (counts, never picks).
    expect(payloads.some((p) => p.device === "league-admin" && p.text.includes("You still need"))).toBe(true);
    expect(
      payloads.filter((p) => p.device !== "alice").flatMap((p) => leaks(p.text).map((w) => `${p.device} push: ${w}`)),
    ).toEqual([]);
    // Still no thread of a hidden pick, Sunday morning as on Wednesday.
    expect(await commentOnHiddenPicks()).toEqual([]);
    // The group chats heard what they should (a commissioner post, Thursday's game settled, the league-mate's
    // pick revealed), every format decoded, and nothing of alice's pending picks.
    const paths = hooked.map((h) => h.path);
    for (const kind of ["discord", "slack", "json"]) expect(paths).toContain(`/kickoff/${kind}`);
    expect(hooked.some((h) => h.path === "/kickoff/json" && h.body.includes('"event":"commissioner_post"'))).toBe(true);
    expect(hooked.some((h) => h.path === "/kickoff/discord" && h.body.includes("mate: Philadelphia Eagles"))).toBe(
      true,
    );
    expect(hooked.some((h) => h.path === "/kickoff/json" && h.body.includes('"event":"bets_settled"'))).toBe(true);
    expect(hooked.flatMap((h) => webhookLeaks(h.body).map((w) => `webhook ${h.path}: ${w}`))).toEqual([]);
  }, 180_000);

  test("once her games have kicked off, the same walk finds her picks where they belong (the detector works)", async () => {
    ctx.clock.set("2026-09-20T21:00:00Z"); // every game of both weeks has kicked off
    const answers = await walk();
    const found = leaksToOthers(answers);
    // "Kickoff League" shows them to its members now, and her profile lists them to everyone.
    expect(found.some((f) => f.startsWith(`league-admin GET /api/picks/league/${leagues.kickoff!.id} `))).toBe(true);
    expect(found.some((f) => f.startsWith("signed-out GET /api/players/alice"))).toBe(true);
    // Every pool shows her picks to its members now (the survivor's both weeks, the week-locked pick'em's guess too).
    for (const pool of [leagues.pickem!, leagues.confidence!, leagues.survivor!])
      expect(found.some((f) => f.startsWith(`league-mate GET /api/leagues/${pool.id}/pool/`))).toBe(true);
    expect(found.some((f) => f.startsWith(`league-mate GET /api/leagues/${leagues.pickem!.id}/pool/2 `))).toBe(true);
    // Never to anyone outside the pool.
    for (const pool of [leagues.pickem!, leagues.confidence!, leagues.survivor!])
      expect(
        found.filter((f) => f.includes(`/api/leagues/${pool.id}/pool/`) && !/^(league-mate|league-admin) /.test(f)),
      ).toEqual([]);
    // Her profile's page, rendered on the server, carries them too (the page walk detects).
    expect(found.some((f) => f.startsWith("signed-out GET /players/alice "))).toBe(true);
    // Still never: "Never League", or a league she joined after placing them.
    expect(found.filter((f) => f.includes(`/api/picks/league/${leagues.never!.id} `))).toEqual([]);
    expect(found.filter((f) => f.includes(`/api/picks/league/${leagues.lateJoin!.id} `))).toEqual([]);
    // Nothing ever shows a note.
    expect(found.filter((f) => f.includes("note"))).toEqual([]);
    // The group chats hear of them too, now: "Kickoff League" in every format; never "Never League" or "Late Join League".
    const before = hooked.length;
    await pushPass(new Date("2026-09-13T16:30:00Z"));
    const told = hooked.slice(before).flatMap((h) => webhookLeaks(h.body).map((w) => `${h.path}: ${w}`));
    for (const kind of ["discord", "slack", "json"])
      expect(told.some((t) => t.startsWith(`/kickoff/${kind}:`))).toBe(true);
    expect(told.filter((t) => t.startsWith("/never/") || t.startsWith("/lateJoin/"))).toEqual([]);
    expect(told.filter((t) => t.includes("note"))).toEqual([]);
  }, 180_000);
});
