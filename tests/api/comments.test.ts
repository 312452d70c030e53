/**
 * Talk in a league (issue 47 item 1): comments on the league's page and in revealed picks' threads —
 * never a hidden pick's —, replies, pinned commissioner posts, reactions, moderation, reports for
 * site admins, text rules, the per-player rate limit, the live channel, the bell and pushes.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { deliverDue } from "../../src/modules/push/delivery.ts";
import { ingestEvents } from "../../src/modules/push/intake.ts";
import { decryptPayload } from "../../src/modules/push/webpush.ts";
import type { LiveSocket } from "../../src/modules/realtime/hub.ts";
import { copiesSettled, onPostgres } from "../databases.ts";
import { ADMIN, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { browserDevice, recordingPushService } from "../push-devices.ts";
import { call, type TestContext } from "../support.ts";
import { over, SUN, spread } from "./league-fixtures.ts";

let ctx: TestContext;
let commish: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;
let carol: BuiltUser;
let admin: BuiltUser;
let leagueId: number;

/** After every game of week 1 has kicked off. */
const AFTER_KICKOFFS = "2026-09-14T02:00:00Z";

beforeEach(async () => {
  const world = await seededSeason({
    people: {
      commish: { username: "commish" },
      alice: { username: "alice" },
      bob: { username: "bob" },
      carol: { username: "carol" },
      admin: ADMIN,
    },
    env: { PUSH_LOCAL_ENDPOINTS: "true" },
  });
  ({ ctx } = world);
  ({ commish, alice, bob, carol, admin } = world.people);
  leagueId = (await buildLeague(ctx, commish, { name: "Sunday Sharps", members: [alice, bob] })).id;
});
afterEach(() => ctx.close());

const post = (who: BuiltUser, body: Record<string, unknown>, league = leagueId) =>
  call(ctx.app, "POST", `/api/leagues/${league}/comments`, { cookie: who.cookie, body });
const thread = (who: BuiltUser, query = "", league = leagueId) =>
  call(ctx.app, "GET", `/api/leagues/${league}/comments${query}`, { cookie: who.cookie });
async function bet(who: BuiltUser, pick: Record<string, unknown>): Promise<number> {
  const res = await call(ctx.app, "POST", "/api/bets", { cookie: who.cookie, body: { units: 1, ...pick } });
  expect(res.status).toBe(201);
  return res.body.id;
}
/**
 * The push job's reading of the outbox, as often as a busy PostgreSQL needs: rows show only below the
 * oldest open transaction of the cluster (another test's database copy, another file's work).
 */
async function ingestAll() {
  await copiesSettled();
  for (let i = 0; i < (onPostgres ? 25 : 1); i++) {
    await ingestEvents(ctx.db, ctx.clock.now());
    if (onPostgres) await Bun.sleep(20);
  }
}

const bell = async (who: BuiltUser) =>
  (await call(ctx.app, "GET", "/api/notifications", { cookie: who.cookie })).body.items as {
    type: string;
    title: string;
    body: string;
  }[];

describe("the league's page", () => {
  test("members talk; an outsider of a public league is refused, a private league does not exist for them", async () => {
    const said = await post(alice, { text: "Who's taking the Bills?" });
    expect(said.status).toBe(201);
    expect(said.body).toMatchObject({
      leagueId,
      betId: null,
      replyTo: null,
      pinned: false,
      text: "Who's taking the Bills?",
      author: { userId: alice.user.id, username: "alice" },
      reactions: [],
      canDelete: true,
    });
    const page = await thread(bob);
    expect(page.body.comments.map((c: { text: string; canDelete: boolean }) => [c.text, c.canDelete])).toEqual([
      ["Who's taking the Bills?", false],
    ]);
    expect((await thread(commish)).body.comments[0].canDelete).toBe(true);
    for (const res of [await post(carol, { text: "let me in" }), await thread(carol)])
      expect([res.status, res.body.code]).toEqual([403, "members_only"]);
    const hidden = await buildLeague(ctx, commish, { name: "Back Room", isPublic: false, members: [alice] });
    for (const res of [await post(carol, { text: "hello?" }, hidden.id), await thread(carol, "", hidden.id)])
      expect([res.status, res.body.code]).toEqual([404, "league_not_found"]);
    expect((await call(ctx.app, "GET", `/api/leagues/${leagueId}/comments`)).status).toBe(401);
  });

  test("text rules as for names: no control, direction or invisible characters, something visible, 500 at most; links stay text", async () => {
    for (const text of ["", "   ", "a\u0000b", "hi\u202Ethere", "zero\u200Bwidth", "\u2800", "x".repeat(501)]) {
      const res = await post(alice, { text });
      expect({ text: text.slice(0, 10), status: res.status }).toEqual({ text: text.slice(0, 10), status: 400 });
    }
    const multiline = await post(alice, { text: "line one\nline two 👨‍👩‍👧 ❤️" });
    expect(multiline.status).toBe(201);
    const link = '<a href="https://evil.example">free units</a> https://evil.example/?x=<script>';
    const stored = await post(alice, { text: link });
    expect(stored.body.text).toBe(link);
    expect((await thread(bob)).body.comments[0].text).toBe(link);
    expect((await post(alice, { text: `  ${"y".repeat(500)}  ` })).status).toBe(201);
  });

  test(`a player posts at most 10 comments a minute`, async () => {
    for (let i = 0; i < 10; i++) expect((await post(alice, { text: `take ${i}` })).status).toBe(201);
    const eleventh = await post(alice, { text: "one more" });
    expect([eleventh.status, eleventh.headers.get("retry-after") !== null]).toEqual([429, true]);
    expect((await post(bob, { text: "my turn" })).status).toBe(201);
    ctx.clock.advance(60_000);
    expect((await post(alice, { text: "back" })).status).toBe(201);
  });

  test("a commissioner posts pinned announcements; members cannot; pinned posts stand apart at the top", async () => {
    const refused = await post(alice, { text: "I am the law", pinned: true });
    expect([refused.status, refused.body.code]).toEqual([403, "league_admin_only"]);
    await post(alice, { text: "morning" });
    const announced = await post(commish, { text: "Dues by Friday", pinned: true });
    expect(announced.status).toBe(201);
    const page = (await thread(bob)).body;
    expect(page.pinned.map((c: { text: string }) => c.text)).toEqual(["Dues by Friday"]);
    expect(page.comments.map((c: { text: string }) => c.text)).toEqual(["morning"]);
    const inThread = await post(commish, { text: "pinned pick?", pinned: true, betId: 1 });
    expect(inThread.status).toBe(400);
    // The members hear of it in their bell; its author does not.
    expect((await bell(bob)).map((n) => [n.type, n.title, n.body])).toContainEqual([
      "league_post",
      "commish posted in Sunday Sharps",
      "Dues by Friday",
    ]);
    expect((await bell(commish)).filter((n) => n.type === "league_post")).toEqual([]);
  });
});

describe("a pick's thread", () => {
  test("a hidden pick has no thread: commenting on it, reading it or replying in it is refused, as for no pick at all", async () => {
    const secret = await bet(alice, spread(SUN, "Buffalo Bills"));
    for (const res of [
      await post(bob, { text: "Bills, really?", betId: secret }),
      await thread(bob, `?betId=${secret}`),
      await post(bob, { text: "no such pick", betId: 999_999 }),
    ])
      expect([res.status, res.body.code]).toEqual([404, "pick_not_found"]);
    // Nothing about it on the league's page either.
    expect((await thread(bob)).body.threads).toEqual([]);
    expect(await ctx.db.selectFrom("league_comments").select("id").execute()).toEqual([]);
  });

  test("once revealed, members comment on it; its owner hears of it; the page counts the thread", async () => {
    const pick = await bet(alice, spread(SUN, "Buffalo Bills"));
    ctx.clock.set(AFTER_KICKOFFS);
    const said = await post(bob, { text: "Bills, really?", betId: pick });
    expect([said.status, said.body.betId]).toEqual([201, pick]);
    expect((await thread(commish, `?betId=${pick}`)).body.comments.map((c: { text: string }) => c.text)).toEqual([
      "Bills, really?",
    ]);
    expect((await thread(commish)).body.threads).toEqual([{ betId: pick, count: 1 }]);
    expect((await thread(commish)).body.comments).toEqual([]);
    expect((await bell(alice)).map((n) => [n.type, n.title])).toContainEqual([
      "comment_reply",
      "bob replied to you in Sunday Sharps",
    ]);
    // A reply must be in the same thread.
    const stray = await post(alice, { text: "yes", replyToId: said.body.id });
    expect([stray.status, stray.body.code]).toEqual([400, "invalid_comment"]);
    const reply = await post(alice, { text: "Yes. Watch.", betId: pick, replyToId: said.body.id });
    expect(reply.body.replyTo).toEqual({ id: said.body.id, username: "bob" });
    expect((await bell(bob)).map((n) => n.title)).toContain("alice replied to you in Sunday Sharps");
  });

  test("'once you've picked': a thread shows to members who picked the game, to no one else, until kick-off", async () => {
    const picked = await buildLeague(ctx, commish, {
      name: "Pickers",
      revealPicks: "picked",
      members: [alice, bob, carol],
    });
    const pick = await bet(alice, spread(SUN, "Buffalo Bills"));
    await bet(bob, over(SUN));
    const said = await post(bob, { text: "fading you", betId: pick }, picked.id);
    expect(said.status).toBe(201);
    // carol has not picked that game: no thread, no count, no notice.
    const carols = await thread(carol, `?betId=${pick}`, picked.id);
    expect([carols.status, carols.body.code]).toEqual([404, "pick_not_found"]);
    expect((await thread(carol, "", picked.id)).body.threads).toEqual([]);
    const reply = await call(ctx.app, "POST", `/api/comments/${said.body.id}/report`, {
      cookie: carol.cookie,
      body: { reason: "spam" },
    });
    expect(reply.status).toBe(404);
    ctx.clock.set(AFTER_KICKOFFS);
    expect((await thread(carol, "", picked.id)).body.threads).toEqual([{ betId: pick, count: 1 }]);
  });
});

describe("moderation and reactions", () => {
  test("authors delete their own, league admins any, other members none", async () => {
    const alices = (await post(alice, { text: "mine" })).body.id;
    const bobs = (await post(bob, { text: "his" })).body.id;
    const refused = await call(ctx.app, "DELETE", `/api/comments/${bobs}`, { cookie: alice.cookie });
    expect([refused.status, refused.body.code]).toEqual([403, "not_your_comment"]);
    expect((await call(ctx.app, "DELETE", `/api/comments/${alices}`, { cookie: alice.cookie })).status).toBe(200);
    expect((await call(ctx.app, "DELETE", `/api/comments/${bobs}`, { cookie: commish.cookie })).status).toBe(200);
    expect((await thread(bob)).body.comments).toEqual([]);
    const gone = await call(ctx.app, "DELETE", `/api/comments/${bobs}`, { cookie: commish.cookie });
    expect(gone.status).toBe(404);
    const carols = await call(ctx.app, "DELETE", `/api/comments/${alices}`, { cookie: carol.cookie });
    expect(carols.status).toBe(404);
  });

  test("reactions from a fixed set, once each per player", async () => {
    const id = (await post(alice, { text: "Bills by 10" })).body.id;
    const react = (who: BuiltUser, reaction: string, method = "PUT") =>
      call(ctx.app, method, `/api/comments/${id}/reactions/${reaction}`, { cookie: who.cookie });
    await react(bob, "fire");
    await react(bob, "fire");
    const both = await react(commish, "fire");
    expect(both.body.reactions).toEqual([{ reaction: "fire", count: 2, mine: true }]);
    await react(alice, "laugh");
    expect((await thread(bob)).body.comments[0].reactions).toEqual([
      { reaction: "fire", count: 2, mine: true },
      { reaction: "laugh", count: 1, mine: false },
    ]);
    expect((await react(bob, "fire", "DELETE")).body.reactions).toEqual([
      { reaction: "fire", count: 1, mine: false },
      { reaction: "laugh", count: 1, mine: false },
    ]);
    expect((await react(bob, "heart")).status).toBe(400);
    expect((await react(carol, "fire")).status).toBe(404);
  });

  test("members report; site admins see the reports (never which pick) and dismiss them or delete the comment, audited", async () => {
    const pick = await bet(alice, spread(SUN, "Buffalo Bills"));
    ctx.clock.set(AFTER_KICKOFFS);
    const rude = (await post(bob, { text: "you are all idiots", betId: pick })).body.id;
    const report = (who: BuiltUser, reason: string) =>
      call(ctx.app, "POST", `/api/comments/${rude}/report`, { cookie: who.cookie, body: { reason } });
    expect((await report(alice, "insults")).status).toBe(200);
    expect((await report(alice, "again")).body.code).toBe("already_reported");
    expect((await report(bob, "me")).body.code).toBe("own_comment");
    expect((await report(commish, "")).status).toBe(400);
    expect((await report(commish, "rude")).status).toBe(200);
    const forPlayers = await call(ctx.app, "GET", "/api/admin/comment-reports", { cookie: alice.cookie });
    expect(forPlayers.status).toBe(403);
    const reports = (await call(ctx.app, "GET", "/api/admin/comment-reports", { cookie: admin.cookie })).body;
    expect(reports).toEqual([
      {
        commentId: rude,
        text: "you are all idiots",
        author: { userId: bob.user.id, username: "bob" },
        league: { id: leagueId, name: "Sunday Sharps" },
        onPick: true,
        createdAt: AFTER_KICKOFFS.replace("Z", ".000Z"),
        reports: 2,
        reasons: ["insults", "rude"],
        lastReportedAt: AFTER_KICKOFFS.replace("Z", ".000Z"),
      },
    ]);
    expect(Object.keys(reports[0])).not.toContain("betId");
    expect(pick).toBeGreaterThan(0);
    const dismissed = await call(ctx.app, "POST", `/api/admin/comment-reports/${rude}/dismiss`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(dismissed.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/admin/comment-reports", { cookie: admin.cookie })).body).toEqual([]);
    const removed = await call(ctx.app, "DELETE", `/api/admin/comments/${rude}`, { cookie: admin.cookie });
    expect(removed.status).toBe(200);
    const audit = (await call(ctx.app, "GET", "/api/admin/audit", { cookie: admin.cookie })).body;
    expect(audit.slice(0, 2).map((e: { action: string; subject: string }) => [e.action, e.subject])).toEqual([
      ["comment.delete", `comment:${rude}`],
      ["comment.reports_dismissed", `comment:${rude}`],
    ]);
  });

  test("a deleted account's comments go with it", async () => {
    await post(alice, { text: "bye" });
    await call(ctx.app, "DELETE", "/api/user", { cookie: alice.cookie, body: { password: alice.password } });
    expect((await thread(bob)).body.comments).toEqual([]);
  });
});

describe("who hears of it", () => {
  test("open league pages hear that the talk changed (ids only); whom a comment speaks to hears of it in their bell", async () => {
    const heard = new Map<number, string[]>();
    for (const who of [alice, bob, carol]) {
      const messages: string[] = [];
      heard.set(who.user.id, messages);
      const socket: LiveSocket = { send: (data) => messages.push(data), close: () => {} };
      ctx.hub.add(`socket-${who.user.id}`, socket, who.user.id, null);
    }
    await copiesSettled();
    await ctx.runtime.startDelivery({ intervalMs: 10 });
    const first = (await post(alice, { text: "Bills by 10" })).body.id;
    await post(bob, { text: "no chance", replyToId: first });
    await Bun.sleep(300);
    const parsed = (id: number) => heard.get(id)!.map((m) => JSON.parse(m));
    expect(parsed(bob.user.id)).toEqual([
      { type: "league_comments", leagueId },
      { type: "league_comments", leagueId },
    ]);
    expect(parsed(alice.user.id)).toEqual([
      { type: "league_comments", leagueId },
      { type: "league_comments", leagueId },
      { type: "notification" },
    ]);
    expect(parsed(carol.user.id)).toEqual([]);
    expect(heard.get(alice.user.id)!.join()).not.toContain("no chance");
  });

  test("pushes: a reply to you and a commissioner post, within the cap and quiet hours; never a thread you cannot see", async () => {
    const service = recordingPushService();
    try {
      const devices = new Map<string, Awaited<ReturnType<typeof browserDevice>>>();
      for (const who of [alice, bob]) {
        const device = await browserDevice(`http://127.0.0.1:${service.server.port}/${who.user.username}`);
        devices.set(who.user.username, device);
        await call(ctx.app, "POST", "/api/push/subscriptions", {
          cookie: who.cookie,
          body: { endpoint: device.endpoint, keys: { p256dh: device.publicKey, auth: device.auth }, timeZone: "UTC" },
        });
        await call(ctx.app, "PUT", "/api/push/preferences", {
          cookie: who.cookie,
          body: {
            kinds: {
              settlements: true,
              lockReminder: false,
              friendRequests: true,
              leagueInvitations: true,
              leaguePicks: true,
            },
            dailyCap: 6,
            quietHours: { start: "22:00", end: "08:00" },
            timeZone: "UTC",
          },
        });
      }
      await ingestAll();
      const first = (await post(alice, { text: "Bills by 10" })).body.id;
      await post(bob, { text: "no chance", replyToId: first });
      await post(commish, { text: "Dues by Friday", pinned: true });
      // In a league that shows a game's picks to those who picked it, alice answers bob in her pick's
      // thread; then its commissioner hides every pick: bob no longer sees that thread, and hears nothing of it.
      const pickers = await buildLeague(ctx, commish, {
        name: "Pickers",
        revealPicks: "picked",
        members: [alice, bob],
      });
      const pick = await bet(alice, spread(SUN, "Buffalo Bills"));
      await bet(bob, over(SUN));
      const bobs = (await post(bob, { text: "fading you", betId: pick }, pickers.id)).body.id;
      await post(alice, { text: "secret reply", betId: pick, replyToId: bobs }, pickers.id);
      const hideAll = await call(ctx.app, "PUT", `/api/leagues/${pickers.id}`, {
        cookie: commish.cookie,
        body: {
          name: "Pickers",
          isPublic: true,
          rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
          revealPicks: "never",
        },
      });
      expect(hideAll.status).toBe(200);
      await ingestAll();
      await deliverDue(ctx.db, ctx.config, ctx.clock.now(), { subject: "mailto:ops@example.com", timeoutMs: 2000 });
      const texts = await Promise.all(
        service.received.map(async (p) => {
          const name = p.path.slice(1);
          return `${name}: ${new TextDecoder().decode(await decryptPayload(p.body, devices.get(name)!))}`;
        }),
      );
      expect(texts.some((t) => t.startsWith("alice:") && t.includes("bob replied to you in Sunday Sharps"))).toBe(true);
      expect(texts.some((t) => t.startsWith("bob:") && t.includes("commish posted in Sunday Sharps"))).toBe(true);
      expect(texts.some((t) => t.startsWith("alice:") && t.includes("commish posted"))).toBe(true);
      expect(texts.filter((t) => t.startsWith("bob:") && t.includes("replied"))).toEqual([]);
      expect(texts.filter((t) => t.includes("secret reply"))).toEqual([]);
      expect((await bell(bob)).filter((n) => n.body.includes("secret reply"))).toEqual([]);
      // Quiet hours hold the next one.
      ctx.clock.set("2026-09-09T23:00:00Z");
      await post(bob, { text: "late night take", replyToId: first });
      const before = service.received.length;
      await ingestAll();
      const report = await deliverDue(ctx.db, ctx.config, ctx.clock.now(), {
        subject: "mailto:ops@example.com",
        timeoutMs: 2000,
      });
      expect([report.held, service.received.length]).toEqual([1, before]);
    } finally {
      service.server.stop(true);
    }
  });
});
