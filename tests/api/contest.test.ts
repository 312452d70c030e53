import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cliActor } from "../../src/modules/audit/service.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { weeklyWinners } from "../../src/modules/contest/service.ts";
import { ADMIN, buildUser, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;

const WEEK1 = [
  { id: "fake-w1-DAL-PHI", home: "Philadelphia Eagles", away: "Dallas Cowboys" },
  { id: "fake-w1-KC-BUF", home: "Buffalo Bills", away: "Kansas City Chiefs" },
  { id: "fake-w1-SF-SEA", home: "Seattle Seahawks", away: "San Francisco 49ers" },
];

beforeEach(async () => {
  ({
    ctx,
    people: { admin },
  } = await seededSeason({ people: { admin: ADMIN } }));
});
afterEach(() => ctx.close());

/** Bets the home side (−3.5) on the given games; the home teams win by 7, so each pick wins. */
async function betHome(who: BuiltUser, games: typeof WEEK1, units = 1) {
  for (const g of games) {
    const res = await call(ctx.app, "POST", "/api/bets", {
      cookie: who.cookie,
      body: { gameId: g.id, betType: "spread", selection: g.home, odds: -110, point: -3.5, units },
    });
    expect(res.status).toBe(201);
  }
}
async function finishWeek() {
  ctx.clock.set("2026-09-15T12:00:00Z");
  for (const g of WEEK1) {
    await call(ctx.app, "PATCH", `/api/games/${g.id}`, {
      cookie: admin.cookie,
      body: { homeScore: 24, awayScore: 17, status: "completed" },
    });
    await settleGame(ctx.db, ctx.clock.now(), g.id);
  }
}
const winners = (force = false) =>
  weeklyWinners(ctx.db, ctx.clock.now(), { force, adminEmails: ctx.config.adminEmails, actor: cliActor });

describe("weekly winners", () => {
  test("top eligible players of the last completed week; bots, admins, short coverage and late sign-ups skipped", async () => {
    const three = await buildUser(ctx, { username: "three_units" });
    const two = await buildUser(ctx, { username: "two_units" });
    const one = await buildUser(ctx, { username: "one_unit" });
    const short = await buildUser(ctx, { username: "short_coverage" });
    const bot = await buildUser(ctx, { username: "bot_player", isBot: true });
    await betHome(three, WEEK1, 3);
    await betHome(two, WEEK1.slice(0, 2), 3); // 2 of 3: still eligible (all but one)
    await betHome(one, WEEK1, 1);
    await betHome(short, WEEK1.slice(0, 1), 3); // 1 of 3: not eligible
    await betHome(bot, WEEK1, 3);
    await betHome(admin, WEEK1, 3);
    ctx.clock.set("2026-09-12T12:00:00Z");
    const late = await buildUser(ctx, { username: "late_signup" }); // after the first kick-off
    await betHome(late, WEEK1.slice(1), 3);
    await finishWeek();

    const result = await winners();
    expect(result).toMatchObject({
      season: 2026,
      week: 1,
      gamesScheduled: 3,
      gamesRequired: 2,
      forced: false,
      generatedSeason: false,
    });
    expect(result.winners.map((w) => [w.place, w.username, w.unitsWon, w.gamesBet, w.tied])).toEqual([
      [1, "three_units", "8.18", 3, false],
      [2, "two_units", "5.45", 2, false],
      [3, "one_unit", "2.73", 3, false],
    ]);
  });

  test("the weekly board marks who can win and gives medal places by the winners' rule: the two agree", async () => {
    const three = await buildUser(ctx, { username: "three_games" });
    const two = await buildUser(ctx, { username: "two_games" });
    const short = await buildUser(ctx, { username: "short_coverage" });
    const bot = await buildUser(ctx, { username: "bot_player", isBot: true });
    await betHome(bot, WEEK1, 3); // +8.18U
    await betHome(three, WEEK1, 2); // +5.45U
    await betHome(short, WEEK1.slice(0, 1), 3); // +2.73U with 1 of 3 games bet
    await betHome(two, WEEK1.slice(0, 2), 1); // +1.82U with 2 of 3: eligible
    ctx.clock.set("2026-09-12T12:00:00Z");
    const late = await buildUser(ctx, { username: "late_signup" }); // after the first kick-off
    await betHome(late, WEEK1.slice(1), 2); // +3.64U
    await finishWeek();

    const board = (await call(ctx.app, "GET", "/api/leaderboard/week/1")).body as {
      username: string;
      rank: number;
      prizeEligible: boolean;
      prizePlace: number | null;
    }[];
    expect(board.map((e) => [e.rank, e.username, e.prizeEligible, e.prizePlace])).toEqual([
      [1, "bot_player", false, null],
      [2, "three_games", true, 1],
      [3, "late_signup", false, null],
      [4, "short_coverage", false, null],
      [5, "two_games", true, 2],
    ]);
    const recorded = await winners();
    expect(recorded.winners.map((w): [number | null, string] => [w.place, w.username])).toEqual(
      board.filter((e) => e.prizePlace !== null).map((e) => [e.prizePlace, e.username]),
    );
    // The overall board has no prize: no marks.
    const overall = (await call(ctx.app, "GET", "/api/leaderboard")).body as Record<string, unknown>[];
    expect(overall[0]).not.toHaveProperty("prizeEligible");
  });

  test("is recorded: the same answer later, even after the board changes; audited", async () => {
    const p = await buildUser(ctx, { username: "steady" });
    await betHome(p, WEEK1);
    await finishWeek();
    const first = await winners();
    await ctx.db.updateTable("user_week_stats").set({ profit_cents: -1 }).execute();
    const again = await winners();
    expect(again).toEqual(first);
    const audit = await ctx.db.selectFrom("audit_log").selectAll().where("action", "=", "contest.winners").execute();
    expect(audit).toHaveLength(1);
  });

  test("a week with unsettled games is refused unless forced", async () => {
    const p = await buildUser(ctx, { username: "early_bird" });
    await betHome(p, WEEK1);
    ctx.clock.set("2026-09-15T12:00:00Z");
    await call(ctx.app, "PATCH", `/api/games/${WEEK1[0]!.id}`, {
      cookie: admin.cookie,
      body: { homeScore: 24, awayScore: 17, status: "completed" },
    });
    await expect(weeklyWinners(ctx.db, ctx.clock.now(), { week: 1, adminEmails: [], actor: cliActor })).rejects.toThrow(
      "Week 1 is not settled yet (2 games without a final score",
    );
    const forced = await weeklyWinners(ctx.db, ctx.clock.now(), {
      week: 1,
      force: true,
      adminEmails: [],
      actor: cliActor,
    });
    expect(forced.forced).toBe(true);
  });

  test("once recorded, the week's games can no longer be regraded", async () => {
    const p = await buildUser(ctx, { username: "final_answer" });
    await betHome(p, WEEK1);
    await finishWeek();
    await winners();
    const res = await call(ctx.app, "PATCH", `/api/games/${WEEK1[0]!.id}`, {
      cookie: admin.cookie,
      body: { homeScore: 10, awayScore: 17, status: "completed", regrade: true },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("week_final");
  });

  test("no completed week yet: a clear refusal", async () => {
    await expect(winners()).rejects.toThrow("No week has all its games completed yet");
  });
});

describe("GET /api/contest/winners", () => {
  test("lists the season's recorded weeks, latest first, with each winner's current username and nothing private", async () => {
    expect((await call(ctx.app, "GET", "/api/contest/winners")).body).toEqual([]);
    const first = await buildUser(ctx, { username: "first_place" });
    const second = await buildUser(ctx, { username: "second_place" });
    await betHome(first, WEEK1, 3);
    await betHome(second, WEEK1, 1);
    await finishWeek();
    // Not recorded yet: the board alone does not make winners.
    expect((await call(ctx.app, "GET", "/api/contest/winners")).body).toEqual([]);
    await winners();

    const renamed = await call(ctx.app, "PUT", "/api/user/username", {
      cookie: first.cookie,
      body: { username: "renamed_champ" },
    });
    expect(renamed.status).toBe(200);
    const res = await call(ctx.app, "GET", "/api/contest/winners");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        season: 2026,
        week: 1,
        recordedAt: "2026-09-15T12:00:00.000Z",
        generatedSeason: false,
        winners: [
          { place: 1, tied: false, userId: first.user.id, username: "renamed_champ", unitsWon: "8.18", roi: 90.91 },
          { place: 2, tied: false, userId: second.user.id, username: "second_place", unitsWon: "2.73", roi: 90.91 },
        ],
      },
    ]);
  });
});
