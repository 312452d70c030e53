/**
 * Recording a week's winners twice at once (issue 40 item 5): two admins, a double click, an admin
 * beside the weekly job. The first records the week; every other answers the stored record, never a 500.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { onPostgres } from "../databases.ts";
import { ADMIN, buildBet, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

const WEEK1 = ["fake-w1-DAL-PHI", "fake-w1-KC-BUF", "fake-w1-SF-SEA"];

describe("in one process", () => {
  let ctx: TestContext;
  let admin: BuiltUser;
  let alice: BuiltUser;

  beforeEach(async () => {
    ({
      ctx,
      people: { admin, alice },
    } = await seededSeason({ people: { admin: ADMIN, alice: { username: "alice" } } }));
    for (const id of WEEK1) await buildBet(ctx, alice, { gameId: id });
    for (const id of WEEK1) {
      const body = { homeScore: 24, awayScore: 17, status: "completed" };
      expect((await call(ctx.app, "PATCH", `/api/games/${id}`, { cookie: admin.cookie, body })).status).toBe(200);
      await settleGame(ctx.db, ctx.clock.now(), id);
    }
  });
  afterEach(() => ctx.close());

  test("five requests at once: all 200 with the same winners, one week recorded, one audit entry", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(ctx.app, "POST", "/api/admin/contest/weeks/1/winners", { cookie: admin.cookie, body: {} }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.winners.map((w: { username: string }) => w.username)).toEqual(["alice"]);
    expect(await ctx.db.selectFrom("contest_weeks").select("week").execute()).toEqual([{ week: 1 }]);
    expect(await ctx.db.selectFrom("contest_winners").select("username").execute()).toEqual([{ username: "alice" }]);
    const audited = await ctx.db.selectFrom("audit_log").select("id").where("action", "=", "contest.winners").execute();
    expect(audited).toHaveLength(1);
  });
});

// Tuesday 1 December 2026, 10:00 US Eastern: the embedded season's weeks 1-13 are over.
describe.skipIf(!onPostgres)("two serve processes on one PostgreSQL database", () => {
  const two = twoServesOnPostgres("winners", { CLOCK_START: "2026-12-01T15:00:00Z", DEMO_BOTS: "3" });

  test("ten requests for one week at once, alternating processes: all 200, one record, one audit entry", async () => {
    const admin = await two.register();
    await two.query("update users set role = 'admin' where id = $1", [admin.id]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        two.send(i % 2 ? two.b : two.a, "POST", "/api/admin/contest/weeks/10/winners", {}, admin.cookie),
      ),
    );
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(answers.map((a) => a.status)).toEqual(new Array(10).fill(200));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    const weeks = await two.query("select count(*)::int as n from contest_weeks where season = 2026 and week = 10");
    expect(weeks.rows[0].n).toBe(1);
    const audited = await two.query(
      "select count(*)::int as n from audit_log where action = 'contest.winners' and subject = 'week:2026:10'",
    );
    expect(audited.rows[0].n).toBe(1);
  }, 60_000);
});
