/**
 * Pools (issue 45): pick'em, confidence and survivor leagues over the API, on both engines — the
 * contract (formats and options, the sheet, format-aware standings), bad input, picks hidden until
 * they lock and shown after, grading from the final scores, a commissioner's correction.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gradeGame } from "../../src/modules/pools/service.ts";
import { ADMIN, type BuiltUser, buildLeague, seededSeason } from "../factories.ts";
import type { FakeProvider } from "../fake-provider.ts";
import { call, type TestContext } from "../support.ts";
import { LATE, SUN, THU, WEEK2, WEEK2_LATE } from "./league-fixtures.ts";

let ctx: TestContext;
let provider: FakeProvider;
let people: Record<"admin" | "commish" | "alice" | "bob" | "carol" | "stranger", BuiltUser>;

beforeAll(async () => {
  const world = await seededSeason({
    people: {
      admin: ADMIN,
      commish: { username: "commish" },
      alice: { username: "alice" },
      bob: { username: "bob" },
      carol: { username: "carol" },
      stranger: { username: "stranger" },
    },
  });
  ({ ctx, provider, people } = world);
}, 30_000);

afterAll(() => ctx?.close());

const as = (who: BuiltUser | null, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who?.cookie });

async function ok<T = any>(who: BuiltUser | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await as(who, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const RULES = { allowedBetTypes: ["spread", "total", "moneyline"] };

/** A pool made by commish (through the service: the API's hourly creation budget is not under test here), joined by `members`. */
async function pool(
  name: string,
  format: "pickem" | "confidence" | "survivor",
  options: Record<string, unknown> = {},
  members: BuiltUser[] = [people.alice, people.bob],
  extra: { isPublic?: boolean; startDate?: string } = {},
) {
  const league = await buildLeague(ctx, people.commish, {
    name,
    isPublic: false,
    format,
    pool: options as never,
    members,
    ...extra,
  });
  return league as unknown as { id: number; format: string; pool: Record<string, unknown> };
}

const sheetOf = (who: BuiltUser, leagueId: number, week: number) =>
  ok(who, "GET", `/api/leagues/${leagueId}/pool/${week}`);
const save = (who: BuiltUser, leagueId: number, week: number, body: unknown) =>
  as(who, "PUT", `/api/leagues/${leagueId}/pool/${week}`, body);

async function resolve(gameId: string, homeScore: number, awayScore: number) {
  await ok(people.admin, "PATCH", `/api/games/${gameId}`, { homeScore, awayScore, status: "completed" });
  await gradeGame(ctx.db, gameId);
}

describe("a league's format and pool options (the contract)", () => {
  test("create and edit take format and pool; answers carry both; a league of bets has no pool", async () => {
    const made = await pool("Options Pool", "survivor", { strikes: 1, autoPick: true, priced: true });
    expect(made.format).toBe("survivor");
    // The format's own options as given, the others at their defaults (priced is not survivor's).
    expect(made.pool).toEqual({
      lock: "game",
      against: "straight",
      priced: false,
      tiebreaker: true,
      tieIs: "win",
      strikes: 1,
      autoPick: true,
    });
    const details = await ok(people.alice, "GET", `/api/leagues/${made.id}`);
    expect([details.format, details.pool.strikes]).toEqual(["survivor", 1]);
    const bets = await ok(people.commish, "POST", "/api/leagues", {
      name: "Plain",
      isPublic: true,
      rules: RULES,
      createdBy: people.commish.user.id,
    });
    expect([bets.format, bets.pool]).toEqual(["bets", null]);
    // An edit that leaves them out keeps them.
    const edited = await ok(people.commish, "PUT", `/api/leagues/${made.id}`, {
      name: "Options Pool 2",
      isPublic: false,
      rules: RULES,
    });
    expect([edited.format, edited.pool.strikes, edited.pool.autoPick]).toEqual(["survivor", 1, true]);
  });

  test("bad options answer 400 naming the field, and write nothing", async () => {
    const base = { name: "Bad", isPublic: true, rules: RULES, createdBy: people.commish.user.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ format: "bracket" }, "format"],
      [{ format: "survivor", pool: { strikes: 3 } }, "pool.strikes"],
      [{ format: "pickem", pool: { priced: true, against: "spread" } }, "pool.priced"],
      [{ format: "pickem", pool: { lock: "never" } }, "pool.lock"],
      [{ format: "pickem", pool: { margin: true } }, "pool"],
      [{ format: "bets", pool: { lock: "week" } }, "pool"],
    ];
    const before = await ctx.db.selectFrom("leagues").select("id").execute();
    for (const [body, field] of cases) {
      const res = await as(people.commish, "POST", "/api/leagues", { ...base, ...body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toContain(field);
    }
    expect((await ctx.db.selectFrom("leagues").select("id").execute()).length).toBe(before.length);
  });

  test("the format and options are fixed once the pool has a pick (409 pool_started); other settings still change", async () => {
    const p = await pool("Fixed Pool", "pickem");
    const changed = await as(people.commish, "PUT", `/api/leagues/${p.id}`, {
      name: "Fixed Pool",
      isPublic: false,
      rules: RULES,
      pool: { against: "spread" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.pool.against).toBe("spread");
    expect((await save(people.alice, p.id, 1, { picks: [{ gameId: SUN, selection: "Buffalo Bills" }] })).status).toBe(
      200,
    );
    for (const change of [{ format: "confidence" }, { pool: { against: "straight" } }]) {
      const res = await as(people.commish, "PUT", `/api/leagues/${p.id}`, {
        name: "Fixed Pool",
        isPublic: false,
        rules: RULES,
        ...change,
      });
      expect({ change, status: res.status, code: res.body.code }).toEqual({
        change,
        status: 409,
        code: "pool_started",
      });
    }
    const renamed = await as(people.commish, "PUT", `/api/leagues/${p.id}`, {
      name: "Fixed Pool, renamed",
      isPublic: false,
      rules: RULES,
      format: "pickem",
      pool: { against: "spread" },
    });
    expect([renamed.status, renamed.body.name]).toEqual([200, "Fixed Pool, renamed"]);
  });
});

describe("the sheet: PUT and GET /api/leagues/{id}/pool/{week}", () => {
  test("saves the caller's picks priced by the server: the moneyline straight up, the spread frozen against it", async () => {
    const straight = await pool("Straight Pool", "pickem");
    const saved = await save(people.alice, straight.id, 1, {
      picks: [
        { gameId: THU, selection: "Dallas Cowboys" },
        { gameId: SUN, selection: "Buffalo Bills" },
      ],
      tiebreaker: 44,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.picks.map((p: any) => [p.gameId, p.selection, p.odds, p.point, p.points])).toEqual([
      [THU, "Dallas Cowboys", 150, null, null],
      [SUN, "Buffalo Bills", -175, null, null],
    ]);
    expect([saved.body.tiebreaker, saved.body.tiebreakerGameId, saved.body.needed]).toEqual([44, LATE, 1]);
    expect(saved.body.games.map((g: any) => g.gameId)).toEqual([THU, SUN, LATE]);

    const ats = await pool("Spread Pool", "pickem", { against: "spread" });
    await ok(people.alice, "PUT", `/api/leagues/${ats.id}/pool/1`, {
      picks: [{ gameId: SUN, selection: "Buffalo Bills" }],
    });
    // The line moves: the pick keeps its spread; the other side picked now gets today's.
    provider.spreadShift = -3;
    await syncAgain();
    const kept = await ok(people.alice, "PUT", `/api/leagues/${ats.id}/pool/1`, {
      picks: [
        { gameId: SUN, selection: "Buffalo Bills" },
        { gameId: LATE, selection: "San Francisco 49ers" },
      ],
    });
    expect(kept.picks.map((p: any) => [p.selection, p.point, p.odds])).toEqual([
      ["Buffalo Bills", -3.5, -110],
      ["San Francisco 49ers", 6.5, -110],
    ]);
    provider.spreadShift = 0;
    await syncAgain();
  });

  test("an open game left out loses its pick; a locked game's pick stays as it was", async () => {
    const p = await pool("Keep Pool", "pickem");
    await ok(people.alice, "PUT", `/api/leagues/${p.id}/pool/1`, {
      picks: [
        { gameId: THU, selection: "Philadelphia Eagles" },
        { gameId: SUN, selection: "Buffalo Bills" },
      ],
    });
    await at("2026-09-12T12:00:00Z", async () => {
      // Thursday's game has kicked off: sending the sheet without it keeps it; changing it is 409.
      const res = await ok(people.alice, "PUT", `/api/leagues/${p.id}/pool/1`, {
        picks: [{ gameId: LATE, selection: "Seattle Seahawks" }],
      });
      expect(res.picks.map((x: any) => x.gameId)).toEqual([THU, LATE]);
      const late = await save(people.alice, p.id, 1, { picks: [{ gameId: THU, selection: "Dallas Cowboys" }] });
      expect([late.status, late.body.code]).toEqual([409, "game_locked"]);
      const unchanged = await save(people.alice, p.id, 1, {
        picks: [
          { gameId: THU, selection: "Philadelphia Eagles" },
          { gameId: LATE, selection: "Seattle Seahawks" },
        ],
      });
      expect(unchanged.status).toBe(200);
    });
  });

  test("bad input answers 400 with a code, 409 game_locked, and leaves the sheet as it was", async () => {
    const pickem = await pool("Bad Pickem", "pickem");
    const confidence = await pool("Bad Confidence", "confidence");
    const survivor = await pool("Bad Survivor", "survivor");
    await ok(people.alice, "PUT", `/api/leagues/${survivor.id}/pool/1`, {
      picks: [{ gameId: SUN, selection: "Buffalo Bills" }],
    });
    const cases: [number, number, unknown, number, string][] = [
      [pickem.id, 1, { picks: [{ gameId: WEEK2, selection: "Kansas City Chiefs" }] }, 400, "game_not_in_week"],
      [pickem.id, 1, { picks: [{ gameId: SUN, selection: "Dallas Cowboys" }] }, 400, "invalid_selection"],
      [pickem.id, 1, { picks: [{ gameId: SUN, selection: "Buffalo Bills", points: 1 }] }, 400, "points_not_used"],
      [
        confidence.id,
        1,
        {
          picks: [
            { gameId: SUN, selection: "Buffalo Bills", points: 2 },
            { gameId: LATE, selection: "Seattle Seahawks", points: 2 },
          ],
        },
        400,
        "duplicate_points",
      ],
      [confidence.id, 1, { picks: [{ gameId: SUN, selection: "Buffalo Bills", points: 4 }] }, 400, "invalid_points"],
      [confidence.id, 1, { picks: [{ gameId: SUN, selection: "Buffalo Bills" }] }, 400, "invalid_points"],
      [
        survivor.id,
        1,
        {
          picks: [
            { gameId: SUN, selection: "Buffalo Bills" },
            { gameId: LATE, selection: "Seattle Seahawks" },
          ],
        },
        400,
        "survivor_one_pick",
      ],
      [survivor.id, 2, { picks: [{ gameId: WEEK2_LATE, selection: "Buffalo Bills" }] }, 400, "team_used"],
      [pickem.id, 1, { picks: [{ gameId: SUN, selection: "Buffalo Bills" }], tiebreaker: -1 }, 400, "invalid_input"],
      [survivor.id, 1, { picks: [], tiebreaker: 40 }, 400, "tiebreaker_not_used"],
    ];
    for (const [leagueId, week, body, status, code] of cases) {
      const before = await sheetOf(people.alice, leagueId, week);
      const res = await save(people.alice, leagueId, week, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
      expect(typeof res.body.message).toBe("string");
      expect((await sheetOf(people.alice, leagueId, week)).picks).toEqual(before.picks);
    }
    await at("2026-09-12T12:00:00Z", async () => {
      const res = await save(people.alice, pickem.id, 1, { picks: [{ gameId: THU, selection: "Dallas Cowboys" }] });
      expect([res.status, res.body.code]).toEqual([409, "game_locked"]);
    });
    // A pool that starts with week 2 (its start date) takes no week 1 picks.
    const later = await pool("Later Pool", "pickem", {}, [people.alice], { startDate: "2026-09-15" });
    const early = await save(people.alice, later.id, 1, { picks: [{ gameId: SUN, selection: "Buffalo Bills" }] });
    expect([early.status, early.body.code, early.body.message]).toEqual([
      400,
      "week_not_in_pool",
      "Week 1 is not in this pool: it starts with week 2",
    ]);
    expect(
      (await save(people.alice, later.id, 2, { picks: [{ gameId: WEEK2, selection: "Kansas City Chiefs" }] })).status,
    ).toBe(200);
  });

  test("who may: members read and save; a stranger 403 on a public pool, 404 on a private one; signed out 401; a league of bets 409", async () => {
    const open = await pool("Public Pool", "pickem", {}, [people.alice], { isPublic: true });
    const closed = await pool("Private Pool", "pickem", {}, [people.alice]);
    const bets = await ok(people.commish, "POST", "/api/leagues", {
      name: "Bets Only",
      isPublic: true,
      rules: RULES,
      createdBy: people.commish.user.id,
    });
    const body = { picks: [{ gameId: SUN, selection: "Buffalo Bills" }] };
    expect((await save(people.alice, open.id, 1, body)).status).toBe(200);
    expect((await save(people.commish, open.id, 1, body)).status).toBe(200);
    const cases: [BuiltUser | null, number, number, string | null][] = [
      [people.stranger, open.id, 403, "members_only"],
      [people.stranger, closed.id, 404, "league_not_found"],
      [null, open.id, 401, null],
      [people.commish, bets.id, 409, "not_a_pool"],
    ];
    for (const [who, id, status, code] of cases) {
      for (const [method, payload] of [
        ["GET", undefined],
        ["PUT", body],
      ] as const) {
        const res = await as(who, method, `/api/leagues/${id}/pool/1`, payload);
        expect({ who: who?.user.username, method, id, status: res.status }).toEqual({
          who: who?.user.username,
          method,
          id,
          status,
        });
        if (code) expect(res.body.code).toBe(code);
      }
    }
  });
});

describe("hidden until they lock, shown after (decision 0073)", () => {
  test("before kick-off the others see how many picks, not which; each game's pick shows at its kick-off", async () => {
    const p = await pool("Secret Pool", "confidence", { tiebreaker: true });
    await ok(people.alice, "PUT", `/api/leagues/${p.id}/pool/1`, {
      picks: [
        { gameId: THU, selection: "Dallas Cowboys", points: 3 },
        { gameId: SUN, selection: "Kansas City Chiefs", points: 1 },
      ],
      tiebreaker: 51,
    });
    const seen = await sheetOf(people.bob, p.id, 1);
    const alice = seen.members.find((m: any) => m.username === "alice");
    expect(alice).toEqual({
      userId: people.alice.user.id,
      username: "alice",
      picked: 2,
      picks: [],
      tiebreaker: null,
      points: 0,
    });
    expect(JSON.stringify(seen)).not.toContain('Dallas Cowboys","points');
    await at("2026-09-11T01:00:00Z", async () => {
      const thursday = (await sheetOf(people.bob, p.id, 1)).members.find((m: any) => m.username === "alice");
      expect(thursday.picks.map((x: any) => [x.gameId, x.selection, x.points])).toEqual([[THU, "Dallas Cowboys", 3]]);
      expect(thursday.tiebreaker).toBeNull(); // the tiebreaker game (Sunday's last) is still open
    });
    await at("2026-09-13T21:00:00Z", async () => {
      const sunday = (await sheetOf(people.bob, p.id, 1)).members.find((m: any) => m.username === "alice");
      expect(sunday.picks.map((x: any) => x.gameId)).toEqual([THU, SUN]);
      expect(sunday.tiebreaker).toBe(51);
    });
  });

  test("a pool locking the whole week shows every pick at its first kick-off", async () => {
    const p = await pool("Week Lock Pool", "pickem", { lock: "week" });
    await ok(people.alice, "PUT", `/api/leagues/${p.id}/pool/1`, {
      picks: [{ gameId: LATE, selection: "Seattle Seahawks" }],
    });
    expect((await sheetOf(people.bob, p.id, 1)).members.find((m: any) => m.username === "alice").picks).toEqual([]);
    await at("2026-09-11T01:00:00Z", async () => {
      const sheet = await sheetOf(people.bob, p.id, 1);
      expect(sheet.games.every((g: any) => g.locked)).toBe(true);
      expect(sheet.members.find((m: any) => m.username === "alice").picks.map((x: any) => x.gameId)).toEqual([LATE]);
      const res = await save(people.alice, p.id, 1, { picks: [{ gameId: LATE, selection: "San Francisco 49ers" }] });
      expect([res.status, res.body.code]).toEqual([409, "game_locked"]);
    });
  });
});

describe("a commissioner's correction", () => {
  test("an admin corrects a member's pick: recorded in the league's history by game only; members cannot", async () => {
    const p = await pool("Correction Pool", "pickem");
    await ok(people.alice, "PUT", `/api/leagues/${p.id}/pool/1`, {
      picks: [{ gameId: SUN, selection: "Buffalo Bills" }],
    });
    const url = `/api/leagues/${p.id}/pool/1/corrections`;
    const body = { userId: people.alice.user.id, gameId: SUN, selection: "Kansas City Chiefs" };
    expect((await as(people.bob, "POST", url, body)).status).toBe(403);
    const fixed = await ok(people.commish, "POST", url, body);
    expect([fixed.selection, fixed.odds]).toEqual(["Kansas City Chiefs", 150]);
    expect((await sheetOf(people.alice, p.id, 1)).picks.map((x: any) => x.selection)).toEqual(["Kansas City Chiefs"]);
    const history = await ok(people.bob, "GET", `/api/history/league/${p.id}`);
    const entry = history.entries.find((e: any) => e.kind === "pool_pick_corrected");
    expect(entry).toMatchObject({
      week: 1,
      matchup: "Kansas City Chiefs @ Buffalo Bills",
      member: { username: "alice" },
    });
    expect(JSON.stringify(entry)).not.toContain('"selection"');
    const stranger = await as(people.commish, "POST", url, { ...body, userId: people.stranger.user.id });
    expect([stranger.status, stranger.body.code]).toEqual([409, "not_member"]);
  });
});

describe("graded from the final scores: format-aware standings", () => {
  const pools: Record<"priced" | "tiebreak" | "survivor", { id: number }> = {} as never;
  const twoPicks = (thu: string, sun: string, tiebreaker?: number) => ({
    picks: [
      { gameId: THU, selection: thu },
      { gameId: SUN, selection: sun },
    ],
    ...(tiebreaker === undefined ? {} : { tiebreaker }),
  });

  beforeAll(async () => {
    const three = [people.alice, people.bob, people.carol];
    pools.priced = await pool("Priced Pool", "pickem", { priced: true }, three);
    pools.tiebreak = await pool("Tiebreak Pool", "pickem", {}, [people.alice, people.bob]);
    pools.survivor = await pool("Survivor Pool", "survivor", { strikes: 1, tieIs: "loss" }, three);
    const put = (who: BuiltUser, id: number, body: unknown) => ok(who, "PUT", `/api/leagues/${id}/pool/1`, body);
    await put(people.alice, pools.priced.id, twoPicks("Dallas Cowboys", "Buffalo Bills"));
    await put(people.bob, pools.priced.id, twoPicks("Philadelphia Eagles", "Buffalo Bills"));
    await put(people.carol, pools.priced.id, twoPicks("Philadelphia Eagles", "Kansas City Chiefs"));
    await put(people.alice, pools.tiebreak.id, twoPicks("Dallas Cowboys", "Buffalo Bills", 40));
    await put(people.bob, pools.tiebreak.id, twoPicks("Dallas Cowboys", "Buffalo Bills", 46));
    await put(people.alice, pools.survivor.id, { picks: [{ gameId: SUN, selection: "Kansas City Chiefs" }] });
    await put(people.bob, pools.survivor.id, { picks: [{ gameId: LATE, selection: "Seattle Seahawks" }] });
    await put(people.carol, pools.survivor.id, { picks: [{ gameId: LATE, selection: "San Francisco 49ers" }] });
    ctx.clock.set("2026-09-14T03:00:00Z");
    await resolve(THU, 17, 24); // Dallas (+150) win away
    await resolve(SUN, 20, 20); // a tie: every pick pushes
    await resolve(LATE, 27, 20); // Seattle win; the tiebreaker game: 47 points
  });

  test("pick'em priced by the line: an underdog's win scores its price, a push half of it", async () => {
    const week = await ok(people.carol, "GET", `/api/leagues/${pools.priced.id}/standings/1`);
    expect([week.format, week.tiebreakerTotal, week.of]).toEqual(["pickem", 47, 4]);
    // alice: 1.5 + half of −175's 0.57 (0.28); carol: half of +150's 1.5; bob: half of 0.57.
    expect(week.rows.map((r: any) => [r.username, r.rank, r.points, r.correct, r.pushes, r.lost])).toEqual([
      ["alice", 1, 1.78, 1, 1, 0],
      ["carol", 2, 0.75, 0, 1, 1],
      ["bob", 3, 0.28, 0, 1, 1],
      ["commish", 4, 0, 0, 0, 0],
    ]);
    const season = await ok(people.carol, "GET", `/api/leagues/${pools.priced.id}/standings/season`);
    expect(season.rows.map((r: any) => [r.username, r.rank, r.points])).toEqual([
      ["alice", 1, 1.78],
      ["carol", 2, 0.75],
      ["bob", 3, 0.28],
      ["commish", 4, 0],
    ]);
    const sheet = await sheetOf(people.bob, pools.priced.id, 1);
    expect(sheet.picks.map((p: any) => [p.selection, p.result, p.score])).toEqual([
      ["Philadelphia Eagles", "lost", 0],
      ["Buffalo Bills", "push", 0.28],
    ]);
  });

  test("a tied week goes to the closest guess of the last game's total; the season's tie to correct picks, then shared", async () => {
    const week = await ok(people.bob, "GET", `/api/leagues/${pools.tiebreak.id}/standings/1`);
    expect(week.rows.map((r: any) => [r.username, r.rank, r.points, r.tiebreaker, r.tiebreak])).toEqual([
      ["bob", 1, 1.5, 46, null],
      ["alice", 2, 1.5, 40, "tiebreaker"],
      ["commish", 3, 0, null, null],
    ]);
    const season = await ok(people.bob, "GET", `/api/leagues/${pools.tiebreak.id}/standings/season`);
    expect(season.rows.map((r: any) => [r.username, r.rank])).toEqual([
      ["alice", 1],
      ["bob", 1],
      ["commish", 3],
    ]);
  });

  test("survivor: a loss (a tie, as set) spends a strike, the next eliminates; a missed week counts as a loss", async () => {
    const sheet = await sheetOf(people.alice, pools.survivor.id, 2);
    expect(sheet.survivor).toEqual({ alive: 4, of: 4, you: { alive: true, strikes: 1 } });
    expect(sheet.usedTeams).toEqual(["Kansas City Chiefs"]);
    const used = await save(people.alice, pools.survivor.id, 2, {
      picks: [{ gameId: WEEK2, selection: "Kansas City Chiefs" }],
    });
    expect([used.status, used.body.code]).toEqual([400, "team_used"]);
    await ok(people.alice, "PUT", `/api/leagues/${pools.survivor.id}/pool/2`, {
      picks: [{ gameId: WEEK2, selection: "Philadelphia Eagles" }],
    });
    ctx.clock.set("2026-09-21T03:00:00Z");
    await resolve(WEEK2, 31, 3); // Kansas City win at home: alice's second loss
    const season = await ok(people.bob, "GET", `/api/leagues/${pools.survivor.id}/standings/season`);
    expect([season.format, season.alive, season.of]).toEqual(["survivor", 1, 4]);
    // bob won week 1 and missed week 2 (his one strike); the others had a strike already.
    expect(season.rows.map((r: any) => [r.username, r.rank, r.alive, r.strikes, r.eliminatedWeek, r.boldness])).toEqual(
      [
        ["bob", 1, true, 1, null, 0.64],
        ["commish", 2, false, 2, 2, 0],
        ["alice", 2, false, 2, 2, 0],
        ["carol", 2, false, 2, 2, 0],
      ],
    );
    const week1 = await ok(people.bob, "GET", `/api/leagues/${pools.survivor.id}/standings/1`);
    expect(week1.alive).toBe(4);
    expect((await save(people.alice, pools.survivor.id, 2, { picks: [] })).status).toBe(200);
    const out = await save(people.alice, pools.survivor.id, 2, {
      picks: [{ gameId: WEEK2_LATE, selection: "Dallas Cowboys" }],
    });
    expect([out.status, out.body.code]).toEqual([409, "eliminated"]);
  });
});

/** Runs `work` with the clock at `iso`, then puts it back. */
async function at(iso: string, work: () => Promise<void>) {
  const before = ctx.clock.now().toISOString();
  ctx.clock.set(iso);
  try {
    await work();
  } finally {
    ctx.clock.set(before);
  }
}

async function syncAgain() {
  const { syncGames } = await import("../../src/modules/feeds/service.ts");
  await syncGames(ctx.db, provider, ctx.clock.now());
}
