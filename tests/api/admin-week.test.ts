/** The admin's week (issue 32 item 1): the action queue, bet counts, early resolves, weekly jobs. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { BOTS_WEEKLY_BETS, runDueWeeklyJobs, WEEKLY_WINNERS } from "../../src/modules/admin/weekly-jobs.ts";
import { systemActor } from "../../src/modules/audit/service.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { ensureBots } from "../../src/modules/bots/service.ts";
import { ADMIN, buildBet, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;

const THU = "fake-w1-DAL-PHI";
const SUN_EARLY = "fake-w1-KC-BUF";
const SUN_LATE = "fake-w1-SF-SEA";
const WEEK1 = [THU, SUN_EARLY, SUN_LATE];

beforeEach(async () => {
  ({
    ctx,
    people: { admin, alice, bob },
  } = await seededSeason({ people: { admin: ADMIN, alice: { username: "alice" }, bob: { username: "bob" } } }));
});
afterEach(() => ctx.close());

const resolve = (id: string) =>
  call(ctx.app, "PATCH", `/api/games/${id}`, {
    cookie: admin.cookie,
    body: { homeScore: 24, awayScore: 17, status: "completed" },
  });

async function finishWeek1() {
  for (const id of WEEK1) {
    expect((await resolve(id)).status).toBe(200);
    await settleGame(ctx.db, ctx.clock.now(), id);
  }
}

const audits = async (action: string) =>
  (await ctx.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute()).map((r) => ({
    actor: r.actor_label,
    subject: r.subject,
    details: JSON.parse(r.details),
  }));

describe("GET /api/admin/games", () => {
  test("leads with finals waiting on a score, then games under way, earliest first, with bets and players", async () => {
    await buildBet(ctx, alice, { gameId: THU });
    await buildBet(ctx, alice, { gameId: SUN_EARLY });
    await buildBet(ctx, bob, { gameId: SUN_EARLY, betType: "total" });
    ctx.clock.set("2026-09-13T20:55:00Z"); // Thursday's game 2.8 days ago, Sunday's early one 3 h 55 min ago, the late one 30 min ago

    const res = await call(ctx.app, "GET", "/api/admin/games?week=1", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(
      res.body.queue.map((q: { gameId: string; reason: string; bets: number; players: number }) => [
        q.gameId,
        q.reason,
        q.bets,
        q.players,
      ]),
    ).toEqual([
      [THU, "final-missing", 1, 1],
      [SUN_EARLY, "in-progress", 2, 2],
      [SUN_LATE, "in-progress", 0, 0],
    ]);
    expect(res.body.queue[0].why).toBe("Kicked off 3 days ago and still has no final score.");
    expect(res.body.queue[2].why).toBe("Under way: kicked off 30 minutes ago. Resolve it once it ends.");
    expect(res.body.counts).toEqual([
      { gameId: THU, bets: 1, players: 1 },
      { gameId: SUN_EARLY, bets: 2, players: 2 },
    ]);

    // A final the feed reports (without its score) goes ahead of a game under way that kicked off earlier.
    await resolve(THU);
    await ctx.db.updateTable("games").set({ live_status: "Final" }).where("id", "=", SUN_LATE).execute();
    const later = await call(ctx.app, "GET", "/api/admin/games?week=1", { cookie: admin.cookie });
    expect(later.body.queue.map((q: { gameId: string; reason: string }) => [q.gameId, q.reason])).toEqual([
      [SUN_LATE, "final-missing"],
      [SUN_EARLY, "in-progress"],
    ]);
    expect(later.body.queue[0].why).toBe("The feed says it is over, but no final score is recorded.");
  });

  test("nothing in the queue before kick-off; a week of other games has its own counts", async () => {
    await buildBet(ctx, alice, { gameId: "fake-w2-PHI-KC" });
    const res = await call(ctx.app, "GET", "/api/admin/games?week=2", { cookie: admin.cookie });
    expect(res.body).toEqual({ queue: [], counts: [{ gameId: "fake-w2-PHI-KC", bets: 1, players: 1 }] });
  });

  test("admins only; the week is required and checked", async () => {
    expect((await call(ctx.app, "GET", "/api/admin/games?week=1")).status).toBe(401);
    const refused = await call(ctx.app, "GET", "/api/admin/games?week=1", { cookie: alice.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBeString();
    for (const bad of ["0", "19", "x", ""]) {
      const res = await call(ctx.app, "GET", `/api/admin/games?week=${bad}`, { cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("week");
    }
    expect((await call(ctx.app, "GET", "/api/admin/games", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("resolving before kick-off", () => {
  test("goes through (the screen warns first) and is marked in the audit log; after kick-off it is not", async () => {
    expect((await resolve(SUN_LATE)).status).toBe(200);
    ctx.clock.set("2026-09-11T04:00:00Z");
    expect((await resolve(THU)).status).toBe(200);
    const resolved = await audits("game.resolve");
    expect(resolved.map((a) => [a.subject, a.details.beforeKickoff ?? false])).toEqual([
      [`game:${SUN_LATE}`, true],
      [`game:${THU}`, false],
    ]);
  });
});

describe("weekly winners, automatically", () => {
  test("recorded once the week's games are final and its bets settled; once only; audited as the system", async () => {
    for (const id of WEEK1) await buildBet(ctx, alice, { gameId: id });
    const run = () => runDueWeeklyJobs(ctx.db, ctx.clock.now(), ctx.config.adminEmails, [WEEKLY_WINNERS]);

    ctx.clock.set("2026-09-14T12:00:00Z");
    expect(await run()).toEqual([]); // no final scores yet
    for (const id of WEEK1) await resolve(id);
    expect(await run()).toEqual([]); // final, but alice's bets still pending
    for (const id of WEEK1) await settleGame(ctx.db, ctx.clock.now(), id);

    expect(await run()).toEqual([
      { job: "weekly winners", key: "2026:1", ok: true, result: "Week 1: recorded 1 winner (alice)." },
    ]);
    expect(await run()).toEqual([]);
    ctx.clock.advance(24 * 3600_000);
    expect(await run()).toEqual([]);

    expect(await ctx.db.selectFrom("contest_weeks").select("week").execute()).toEqual([{ week: 1 }]);
    const recorded = await audits("contest.winners");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor: systemActor.label, subject: "week:2026:1" });
  });
});

describe("bots' weekly bets, on their schedule", () => {
  test("a Tuesday or Wednesday after the previous week settled, once per week; audited as the system", async () => {
    await ensureBots(ctx.db, ctx.clock.now(), 2, systemActor);
    const run = () => runDueWeeklyJobs(ctx.db, ctx.clock.now(), ctx.config.adminEmails, [BOTS_WEEKLY_BETS]);

    ctx.clock.set("2026-09-15T15:00:00Z"); // Tuesday 11:00 Eastern: week 1 has no final scores yet
    expect(await run()).toEqual([]);
    await finishWeek1();
    ctx.clock.set("2026-09-14T15:00:00Z"); // Monday: not their day
    expect(await run()).toEqual([]);

    ctx.clock.set("2026-09-15T15:00:00Z");
    const [done] = await run();
    expect(done).toMatchObject({ job: "bots weekly bets", key: "2026:2", ok: true });
    expect(done!.result).toMatch(/^2 bots placed [1-9]\d* bets on Week 2\.$/);
    const placed = await ctx.db.selectFrom("bets").select("id").where("week", "=", 2).execute();
    expect(placed.length).toBeGreaterThan(0);

    expect(await run()).toEqual([]);
    ctx.clock.set("2026-09-16T15:00:00Z"); // Wednesday: week 2's run is done
    expect(await run()).toEqual([]);
    expect(await ctx.db.selectFrom("bets").select("id").where("week", "=", 2).execute()).toHaveLength(placed.length);
    const audited = await audits("bots.weekly_update");
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor: "system", subject: "week:2", details: { bots: 2 } });
  });

  test("Thursday is not their day, even when the week before settled late", async () => {
    await ensureBots(ctx.db, ctx.clock.now(), 1, systemActor);
    await finishWeek1();
    ctx.clock.set("2026-09-17T15:00:00Z");
    expect(await runDueWeeklyJobs(ctx.db, ctx.clock.now(), ctx.config.adminEmails, [BOTS_WEEKLY_BETS])).toEqual([]);
  });
});

describe("GET /api/admin/jobs", () => {
  test("both weekly jobs with their schedule, last run and result, and next run", async () => {
    await finishWeek1();
    ctx.clock.set("2026-09-15T15:00:00Z");
    const before = await call(ctx.app, "GET", "/api/admin/jobs", { cookie: admin.cookie });
    expect(before.status).toBe(200);
    expect(before.body.map((j: { name: string }) => j.name)).toEqual(["weekly winners", "bots weekly bets"]);
    expect(before.body[0]).toMatchObject({ lastRun: null, nextRunNote: "Due now for Week 1: runs at the next check." });

    await runDueWeeklyJobs(ctx.db, ctx.clock.now(), ctx.config.adminEmails);
    const after = await call(ctx.app, "GET", "/api/admin/jobs", { cookie: admin.cookie });
    expect(after.body[0].lastRun).toMatchObject({
      key: "2026:1",
      ok: true,
      startedAt: "2026-09-15T15:00:00.000Z",
      result: "Week 1: recorded; no player was eligible.",
    });
    expect(after.body[0].nextRunNote).toBe("Once Week 2's games are final and its bets settled.");
    expect(after.body[0].nextRunAt).toBe("2026-09-21T00:25:00.000Z"); // week 2's last kick-off + 4 h
    expect(after.body[1].lastRun).toMatchObject({ key: "2026:2", ok: true, result: "0 bots placed 0 bets on Week 2." });
    expect(after.body[1].nextRunAt).toBe("2026-09-22T04:00:00.000Z"); // next Tuesday, 00:00 Eastern
    expect((await call(ctx.app, "GET", "/api/admin/jobs", { cookie: alice.cookie })).status).toBe(403);
    expect((await call(ctx.app, "GET", "/api/admin/jobs")).status).toBe(401);
  });
});

describe("the admin's review of the weekly winners", () => {
  test("weeks up to the current one with their state; recording a ready week once, by the admin", async () => {
    for (const id of WEEK1) await buildBet(ctx, alice, { gameId: id });
    ctx.clock.set("2026-09-15T15:00:00Z");
    const waiting = await call(ctx.app, "GET", "/api/admin/contest/weeks", { cookie: admin.cookie });
    expect(waiting.status).toBe(200);
    expect(waiting.body.map((w: { week: number; state: string }) => [w.week, w.state])).toEqual([
      [2, "waiting"],
      [1, "waiting"],
    ]);
    const early = await call(ctx.app, "POST", "/api/admin/contest/weeks/1/winners", { cookie: admin.cookie, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("week_unsettled");
    expect(await ctx.db.selectFrom("contest_weeks").select("week").execute()).toEqual([]);

    await finishWeek1();
    const ready = await call(ctx.app, "GET", "/api/admin/contest/weeks", { cookie: admin.cookie });
    expect(ready.body.map((w: { week: number; state: string }) => [w.week, w.state])).toEqual([
      [2, "waiting"],
      [1, "ready"],
    ]);
    const recorded = await call(ctx.app, "POST", "/api/admin/contest/weeks/1/winners", {
      cookie: admin.cookie,
      body: {},
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({
      week: 1,
      state: "recorded",
      pendingBets: 0,
      winners: [{ place: 1, tied: false, username: "alice", unitsWon: "2.73" }],
    });
    const again = await call(ctx.app, "POST", "/api/admin/contest/weeks/1/winners", { cookie: admin.cookie, body: {} });
    expect(again.body.recordedAt).toBe(recorded.body.recordedAt);
    const audited = await audits("contest.winners");
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actor).toBe(admin.user.username);
  });

  test("admins only; the week is checked", async () => {
    expect((await call(ctx.app, "GET", "/api/admin/contest/weeks", { cookie: bob.cookie })).status).toBe(403);
    expect((await call(ctx.app, "POST", "/api/admin/contest/weeks/1/winners", { body: {} })).status).toBe(401);
    const bad = await call(ctx.app, "POST", "/api/admin/contest/weeks/99/winners", { cookie: admin.cookie, body: {} });
    expect(bad.status).toBe(400);
    const extra = await call(ctx.app, "POST", "/api/admin/contest/weeks/1/winners", {
      cookie: admin.cookie,
      body: { force: true },
    });
    expect(extra.status).toBe(400);
  });
});
