/**
 * League webhooks (issue 47 item 2): admins add up to three, the URL obeys the push endpoints'
 * address rules, and a local receiver decodes what the jobs holder sends — Discord's embed, Slack's
 * blocks, signed JSON — for each event: picks revealed at a kick-off (a Tail link while the game is
 * open), a game's settled bets, the week's recap, a commissioner post; never a hidden pick. Failing
 * receivers are retried with backoff (the clock), then the webhook is turned off and its admins told.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { Server } from "bun";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { deliverDue } from "../../src/modules/webhooks/delivery.ts";
import { ingestEvents, planRecaps, planReveals } from "../../src/modules/webhooks/intake.ts";
import { copiesSettled, onPostgres } from "../databases.ts";
import { ADMIN, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { call as callAt, type CallOptions, type TestContext } from "../support.ts";
import { LATE, moneyline, over, SUN, spread, THU, WEEK2 } from "./league-fixtures.ts";

/** The app's origin: PUBLIC_URL, which the Origin check holds browsers' calls to. */
const PUBLIC_URL = "https://bets.example.com";
const call = (app: TestContext["app"], method: string, path: string, opts: CallOptions = {}) =>
  callAt(app, method, path, { ...opts, headers: { origin: PUBLIC_URL, ...opts.headers } });

let ctx: TestContext;
let commish: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;
let carol: BuiltUser;
let admin: BuiltUser;
let leagueId: number;
let receiver: Server<unknown>;
let received: { path: string; headers: Headers; body: string }[];
/** What the receiver answers, by path (default 204). */
let answers: Map<string, number>;

/** Names resolve where a test says (no DNS in tests): public by default. */
let resolved: string[];
const resolveHost = async () => resolved;

beforeEach(async () => {
  received = [];
  answers = new Map();
  resolved = ["142.250.74.106"];
  receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({ path, headers: request.headers, body: await request.text() });
      return new Response(null, { status: answers.get(path) ?? 204 });
    },
  });
  const world = await seededSeason({
    people: {
      commish: { username: "commish" },
      alice: { username: "alice" },
      bob: { username: "bob" },
      carol: { username: "carol" },
      admin: ADMIN,
    },
    env: { WEBHOOK_LOCAL_TARGETS: "true", PUBLIC_URL },
    runtime: { resolveHost },
  });
  ({ ctx } = world);
  ({ commish, alice, bob, carol, admin } = world.people);
  leagueId = (await buildLeague(ctx, commish, { name: "Group Chat", revealPicks: "week_start", members: [alice, bob] }))
    .id;
});
afterEach(async () => {
  receiver.stop(true);
  await ctx.close();
});

const local = (path: string) => `http://127.0.0.1:${receiver.port}${path}`;
const ALL_EVENTS = ["picks_revealed", "bets_settled", "weekly_recap", "commissioner_post"];

const addHook = (who: BuiltUser, body: Record<string, unknown>, league = leagueId) =>
  call(ctx.app, "POST", `/api/leagues/${league}/webhooks`, { cookie: who.cookie, body });
const hooks = (who: BuiltUser = commish) =>
  call(ctx.app, "GET", `/api/leagues/${leagueId}/webhooks`, { cookie: who.cookie });

async function bet(who: BuiltUser, pick: Record<string, unknown>, note?: string): Promise<number> {
  const res = await call(ctx.app, "POST", "/api/bets", { cookie: who.cookie, body: { units: 1, note, ...pick } });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** What the jobs holder does each pass, with the test's resolver. */
async function jobPass(since?: Date) {
  await copiesSettled();
  // On PostgreSQL the outbox shows rows only below the cluster's oldest open transaction: read as often as it needs.
  for (let i = 0; i < (onPostgres ? 25 : 1); i++) {
    await ingestEvents(ctx.db, ctx.clock.now());
    if (onPostgres) await Bun.sleep(20);
  }
  if (since) {
    await planReveals(ctx.db, since, ctx.clock.now());
    await planRecaps(ctx.db, ctx.clock.now());
  }
  return deliverDue(ctx.db, ctx.config, ctx.clock.now(), { resolveHost, timeoutMs: 2000 });
}

async function resolve(gameId: string, homeScore: number, awayScore: number) {
  const res = await call(ctx.app, "PATCH", `/api/games/${gameId}`, {
    cookie: admin.cookie,
    body: { homeScore, awayScore, status: "completed" },
  });
  expect(res.status).toBe(200);
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

describe("adding, listing and removing webhooks", () => {
  test("a league's admins add up to three; members and outsiders cannot; the secret shows once; the URL is masked", async () => {
    const body = {
      url: "https://discord.com/api/webhooks/123456/very-secret-token",
      kind: "discord",
      events: ALL_EVENTS,
    };
    expect((await addHook(alice, body)).body.code).toBe("league_admin_only");
    expect((await addHook(carol, body)).body.code).toBe("league_admin_only");
    const made = await addHook(commish, body);
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const listed = (await hooks()).body;
    expect(listed).toEqual([
      {
        id: made.body.id,
        kind: "discord",
        url: "https://discord.com/api/webhook…",
        events: ALL_EVENTS,
        createdAt: ctx.clock.now().toISOString(),
        status: "active",
        disabledReason: null,
        deliveries: [],
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain("very-secret-token");
    expect(JSON.stringify(listed)).not.toContain(made.body.secret);
    expect((await hooks(alice)).body.code).toBe("league_admin_only");
    await addHook(commish, { ...body, kind: "slack" });
    await addHook(commish, { ...body, kind: "json", url: "https://hooks.example.org/in" });
    const fourth = await addHook(commish, body);
    expect([fourth.status, fourth.body.code]).toEqual([409, "too_many_webhooks"]);
    const removed = await call(ctx.app, "DELETE", `/api/leagues/${leagueId}/webhooks/${made.body.id}`, {
      cookie: commish.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await hooks()).body).toHaveLength(2);
    const audit = (await call(ctx.app, "GET", "/api/admin/audit", { cookie: admin.cookie })).body;
    expect(audit.map((e: { action: string }) => e.action).filter((a: string) => a.startsWith("webhook."))).toEqual([
      "webhook.delete",
      "webhook.create",
      "webhook.create",
      "webhook.create",
    ]);
  });

  test("the push endpoints' address rules: https on 443 to a public name; nothing local or private", async () => {
    const strict = await seededSeason({ people: { boss: {} }, runtime: { resolveHost } });
    try {
      const own = await buildLeague(strict.ctx, strict.people.boss);
      const add = (url: string) =>
        callAt(strict.ctx.app, "POST", `/api/leagues/${own.id}/webhooks`, {
          cookie: strict.people.boss.cookie,
          body: { url, kind: "json", events: ["picks_revealed"] },
        });
      for (const url of [
        "http://hooks.example.org/in",
        "https://hooks.example.org:8443/in",
        "https://127.0.0.1/in",
        "https://[::1]/in",
        local("/json"),
        "https://localhost/in",
        "https://db/in",
        "https://metadata.google.internal/computeMetadata/v1/",
        "https://user:pass@hooks.example.org/in",
        "not a url",
      ]) {
        const res = await add(url);
        expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 400, code: "invalid_url" });
      }
      // A public-looking name that resolves inside a network is refused as well.
      resolved = ["10.0.0.7"];
      expect((await add("https://hooks.example.org/in")).body.code).toBe("invalid_url");
      resolved = ["142.250.74.106"];
      expect((await add("https://hooks.example.org/in")).status).toBe(201);
      expect(await strict.ctx.db.selectFrom("league_webhooks").select("id").execute()).toHaveLength(1);
    } finally {
      await strict.ctx.close();
    }
  });
});

describe("what a receiver gets", () => {
  test("Discord, Slack and signed JSON for every event; a Tail link while the game is open; never a hidden pick", async () => {
    const secrets = new Map<string, string>();
    for (const kind of ["discord", "slack", "json"]) {
      const made = await addHook(commish, { url: local(`/${kind}`), kind, events: ALL_EVENTS });
      expect(made.status).toBe(201);
      secrets.set(kind, made.body.secret);
    }
    await jobPass();
    const eve = ctx.clock.now();
    const sunday = await bet(alice, spread(SUN, "Buffalo Bills"), "alice-secret-note");
    const late = await bet(bob, over(LATE));
    const hidden = await bet(alice, moneyline(WEEK2, "Kansas City Chiefs"), "week-two-note");

    // Nothing before the week's first kick-off.
    expect((await jobPass(eve)).sent).toBe(0);
    expect(received).toEqual([]);

    // Thursday's kick-off: the week's picks show (week_start); Sunday's games are still open to tail.
    ctx.clock.set("2026-09-11T00:21:00Z");
    const report = await jobPass(eve);
    expect(report.sent).toBe(3);
    const byPath = new Map(received.map((r) => [r.path, r]));

    const discord = JSON.parse(byPath.get("/discord")!.body);
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0].title).toBe("2 picks revealed in Group Chat");
    expect(discord.embeds[0].url).toBe(`https://bets.example.com/leagues?league=${leagueId}`);
    expect(discord.embeds[0].description).toContain("alice: Buffalo Bills \\-3.5 \\-110 · 1U · KC @ BUF");
    expect(discord.embeds[0].description).toContain(`[Tail](https://bets.example.com/leagues?league=${leagueId})`);

    const slack = JSON.parse(byPath.get("/slack")!.body);
    expect(slack.text).toBe("2 picks revealed in Group Chat");
    expect(slack.blocks[0]).toEqual({
      type: "header",
      text: { type: "plain_text", text: "2 picks revealed in Group Chat", emoji: true },
    });
    expect(slack.blocks[1].text.text).toContain("bob: Over 45.5 -110 · 1U · SF @ SEA");
    expect(slack.blocks[1].text.text).toContain(`<https://bets.example.com/leagues?league=${leagueId}|Tail>`);

    const json = byPath.get("/json")!;
    const signature = createHmac("sha256", secrets.get("json")!).update(json.body).digest("hex");
    expect(json.headers.get("x-signature")).toBe(`sha256=${signature}`);
    expect(json.headers.get("x-webhook-event")).toBe("picks_revealed");
    const payload = JSON.parse(json.body);
    expect(payload).toMatchObject({ event: "picks_revealed", league: { id: leagueId, name: "Group Chat" } });
    expect(payload.data.picks.map((p: { id: number }) => p.id).sort()).toEqual([sunday, late].sort());
    // Discord and Slack get no signature (their URL is the secret).
    expect(byPath.get("/discord")!.headers.get("x-signature")).toBeNull();

    // The week-2 pick is nowhere (tests/api/pick-secrecy.test.ts walks this with canary ids too), nor any note.
    for (const r of received) {
      expect(r.body).not.toContain("note");
      expect(r.body).not.toContain('"selection":"Kansas City Chiefs"');
      expect(r.body).not.toContain("Kansas City Chiefs ML");
      expect(r.body).not.toContain("fake-w2");
    }
    expect(payload.data.picks.map((p: { id: number }) => p.id)).not.toContain(hidden);

    // A commissioner post; then Sunday's game ends: one summary per game for the league.
    received = [];
    const posted = await call(ctx.app, "POST", `/api/leagues/${leagueId}/comments`, {
      cookie: commish.cookie,
      body: { text: "Dues by Friday @everyone <!channel> **bold**", pinned: true },
    });
    expect(posted.status).toBe(201);
    await jobPass();
    const post = new Map(received.map((r) => [r.path, JSON.parse(r.body)]));
    expect(post.get("/discord").embeds[0].title).toBe("commish posted in Group Chat");
    expect(post.get("/discord").embeds[0].description).toBe("Dues by Friday @everyone <!channel\\> \\*\\*bold\\*\\*");
    expect(post.get("/slack").blocks[1].text.text).toBe("Dues by Friday @everyone &lt;!channel&gt; **bold**");
    expect(post.get("/json").data).toMatchObject({
      author: "commish",
      text: "Dues by Friday @everyone <!channel> **bold**",
    });

    received = [];
    ctx.clock.set("2026-09-13T21:00:00Z");
    await resolve(SUN, 24, 20);
    expect((await jobPass()).sent).toBe(0); // the summary waits for the rest of the game's settlements
    ctx.clock.advance(31_000);
    expect((await jobPass()).sent).toBe(3);
    const settled = new Map(received.map((r) => [r.path, JSON.parse(r.body)]));
    expect(settled.get("/discord").embeds[0].title).toBe("KC @ BUF final 20–24 · Group Chat");
    expect(settled.get("/discord").embeds[0].description).toContain("— won +0.91U");
    expect(settled.get("/json").data.picks.map((p: { id: number }) => p.id)).toEqual([sunday]);

    // The week's last games end: its recap goes out once.
    received = [];
    await resolve(THU, 20, 17);
    await resolve(LATE, 30, 21);
    ctx.clock.set("2026-09-15T12:00:00Z");
    const since = new Date(ctx.clock.now().getTime() - 60_000);
    await jobPass(since);
    const recaps = received.filter((r) => r.headers.get("x-webhook-event") === "weekly_recap");
    expect(recaps).toHaveLength(3);
    const recap = new Map(recaps.map((r) => [r.path, JSON.parse(r.body)]));
    expect(recap.get("/discord").embeds[0].title).toBe("Week 1 in review · Group Chat");
    expect(recap.get("/json").data.recap).toMatchObject({ week: 1 });
    received = [];
    await jobPass(since);
    expect(received.filter((r) => r.headers.get("x-webhook-event") === "weekly_recap")).toEqual([]);
    for (const r of [...received, ...recaps]) expect(r.body).not.toContain("Kansas City Chiefs ML");
  }, 60_000);

  test("a league that never shows picks sends none; a rule made stricter before a send holds them back", async () => {
    await addHook(commish, { url: local("/json"), kind: "json", events: ["picks_revealed", "bets_settled"] });
    await jobPass();
    const eve = ctx.clock.now();
    await bet(alice, spread(SUN, "Buffalo Bills"));
    ctx.clock.set("2026-09-11T00:21:00Z");
    await copiesSettled();
    await ingestEvents(ctx.db, ctx.clock.now());
    expect(await planReveals(ctx.db, eve, ctx.clock.now())).toBe(1);
    // Before the job sends it, the commissioner hides every pick.
    const hide = await call(ctx.app, "PUT", `/api/leagues/${leagueId}`, {
      cookie: commish.cookie,
      body: {
        name: "Group Chat",
        isPublic: true,
        rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
        revealPicks: "never",
      },
    });
    expect(hide.status).toBe(200);
    const report = await deliverDue(ctx.db, ctx.config, ctx.clock.now(), { resolveHost });
    expect([report.sent, report.dropped]).toEqual([0, 1]);
    expect(received).toEqual([]);
    const log = (await hooks()).body[0].deliveries;
    expect(log.map((d: { status: string; lastError: string }) => [d.status, d.lastError])).toEqual([
      ["dropped", "no pick it named is shown any more"],
    ]);
    ctx.clock.set("2026-09-13T21:00:00Z");
    await resolve(SUN, 24, 20);
    ctx.clock.advance(31_000);
    expect((await jobPass(new Date(ctx.clock.now().getTime() - 60_000))).sent).toBe(0);
    expect(received).toEqual([]);
  });
});

describe("failures", () => {
  test("retried after 1, 5 and 25 minutes, then failed; five failures in a row turn the webhook off and tell its admins", async () => {
    const made = await addHook(commish, { url: local("/down"), kind: "json", events: ["commissioner_post"] });
    answers.set("/down", 503);
    await jobPass();
    const say = (text: string) =>
      call(ctx.app, "POST", `/api/leagues/${leagueId}/comments`, {
        cookie: commish.cookie,
        body: { text, pinned: true },
      });
    await say("first");
    expect((await jobPass()).retried).toBe(1);
    const tries = () => received.filter((r) => r.path === "/down").length;
    for (const [wait, expected] of [
      [59_000, 1],
      [1_000, 2],
      [5 * 60_000, 3],
      [25 * 60_000, 4],
      [24 * 60 * 60_000, 4],
    ] as const) {
      ctx.clock.advance(wait);
      await jobPass();
      expect({ wait, tries: tries() }).toEqual({ wait, tries: expected });
    }
    let log = (await hooks()).body[0];
    expect(log.status).toBe("active");
    expect(log.deliveries[0]).toMatchObject({
      event: "commissioner_post",
      status: "failed",
      attempts: 4,
      lastStatus: 503,
      lastError: "the receiver answered 503",
      nextAttemptAt: null,
    });
    // A 404 is not retried, and is the fifth failure in a row: the webhook is turned off.
    answers.set("/down", 404);
    await say("second");
    const report = await jobPass();
    expect([report.failed, report.disabled, tries()]).toEqual([1, 1, 5]);
    log = (await hooks()).body[0];
    expect([log.status, log.disabledReason]).toEqual(["disabled", "5 failures in a row"]);
    // Nothing more is sent to it; the commissioner's bell says so.
    await say("third");
    await jobPass();
    expect(tries()).toBe(5);
    const bell = (await call(ctx.app, "GET", "/api/notifications", { cookie: commish.cookie })).body.items;
    expect(bell.map((n: { type: string; title: string }) => [n.type, n.title])).toContainEqual([
      "webhook_disabled",
      "A webhook of Group Chat was turned off",
    ]);
    const bobsBell = (await call(ctx.app, "GET", "/api/notifications", { cookie: bob.cookie })).body.items;
    expect(bobsBell.filter((n: { type: string }) => n.type === "webhook_disabled")).toEqual([]);
    expect(made.status).toBe(201);
  }, 30_000);

  test("a success in between resets the count; a name that now resolves inside a network turns it off at once, unposted", async () => {
    await addHook(commish, { url: local("/flaky"), kind: "slack", events: ["commissioner_post"] });
    const publicHook = await addHook(commish, {
      url: "https://hooks.example.org/in",
      kind: "json",
      events: ["commissioner_post"],
    });
    await jobPass();
    const say = (text: string) =>
      call(ctx.app, "POST", `/api/leagues/${leagueId}/comments`, {
        cookie: commish.cookie,
        body: { text, pinned: true },
      });
    answers.set("/flaky", 404);
    for (const text of ["a", "b", "c", "d"]) {
      await say(text);
      resolved = ["127.0.0.1"];
      await jobPass();
    }
    answers.set("/flaky", 200);
    await say("e");
    await jobPass();
    const list = (await hooks()).body;
    const flaky = list.find((h: { kind: string }) => h.kind === "slack");
    expect(flaky.status).toBe("active");
    const rebound = list.find((h: { id: number }) => h.id === publicHook.body.id);
    expect([rebound.status, rebound.disabledReason]).toEqual(["disabled", "its name resolves to a loopback address"]);
    expect(received.every((r) => r.path === "/flaky")).toBe(true);
  });
});
