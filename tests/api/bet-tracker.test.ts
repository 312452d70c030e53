import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { settleAllPending } from "../../src/modules/betting/settlement.ts";
import { ADMIN, buildBet, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

/**
 * My Bets as a tracker (issue 27 items 4 and 5): the bets list's filters, sort and pages, its
 * summary (the bankroll line), and cancelling a pending bet before its game locks.
 */
// Each test builds a season, a league and up to four settled bets: more than bun's 5 s on a busy machine.
setDefaultTimeout(20_000);

let ctx: TestContext;
let admin: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;
let leagueId: number;

const THU = "fake-w1-DAL-PHI"; // Dallas @ Philadelphia, Thu 2026-09-11 00:20 UTC
const SUN = "fake-w1-KC-BUF";
const SUN2 = "fake-w1-SF-SEA";
const WEEK2 = "fake-w2-PHI-KC";

beforeEach(async () => {
  ({
    ctx,
    people: { admin, alice, bob },
  } = await seededSeason({ people: { admin: ADMIN, alice: {}, bob: {} } }));
  leagueId = (await buildLeague(ctx, bob, { name: "Sunday Sharps", members: [alice] })).id;
});
afterEach(() => ctx.close());

const bets = (who: BuiltUser, query = "") =>
  call(ctx.app, "GET", `/api/users/${who.user.id}/bets${query}`, { cookie: who.cookie });
const cancel = (who: BuiltUser, id: number) => call(ctx.app, "DELETE", `/api/bets/${id}`, { cookie: who.cookie });
const resolve = (id: string, homeScore: number, awayScore: number) =>
  call(ctx.app, "PATCH", `/api/games/${id}`, {
    body: { homeScore, awayScore, status: "completed" },
    cookie: admin.cookie,
  });
const ids = (body: { id: number }[]) => body.map((b) => b.id);

/** Alice's bets: a spread (won, noted), a total (lost), a league moneyline (open, noted), a week-2 prop (open). */
async function aliceWeek() {
  const spread = await buildBet(ctx, alice, { gameId: THU, note: "Eagles at home after a BYE" });
  ctx.clock.advance(60_000);
  const total = await buildBet(ctx, alice, { gameId: SUN, betType: "total", selection: "Under", units: 3 });
  ctx.clock.advance(60_000);
  const league = await buildBet(ctx, alice, {
    gameId: SUN2,
    betType: "moneyline",
    selection: "Seattle Seahawks",
    leagueId,
    note: "100% sure_ish",
  });
  ctx.clock.advance(60_000);
  const prop = await buildBet(ctx, alice, { gameId: WEEK2, betType: "prop", units: 2 });
  // Thursday's game ends first (PHI covers), Sunday's later (51 points: the Under loses).
  ctx.clock.set("2026-09-11T04:00:00Z");
  expect((await resolve(THU, 24, 17)).status).toBe(200);
  await settleAllPending(ctx.db, ctx.clock.now());
  ctx.clock.set("2026-09-13T21:00:00Z");
  expect((await resolve(SUN, 30, 21)).status).toBe(200);
  await settleAllPending(ctx.db, ctx.clock.now());
  return { spread, total, league, prop };
}

describe("GET /api/users/{id}/bets: filters, sort and pages", () => {
  test("open and settled tabs; settled puts the just-settled first; no query: every bet, newest placed first", async () => {
    const { spread, total, league, prop } = await aliceWeek();
    expect(ids((await bets(alice)).body)).toEqual([prop.id, league.id, total.id, spread.id]);
    expect(ids((await bets(alice, "?status=open")).body)).toEqual([prop.id, league.id]);
    // Sunday's Under settled after Thursday's spread, though placed after it.
    expect(ids((await bets(alice, "?status=settled")).body)).toEqual([total.id, spread.id]);
  });

  test("week, type, book and result narrow the list; they combine", async () => {
    const { spread, total, league, prop } = await aliceWeek();
    expect(ids((await bets(alice, "?week=2")).body)).toEqual([prop.id]);
    expect(ids((await bets(alice, "?type=total")).body)).toEqual([total.id]);
    expect(ids((await bets(alice, "?type=parlay")).body)).toEqual([]);
    expect(ids((await bets(alice, `?book=${leagueId}`)).body)).toEqual([league.id]);
    expect(ids((await bets(alice, "?book=individual")).body)).toEqual([prop.id, total.id, spread.id]);
    expect(ids((await bets(alice, "?result=won")).body)).toEqual([spread.id]);
    expect(ids((await bets(alice, "?result=lost")).body)).toEqual([total.id]);
    expect(ids((await bets(alice, "?week=1&book=individual&status=open")).body)).toEqual([]);
  });

  test("q searches journal notes too, case-insensitive, wildcards taken literally", async () => {
    const { spread, league } = await aliceWeek();
    expect(ids((await bets(alice, "?q=bye")).body)).toEqual([spread.id]);
    expect(ids((await bets(alice, `?q=${encodeURIComponent("100%")}`)).body)).toEqual([league.id]);
    expect(ids((await bets(alice, "?q=_")).body)).toEqual([league.id]);
    expect(ids((await bets(alice, "?q=%25")).body)).toEqual([league.id]);
    expect(ids((await bets(alice, "?q=nothing%20like%20it")).body)).toEqual([]);
  });

  test("q finds a bet by its team, either team's abbreviation, its selection, a prop's player, a parlay's legs (issue 46)", async () => {
    const { spread, total, league, prop } = await aliceWeek();
    const parlay = await call(ctx.app, "POST", "/api/parlays", {
      cookie: alice.cookie,
      body: {
        legs: [
          { gameId: "fake-w2-BUF-DAL", betType: "moneyline", selection: "Dallas Cowboys", odds: -175, point: null },
          { gameId: WEEK2, betType: "total", selection: "Over", odds: -110, point: 45.5 },
        ],
        units: 1,
        note: null,
        leagueId: null,
      },
    });
    expect(parlay.status).toBe(201);
    expect(ids((await bets(alice, "?q=buffalo")).body)).toEqual([parlay.body.id, total.id]); // a leg's game, a game
    expect(ids((await bets(alice, "?q=BUF")).body)).toEqual([parlay.body.id, total.id]);
    expect(ids((await bets(alice, "?q=seahawks")).body)).toEqual([league.id]);
    expect(ids((await bets(alice, "?q=quarterback")).body)).toEqual([prop.id]);
    expect(ids((await bets(alice, "?q=eagles")).body)).toEqual([parlay.body.id, prop.id, spread.id]);
    expect(ids((await bets(alice, "?q=cowboys")).body)).toEqual([parlay.body.id, spread.id]);
  });

  test("sort: oldest, stake, payout (profit once settled, else what it stands to win)", async () => {
    const { spread, total, league, prop } = await aliceWeek();
    expect(ids((await bets(alice, "?sort=oldest")).body)).toEqual([spread.id, total.id, league.id, prop.id]);
    // $300, $200, then the two $100 bets newest first.
    expect(ids((await bets(alice, "?sort=stake")).body)).toEqual([total.id, prop.id, league.id, spread.id]);
    // prop to win $173.91, league ML (SEA -175) to win $57.14, spread won +$90.91, Under lost -$300.
    const payout = (await bets(alice, "?sort=payout")).body as { id: number }[];
    expect(ids(payout)).toEqual([prop.id, spread.id, league.id, total.id]);
  });

  test("limit and offset page through the same order", async () => {
    const { spread, total, league, prop } = await aliceWeek();
    expect(ids((await bets(alice, "?limit=3")).body)).toEqual([prop.id, league.id, total.id]);
    expect(ids((await bets(alice, "?limit=3&offset=3")).body)).toEqual([spread.id]);
    expect(ids((await bets(alice, "?limit=3&offset=6")).body)).toEqual([]);
  });

  test("bad filters answer 400 naming the field; others' bets 403", async () => {
    const cases: [string, string][] = [
      ["?status=void", "status"],
      ["?week=19", "week"],
      ["?week=0", "week"],
      ["?type=teaser", "type"],
      ["?book=league", "book"],
      ["?book=0", "book"],
      ["?book=9999999999", "book"],
      ["?result=pending", "result"],
      ["?sort=random", "sort"],
      ["?limit=0", "limit"],
      ["?limit=201", "limit"],
      ["?offset=-1", "offset"],
      [`?q=${"x".repeat(101)}`, "q"],
      ["?colour=red", "colour"],
    ];
    for (const [query, field] of cases) {
      const res = await bets(alice, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(field);
      expect(typeof res.body.code).toBe("string");
    }
    expect((await bets(alice, "?week=1&week=2")).status).toBe(400);
    const others = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets?status=open`, { cookie: bob.cookie });
    expect(others.status).toBe(403);
  });
});

describe("GET /api/users/{id}/bets/summary", () => {
  test("counts, open risk, profit in dollars and units, the individual balance, books and weeks", async () => {
    await aliceWeek();
    const res = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/summary`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    // Open: the league ML ($100) and the prop ($200). Settled: +90.91 and -300.00.
    expect(res.body).toEqual({
      openBets: 2,
      openRisk: "300.00",
      settledBets: 2,
      won: 1,
      lost: 1,
      pushed: 0,
      profit: "-209.09",
      profitUnits: "-2.09",
      balance: "4790.91",
      books: [
        { leagueId: null, name: "Individual" },
        { leagueId, name: "Sunday Sharps" },
      ],
      weeks: [1, 2],
    });
    const others = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/summary`, { cookie: bob.cookie });
    expect(others.status).toBe(403);
  });

  test("a player with no bets: zeros, a 50-unit balance", async () => {
    const res = await call(ctx.app, "GET", `/api/users/${bob.user.id}/bets/summary`, { cookie: bob.cookie });
    expect(res.body).toMatchObject({ openBets: 0, openRisk: "0.00", profit: "0.00", balance: "5000.00", weeks: [] });
  });
});

describe("DELETE /api/bets/{id}: cancel a pending bet before its game locks", () => {
  const leagueAvailable = async () =>
    (await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/summary`, { cookie: alice.cookie })).body;

  test("the owner cancels: the bet is gone, its stake back, and the game can be bet again", async () => {
    const bet = await buildBet(ctx, alice, { gameId: SUN, units: 2 });
    expect((await leagueAvailable()).openRisk).toBe("200.00");
    const res = await cancel(alice, bet.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: bet.id, stakeReturned: "200.00" });
    expect((await bets(alice)).body).toEqual([]);
    expect(await leagueAvailable()).toMatchObject({ openBets: 0, openRisk: "0.00", balance: "5000.00" });
    // Cancelled means gone: the same game takes a new bet without replaceExisting.
    expect((await buildBet(ctx, alice, { gameId: SUN })).status).toBe("pending");
    // Cancelling again: nothing to cancel.
    expect((await cancel(alice, bet.id)).status).toBe(404);
  });

  test("in a league with a bankroll the stake is available again at once", async () => {
    const sharps = await buildLeague(ctx, bob, {
      name: "Bankroll League",
      startingBankroll: 300,
      members: [alice],
    });
    const first = await buildBet(ctx, alice, { gameId: SUN, units: 3, leagueId: sharps.id });
    await expect(buildBet(ctx, alice, { gameId: SUN2, units: 1, leagueId: sharps.id })).rejects.toThrow(
      /Not enough bankroll/,
    );
    expect((await cancel(alice, first.id)).status).toBe(200);
    expect((await buildBet(ctx, alice, { gameId: SUN2, units: 3, leagueId: sharps.id })).wagerAmount).toBe("300.00");
  });

  test("another player's bet is not found (404), unknown ids 404, signed out 401, bad ids 400", async () => {
    const bet = await buildBet(ctx, alice, { gameId: SUN });
    const res = await cancel(bob, bet.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Bet not found", code: "bet_not_found" });
    expect((await cancel(alice, 999999)).status).toBe(404);
    expect((await call(ctx.app, "DELETE", `/api/bets/${bet.id}`)).status).toBe(401);
    expect((await call(ctx.app, "DELETE", "/api/bets/abc", { cookie: alice.cookie })).status).toBe(400);
    expect((await bets(alice)).body).toHaveLength(1);
  });

  test("409 once its game has kicked off, and once it is settled; nothing changes", async () => {
    const bet = await buildBet(ctx, alice, { gameId: THU });
    ctx.clock.set("2026-09-11T00:20:00Z");
    const locked = await cancel(alice, bet.id);
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe("game_locked");
    ctx.clock.set("2026-09-11T04:00:00Z");
    await resolve(THU, 24, 17);
    await settleAllPending(ctx.db, ctx.clock.now());
    const settled = await cancel(alice, bet.id);
    expect(settled.status).toBe(409);
    expect(settled.body.code).toBe("bet_settled");
    expect((await bets(alice)).body.map((b: { status: string }) => b.status)).toEqual(["won"]);
  });

  test("a parlay cancels while no leg has locked; after the first leg's kick-off, 409", async () => {
    const parlay = (legs: [string, string][]) =>
      call(ctx.app, "POST", "/api/parlays", {
        cookie: alice.cookie,
        body: {
          legs: legs.map(([gameId, selection]) => ({
            gameId,
            betType: "total",
            selection,
            odds: -110,
            point: 45.5,
          })),
          units: 1,
        },
      });
    const early = await parlay([
      [THU, "Over"],
      [SUN, "Under"],
    ]);
    expect(early.status).toBe(201);
    const late = await parlay([
      [SUN, "Over"],
      [SUN2, "Over"],
    ]);
    expect(late.status).toBe(201);
    expect((await cancel(alice, late.body.id)).status).toBe(200);
    expect(await ctx.db.selectFrom("bet_legs").select("bet_id").where("bet_id", "=", late.body.id).execute()).toEqual(
      [],
    );
    ctx.clock.set("2026-09-11T01:00:00Z");
    expect((await cancel(alice, early.body.id)).status).toBe(409);
    expect(ids((await bets(alice)).body)).toEqual([early.body.id]);
  });

  test("stats and boards never counted the cancelled bet", async () => {
    const kept = await buildBet(ctx, alice, { gameId: THU });
    const cancelled = await buildBet(ctx, alice, { gameId: SUN, units: 3 });
    expect((await cancel(alice, cancelled.id)).status).toBe(200);
    ctx.clock.set("2026-09-13T23:59:00Z");
    await resolve(THU, 24, 17);
    await resolve(SUN, 30, 21);
    await settleAllPending(ctx.db, ctx.clock.now());
    const stats = await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie });
    expect(stats.body).toMatchObject({ totalBets: 1, wonBets: 1, totalWagered: "100.00", totalProfit: "90.91" });
    const board = await call(ctx.app, "GET", "/api/leaderboard/week/1");
    expect(board.body.find((e: { userId: number }) => e.userId === alice.user.id)).toMatchObject({ totalBets: 1 });
    expect(kept.id).toBeGreaterThan(0);
  });
});
