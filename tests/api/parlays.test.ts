import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleAllPending, settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { ADMIN, buildUser, type BuiltUser, seededSeason } from "../factories.ts";
import type { FakeProvider } from "../fake-provider.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let provider: FakeProvider;
let admin: BuiltUser;
let alice: BuiltUser;

// Every game: home −3.5 at −110, total 45.5 at −110, away +150 / home −175.
const THU = "fake-w1-DAL-PHI"; // Dallas @ Philadelphia, Thu 00:20 UTC
const SUN = "fake-w1-KC-BUF"; // Kansas City @ Buffalo, Sun 17:00
const LATE = "fake-w1-SF-SEA"; // San Francisco @ Seattle, Sun 20:25: the week's last kick-off
const WEEK2 = "fake-w2-PHI-KC";
const WEEK2_LATE = "fake-w2-BUF-DAL";

const phiSpread = { gameId: THU, betType: "spread", selection: "Philadelphia Eagles", odds: -110, point: -3.5 };
const kcMoneyline = { gameId: SUN, betType: "moneyline", selection: "Kansas City Chiefs", odds: 150, point: null };
const seaMoneyline = { gameId: LATE, betType: "moneyline", selection: "Seattle Seahawks", odds: -175, point: null };
/** −110 × +150 × −175: decimal 1.9091 × 2.5 × 1.5714 = 7.5, so +650 and $650.00 a unit. */
const THREE_LEGS = [phiSpread, kcMoneyline, seaMoneyline];

beforeEach(async () => {
  ({
    ctx,
    provider,
    people: { admin, alice },
  } = await seededSeason({ people: { admin: ADMIN, alice: { username: "alice" } } }));
});
afterEach(() => ctx.close());

const parlay = (legs: unknown[] = THREE_LEGS, overrides: Record<string, unknown> = {}) => ({
  legs,
  units: 1,
  note: null,
  leagueId: null,
  ...overrides,
});
const placeParlay = (who: BuiltUser, body: unknown) =>
  call(ctx.app, "POST", "/api/parlays", { body, cookie: who.cookie });
const placeBet = (who: BuiltUser, body: unknown) => call(ctx.app, "POST", "/api/bets", { body, cookie: who.cookie });
const betsOf = async (who: BuiltUser) =>
  (await call(ctx.app, "GET", `/api/users/${who.user.id}/bets`, { cookie: who.cookie })).body;

/** An admin's final score, then the settlement the resolve sets off (as serve's listener runs it). */
async function final(gameId: string, homeScore: number, awayScore: number, extra: Record<string, unknown> = {}) {
  const res = await call(ctx.app, "PATCH", `/api/games/${gameId}`, {
    body: { homeScore, awayScore, status: "completed", ...extra },
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
  // What serve's listener does with the event the resolve wrote.
  const event = await ctx.db
    .selectFrom("outbox")
    .select("payload")
    .where("type", "=", "game.completed")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const { regrade, previous } = JSON.parse(event.payload);
  expect(regrade).toBe(extra.regrade === true);
  return settleGame(ctx.db, ctx.clock.now(), gameId, { regrade, previous });
}

async function counts(): Promise<{ bets: number; legs: number }> {
  const bets = await ctx.db
    .selectFrom("bets")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  const legs = await ctx.db
    .selectFrom("bet_legs")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return { bets: Number(bets.n), legs: Number(legs.n) };
}

async function propIds(gameId: string): Promise<number[]> {
  return (await ctx.db.selectFrom("game_props").select("id").where("game_id", "=", gameId).orderBy("id").execute()).map(
    (r) => r.id,
  );
}

describe("POST /api/parlays", () => {
  test("places one bet priced by the server from the legs' current odds, ignoring the client's figures", async () => {
    const res = await placeParlay(
      alice,
      parlay(THREE_LEGS, { units: 2, wagerAmount: 1, potentialWin: 999999, note: "Chalk and a dog" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      betType: "parlay",
      isParlay: true,
      selection: "3-leg parlay",
      odds: "650",
      point: null,
      units: "2",
      wagerAmount: "200.00",
      potentialWin: "1300.00",
      status: "pending",
      note: "Chalk and a dog",
      // The last leg to kick off gives the parlay its game and week.
      gameId: LATE,
      week: 1,
      game: { awayTeam: "San Francisco 49ers", homeTeam: "Seattle Seahawks" },
      closingLine: null,
      clv: null,
    });
    expect(res.body.legs).toEqual([
      expect.objectContaining({
        gameId: THU,
        betType: "spread",
        selection: "Philadelphia Eagles",
        odds: "-110",
        point: "-3.5",
        status: "pending",
        game: expect.objectContaining({ homeTeam: "Philadelphia Eagles" }),
      }),
      expect.objectContaining({
        gameId: SUN,
        betType: "moneyline",
        selection: "Kansas City Chiefs",
        odds: "150",
        point: null,
        status: "pending",
      }),
      expect.objectContaining({
        gameId: LATE,
        betType: "moneyline",
        selection: "Seattle Seahawks",
        odds: "-175",
        point: null,
        status: "pending",
      }),
    ]);
    // The list shows it the same way, legs and all; single bets carry no legs.
    await placeBet(alice, { ...phiSpread, units: 1 });
    const [single, listed] = await betsOf(alice);
    expect(single).toMatchObject({ isParlay: false, legs: null });
    expect(listed).toEqual(res.body);
  });

  test("prop legs are priced from the prop, and a parlay in week 2 belongs to week 2", async () => {
    const [qb] = await propIds(WEEK2);
    const res = await placeParlay(
      alice,
      parlay([
        { gameId: WEEK2, betType: "prop", propId: qb, selection: "Over", odds: -115, point: 245.5 },
        { gameId: WEEK2_LATE, betType: "total", selection: "Under", odds: -110, point: 45.5 },
      ]),
    );
    expect(res.status).toBe(201);
    // 215/115 × 210/110 = 3.569: +257, $256.92 a unit.
    expect(res.body).toMatchObject({ odds: "257", potentialWin: "256.92", week: 2, gameId: WEEK2_LATE });
    expect(res.body.legs[0]).toMatchObject({
      propId: qb,
      prop: { playerName: "KC Quarterback", propType: "passing_yards" },
    });
  });

  test("a parlay is its own bet: single bets on its games stay allowed and replaceable, and it is not their 'existing bet'", async () => {
    expect((await placeBet(alice, { ...phiSpread, units: 1 })).status).toBe(201);
    expect((await placeParlay(alice, parlay())).status).toBe(201);
    expect((await placeBet(alice, { ...kcMoneyline, units: 1 })).status).toBe(201);
    const replaced = await placeBet(alice, {
      gameId: THU,
      betType: "total",
      selection: "Over",
      odds: -110,
      point: 45.5,
      units: 1,
      replaceExisting: true,
    });
    expect(replaced.status).toBe(201);
    const bets = await betsOf(alice);
    expect(bets.map((b: { selection: string }) => b.selection).sort()).toEqual([
      "3-leg parlay",
      "Kansas City Chiefs",
      "Over",
    ]);
    // Coverage counts single bets' games only: the parlay's three games add nothing.
    const coverage = await call(ctx.app, "GET", `/api/users/${alice.user.id}/coverage/week/1`, {
      cookie: alice.cookie,
    });
    expect(coverage.body).toMatchObject({ gamesScheduled: 3, gamesBet: 2 });
  });

  test("the same parlay twice in one book is refused (any order of legs), also when placed at once; another parlay is fine", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => placeParlay(alice, parlay())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(7).fill("parlay_exists"));
    const again = await placeParlay(alice, parlay([seaMoneyline, phiSpread, kcMoneyline]));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: "You already have this parlay",
      code: "parlay_exists",
      existingBetId: results.find((r) => r.status === 201)!.body.id,
    });
    expect((await placeParlay(alice, parlay([phiSpread, kcMoneyline]))).status).toBe(201);
    expect(await counts()).toEqual({ bets: 2, legs: 5 });
  });

  test("a propId on a leg that is not a prop is refused (400): it cannot pass the same parlay off as another", async () => {
    const twoLegs = [phiSpread, kcMoneyline];
    expect((await placeParlay(alice, parlay(twoLegs))).status).toBe(201);
    for (const propId of [1, 2, 3]) {
      const copy = await placeParlay(alice, parlay([phiSpread, { ...kcMoneyline, propId }]));
      expect(copy.status).toBe(400);
      expect(copy.body).toEqual({
        message: "legs[1].propId: only a prop leg takes a propId (this leg is moneyline)",
        code: "invalid_input",
      });
    }
    const nullPropId = await placeParlay(alice, parlay([phiSpread, { ...kcMoneyline, propId: null }]));
    expect(nullPropId.body.code).toBe("parlay_exists");
    expect(await counts()).toEqual({ bets: 1, legs: 2 });
  });

  test("replaceExisting does not apply to parlays: it is refused as an unknown field, and so is isParlay on POST /api/bets", async () => {
    const res = await placeParlay(alice, parlay(THREE_LEGS, { replaceExisting: true }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "unknown_field", message: "Unknown field: replaceExisting" });
    const viaBets = await placeBet(alice, { ...phiSpread, units: 1, isParlay: true });
    expect(viaBets.status).toBe(400);
    expect(viaBets.body.message).toBe("isParlay: parlays are placed with POST /api/parlays");
    expect(await counts()).toEqual({ bets: 0, legs: 0 });
  });

  test("bad input answers 400 naming the problem, and writes nothing", async () => {
    const [qb] = await propIds(SUN);
    const nineLegs = Array.from({ length: 9 }, (_, i) => ({ ...THREE_LEGS[i % 3]! }));
    const cases: [unknown, number, string, string][] = [
      [parlay([phiSpread]), 400, "parlay_too_few_legs", "legs: a parlay needs at least 2 legs (got 1)"],
      [parlay([]), 400, "parlay_too_few_legs", "legs: a parlay needs at least 2 legs (got 0)"],
      [
        parlay([phiSpread, { ...phiSpread, betType: "total", selection: "Over", point: 45.5 }]),
        400,
        "parlay_same_game",
        `legs: two legs are on the same game (${THU}); a parlay takes one leg per game`,
      ],
      [parlay(nineLegs), 400, "parlay_too_many_legs", "legs: a parlay takes at most 8 legs (got 9)"],
      [
        parlay([phiSpread, { gameId: SUN, betType: "prop", selection: "Over", odds: -115, point: 245.5 }]),
        400,
        "invalid_input",
        "legs[1].propId: is required for a prop leg",
      ],
      [
        parlay([
          phiSpread,
          { gameId: SUN, betType: "prop", propId: qb, selection: "Sideways", odds: -115, point: 245.5 },
        ]),
        400,
        "unknown_selection",
        'legs[1].selection: "Sideways" is not offered for this prop market',
      ],
      [
        parlay([phiSpread, { ...kcMoneyline, selection: "New York Giants" }]),
        400,
        "unknown_selection",
        'legs[1].selection: "New York Giants"',
      ],
      [parlay([phiSpread, { ...kcMoneyline, betType: "parlay" }]), 400, "invalid_input", "betType"],
      [parlay([phiSpread, { ...kcMoneyline, gameId: "no-such-game" }]), 404, "game_not_found", "Game not found"],
      [parlay(THREE_LEGS, { units: 4 }), 400, "invalid_input", "units"],
      [
        parlay(THREE_LEGS, { note: "a\u0000b" }),
        400,
        "invalid_input",
        "note: must not contain control characters such as NUL",
      ],
      [{ units: 1 }, 400, "invalid_input", "legs"],
      [{ legs: "three", units: 1 }, 400, "invalid_input", "legs"],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await placeParlay(alice, body);
      expect(res.status, `${JSON.stringify(body).slice(0, 150)} → ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toContain(message);
    }
    expect(await counts()).toEqual({ bets: 0, legs: 0 });
  });

  test("locks at the first leg's kick-off: a started game is refused by name (400); parlays of later games still go", async () => {
    ctx.clock.set("2026-09-11T00:20:00Z");
    const res = await placeParlay(alice, parlay());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "game_locked",
      gameId: THU,
      field: "legs.0.gameId",
      message:
        "legs[0].gameId: betting is locked for Dallas Cowboys @ Philadelphia Eagles: it has started or is completed",
    });
    expect(await counts()).toEqual({ bets: 0, legs: 0 });
    expect((await placeParlay(alice, parlay([kcMoneyline, seaMoneyline]))).status).toBe(201);
  });

  test("a moved price answers 409 'Odds have changed' with each moved leg's new price and the parlay's, and writes nothing", async () => {
    provider.spreadShift = 1; // PHI −3.5 → −2.5
    await syncGames(ctx.db, provider, ctx.clock.now());
    const res = await placeParlay(alice, parlay());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: "Odds have changed",
      code: "odds_changed",
      current: { odds: 650, potentialWin: "650.00" },
      legs: [
        {
          index: 0,
          gameId: THU,
          betType: "spread",
          selection: "Philadelphia Eagles",
          propId: null,
          current: { odds: -110, point: -2.5 },
        },
      ],
    });
    expect(await counts()).toEqual({ bets: 0, legs: 0 });
    expect((await placeParlay(alice, parlay([{ ...phiSpread, point: -2.5 }, kcMoneyline, seaMoneyline]))).status).toBe(
      201,
    );
  });

  test("league parlays need a league that allows parlays and each leg's type", async () => {
    const league = (allowedBetTypes: string[]) =>
      call(ctx.app, "POST", "/api/leagues", {
        cookie: alice.cookie,
        body: {
          name: `L ${allowedBetTypes.join(" ")}`,
          isPublic: true,
          rules: { allowedBetTypes },
          createdBy: alice.user.id,
        },
      });
    const withParlays = (await league(["spread", "moneyline", "parlay"])).body.id;
    const noParlays = (await league(["spread", "moneyline"])).body.id;
    const noMoneylines = (await league(["spread", "parlay"])).body.id;
    const refused = await placeParlay(alice, parlay(THREE_LEGS, { leagueId: noParlays }));
    expect(refused.body).toMatchObject({ code: "league_rules", message: "This league does not allow parlay bets" });
    const leg = await placeParlay(alice, parlay(THREE_LEGS, { leagueId: noMoneylines }));
    expect(leg.body).toMatchObject({ code: "league_rules", message: "This league does not allow moneyline bets" });
    const placed = await placeParlay(alice, parlay(THREE_LEGS, { leagueId: withParlays }));
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ leagueId: withParlays, league: { name: "L spread moneyline parlay" } });
    // The same parlay in another book is another bet.
    expect((await placeParlay(alice, parlay())).status).toBe(201);
  });

  test("signed out answers 401", async () => {
    expect((await call(ctx.app, "POST", "/api/parlays", { body: parlay() })).status).toBe(401);
  });
});

/** Every settlement message written for the players, in order. */
async function told(): Promise<any[]> {
  const events = await ctx.db
    .selectFrom("outbox")
    .select("payload")
    .where("type", "=", "bet_settlements")
    .orderBy("id")
    .execute();
  return events.flatMap((e) => JSON.parse(e.payload).settlements);
}

/** A pick as a settlement message names it; the game as [away, home, awayScore, homeScore]. */
const leg = (
  betType: string,
  selection: string,
  point: string | null,
  status: string,
  [awayAbbr, homeAbbr, awayScore, homeScore]: [string, string, number | null, number | null],
) => ({
  betType,
  selection,
  point,
  team: selection === "Philadelphia Eagles" ? "PHI" : selection.startsWith("Kansas") ? "KC" : "SEA",
  prop: null,
  status,
  game: { awayAbbr, homeAbbr, awayScore, homeScore },
});

describe("settling parlays", () => {
  const onlyBet = async () => (await betsOf(alice))[0];
  const legStatuses = async () => (await onlyBet()).legs.map((l: { status: string }) => l.status);

  test("won: each leg is graded as its game ends, and the parlay settles with its last leg at the price fixed at placement", async () => {
    await placeParlay(alice, parlay());
    expect(await final(THU, 24, 17)).toBe(0); // PHI covers −3.5
    expect(await onlyBet()).toMatchObject({ status: "pending", result: null });
    expect(await legStatuses()).toEqual(["won", "pending", "pending"]);
    await final(SUN, 17, 24); // KC wins away
    expect(await final(LATE, 24, 17)).toBe(1); // SEA wins at home
    expect(await onlyBet()).toMatchObject({ status: "won", result: "650.00", settledAt: "2026-09-09T12:00:00.000Z" });
    expect(await legStatuses()).toEqual(["won", "won", "won"]);
    // The player hears of each leg as its game ends, then of the parlay, with its own (last) game.
    const messages = await told();
    expect(messages.map((m) => [m.userId, m.status, m.leg ?? null])).toEqual([
      [alice.user.id, "pending", { index: 0, legsLeft: 2 }],
      [alice.user.id, "pending", { index: 1, legsLeft: 1 }],
      [alice.user.id, "won", null],
    ]);
    expect(messages.at(-1)).toEqual({
      betId: expect.any(Number),
      userId: alice.user.id,
      status: "won",
      result: "650.00",
      betDetails: {
        selection: "3-leg parlay",
        wagerAmount: "100.00",
        gameInfo: { awayTeam: "San Francisco 49ers", homeTeam: "Seattle Seahawks", awayScore: 17, homeScore: 24 },
        legs: [
          leg("spread", "Philadelphia Eagles", "-3.5", "won", ["DAL", "PHI", 17, 24]),
          leg("moneyline", "Kansas City Chiefs", null, "won", ["KC", "BUF", 24, 17]),
          leg("moneyline", "Seattle Seahawks", null, "won", ["SF", "SEA", 17, 24]),
        ],
      },
    });
  });

  test("lost: a lost leg loses the parlay at once; its later legs are still graded, and nothing more is said", async () => {
    await placeParlay(alice, parlay());
    expect(await final(THU, 20, 17)).toBe(1); // PHI by 3: −3.5 does not cover
    expect(await onlyBet()).toMatchObject({ status: "lost", result: "-100.00" });
    expect(await legStatuses()).toEqual(["lost", "pending", "pending"]);
    expect(await final(SUN, 17, 24)).toBe(0);
    expect(await final(LATE, 24, 17)).toBe(0);
    expect(await onlyBet()).toMatchObject({ status: "lost", result: "-100.00" });
    expect(await legStatuses()).toEqual(["lost", "won", "won"]);
    const messages = await told();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: "lost", result: "-100.00" });
    expect(messages[0].leg).toBeUndefined();
    expect(messages[0].betDetails.legs.map((l: { status: string }) => l.status)).toEqual([
      "lost",
      "pending",
      "pending",
    ]);
    const stats = await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie });
    expect(stats.body).toMatchObject({ totalBets: 1, lostBets: 1, totalProfit: "-100.00" });
  });

  test("each graded leg of a pending parlay tells its player, with the legs left; a pushed leg too; others hear nothing", async () => {
    await placeParlay(alice, parlay());
    const bob = await buildUser(ctx, { username: "bob" });
    await placeParlay(bob, parlay([kcMoneyline, { ...seaMoneyline }]));
    await final(THU, 24, 17);
    let messages = await told();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      userId: alice.user.id,
      status: "pending",
      result: null,
      leg: { index: 0, legsLeft: 2 },
      betDetails: {
        selection: "3-leg parlay",
        wagerAmount: "100.00",
        gameInfo: { awayTeam: "Dallas Cowboys", homeTeam: "Philadelphia Eagles", awayScore: 17, homeScore: 24 },
        legs: [
          leg("spread", "Philadelphia Eagles", "-3.5", "won", ["DAL", "PHI", 17, 24]),
          leg("moneyline", "Kansas City Chiefs", null, "pending", ["KC", "BUF", null, null]),
          leg("moneyline", "Seattle Seahawks", null, "pending", ["SF", "SEA", null, null]),
        ],
      },
    });
    expect(messages[0].corrected).toBeUndefined();
    await final(SUN, 20, 20); // a tie: KC's moneyline pushes, for both players
    messages = (await told()).slice(1);
    expect(messages.map((m) => [m.userId, m.status, m.leg, m.betDetails.legs[m.leg.index].status])).toEqual([
      [alice.user.id, "pending", { index: 1, legsLeft: 1 }, "push"],
      [bob.user.id, "pending", { index: 0, legsLeft: 1 }, "push"],
    ]);
    // Saying it again changes nothing and says nothing.
    expect(await settleGame(ctx.db, ctx.clock.now(), SUN)).toBe(0);
    expect(await settleAllPending(ctx.db, ctx.clock.now())).toBe(0);
    expect(await told()).toHaveLength(3);
    // The figures are untouched until a parlay settles.
    const stats = await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie });
    expect(stats.body).toMatchObject({ totalBets: 0 });
  });

  test("a regrade says what changed: the old outcome and the score it was settled on", async () => {
    await placeParlay(alice, parlay());
    await placeBet(alice, { ...phiSpread, units: 1, note: null, leagueId: null });
    await final(THU, 24, 17);
    await final(SUN, 17, 24);
    await final(LATE, 24, 17);
    const before = (await told()).length;
    expect(await final(THU, 20, 17, { regrade: true })).toBe(2); // PHI no longer covers
    const messages = (await told()).slice(before);
    const game = {
      awayAbbr: "DAL",
      homeAbbr: "PHI",
      before: { awayScore: 17, homeScore: 24 },
      after: { awayScore: 17, homeScore: 20 },
    };
    expect(messages.map((m) => [m.status, m.result, m.corrected])).toEqual([
      ["lost", "-100.00", { status: "won", result: "90.91", game }],
      ["lost", "-100.00", { status: "won", result: "650.00", game }],
    ]);
    expect(messages[0].betDetails.pick).toEqual(
      leg("spread", "Philadelphia Eagles", "-3.5", "lost", ["DAL", "PHI", 17, 20]),
    );
    expect(messages[0].betDetails.gameInfo).toMatchObject({ awayScore: 17, homeScore: 20 });
  });

  test("a regrade that turns the losing leg into a win reopens the parlay: pending again, figures undone, the player told", async () => {
    await placeParlay(alice, parlay());
    await final(THU, 20, 17); // PHI by 3: lost, and the parlay with it
    expect(await onlyBet()).toMatchObject({ status: "lost" });
    expect(await final(THU, 24, 17, { regrade: true })).toBe(1);
    expect(await onlyBet()).toMatchObject({ status: "pending", result: null, settledAt: null });
    expect(await legStatuses()).toEqual(["won", "pending", "pending"]);
    const last = (await told()).at(-1);
    expect(last).toMatchObject({ status: "pending", result: null, corrected: { status: "lost", result: "-100.00" } });
    const stats = await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie });
    expect(stats.body).toMatchObject({ totalBets: 0, lostBets: 0, totalProfit: "0.00" });
    await final(SUN, 17, 24);
    await final(LATE, 24, 17);
    expect(await onlyBet()).toMatchObject({ status: "won", result: "650.00" });
  });

  test("a pushed leg drops out and the rest pay their own price: −110 × −175 = 3.0, $200.00", async () => {
    await placeParlay(alice, parlay());
    await final(THU, 24, 17);
    await final(SUN, 20, 20); // a tie: KC's moneyline pushes
    await final(LATE, 24, 17);
    expect(await onlyBet()).toMatchObject({ status: "won", result: "200.00", potentialWin: "650.00" });
    expect(await legStatuses()).toEqual(["won", "push", "won"]);
  });

  test("a void leg (a prop whose player did not play) drops out the same way", async () => {
    const [qb] = await propIds(THU);
    await placeParlay(
      alice,
      parlay([
        { gameId: THU, betType: "prop", propId: qb, selection: "Over", odds: -115, point: 245.5 },
        kcMoneyline,
        seaMoneyline,
      ]),
    );
    await final(THU, 24, 17, { playerStats: [{ propId: qb, didNotPlay: true }] });
    await final(SUN, 17, 24);
    await final(LATE, 24, 17);
    // +150 × −175: 2.5 × 1.5714 = 3.9286, $292.86.
    expect(await onlyBet()).toMatchObject({ status: "won", result: "292.86" });
    expect(await legStatuses()).toEqual(["push", "won", "won"]);
    // The prop leg is named by its player and stat, for the toast's line.
    const [first] = await told();
    expect(first.leg).toEqual({ index: 0, legsLeft: 2 });
    expect(first.betDetails.legs[0]).toMatchObject({
      betType: "prop",
      selection: "Over",
      point: "245.5",
      team: null,
      prop: { playerName: expect.any(String), propType: expect.any(String) },
      status: "push",
    });
  });

  test("every leg pushed refunds the stake (push)", async () => {
    await placeParlay(alice, parlay([{ ...phiSpread, betType: "moneyline", odds: -175, point: null }, kcMoneyline]));
    await final(THU, 20, 20);
    await final(SUN, 13, 13);
    expect(await onlyBet()).toMatchObject({ status: "push", result: "0.00" });
  });

  test("a prop leg whose stat has not arrived keeps the parlay pending", async () => {
    const [qb] = await propIds(LATE);
    await placeParlay(
      alice,
      parlay([phiSpread, { gameId: LATE, betType: "prop", propId: qb, selection: "Over", odds: -115, point: 245.5 }]),
    );
    await final(THU, 24, 17);
    await final(LATE, 24, 17);
    expect(await onlyBet()).toMatchObject({ status: "pending" });
    expect(await legStatuses()).toEqual(["won", "pending"]);
    await final(LATE, 24, 17, { regrade: true, playerStats: [{ propId: qb, value: 300 }] });
    expect(await onlyBet()).toMatchObject({ status: "won", result: "256.92" }); // −110 × −115
  });

  test("the start-up sweep settles parlays too, and is idempotent", async () => {
    await placeParlay(alice, parlay());
    for (const [id, home, away] of [
      [THU, 24, 17],
      [SUN, 17, 24],
      [LATE, 24, 17],
    ] as const) {
      await call(ctx.app, "PATCH", `/api/games/${id}`, {
        body: { homeScore: home, awayScore: away, status: "completed" },
        cookie: admin.cookie,
      });
    }
    expect(await onlyBet()).toMatchObject({ status: "pending" });
    expect(await settleAllPending(ctx.db, ctx.clock.now())).toBe(1);
    expect(await settleAllPending(ctx.db, ctx.clock.now())).toBe(0);
    expect(await onlyBet()).toMatchObject({ status: "won", result: "650.00" });
    expect(
      await ctx.db.selectFrom("user_week_stats").selectAll().where("user_id", "=", alice.user.id).execute(),
    ).toEqual([expect.objectContaining({ settled: 1, won: 1, wagered_cents: 100_00, profit_cents: 650_00 })]);
  });

  test("a regrade of any leg's game re-settles the parlay and fixes the aggregates", async () => {
    await placeParlay(alice, parlay());
    await final(THU, 24, 17);
    await final(SUN, 17, 24);
    await final(LATE, 24, 17);
    expect(await final(THU, 20, 17, { regrade: true })).toBe(1); // PHI no longer covers
    expect(await onlyBet()).toMatchObject({ status: "lost", result: "-100.00" });
    expect(await legStatuses()).toEqual(["lost", "won", "won"]);
    const stats = await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie });
    expect(stats.body).toMatchObject({
      totalBets: 1,
      wonBets: 0,
      lostBets: 1,
      totalProfit: "-100.00",
      currentStreak: { type: "loss", count: 1 },
    });
  });
});

describe("parlays in stats, boards, league standings and the CSV export", () => {
  test("a settled parlay counts like any bet, in the week of its last leg", async () => {
    const bob = await buildUser(ctx, { username: "bob" });
    const leagueId = (
      await call(ctx.app, "POST", "/api/leagues", {
        cookie: alice.cookie,
        body: {
          name: "Parlay Club",
          isPublic: true,
          rules: { allowedBetTypes: ["spread", "moneyline", "parlay"] },
          createdBy: alice.user.id,
        },
      })
    ).body.id;
    await placeParlay(alice, parlay(THREE_LEGS, { units: 2 }));
    await placeParlay(alice, parlay([phiSpread, kcMoneyline], { leagueId }));
    await placeBet(bob, { ...phiSpread, units: 1 });
    await final(THU, 24, 17);
    await final(SUN, 17, 24);
    await final(LATE, 24, 17);

    const stats = await call(ctx.app, "GET", `/api/users/${alice.user.id}/stats`, { cookie: alice.cookie });
    // 2 units at +650 and 1 unit at −110 × +150 (4.7727: $377.27).
    expect(stats.body).toMatchObject({
      totalBets: 2,
      wonBets: 2,
      totalWagered: "300.00",
      totalProfit: "1677.27",
      currentStreak: { type: "win", count: 2 },
    });

    const weekly = await call(ctx.app, "GET", "/api/leaderboard/week/1");
    expect(
      weekly.body.map((e: { username: string; unitsWon: string; totalBets: number }) => [
        e.username,
        e.unitsWon,
        e.totalBets,
      ]),
    ).toEqual([
      ["alice", "13.00", 1],
      ["bob", "0.91", 1],
    ]);
    expect((await call(ctx.app, "GET", "/api/leaderboard")).body[0]).toMatchObject({
      username: "alice",
      unitsWon: "13.00",
    });
    const league = await call(ctx.app, "GET", `/api/leagues/${leagueId}`, { cookie: alice.cookie });
    // A league without a bankroll ranks the parlay in its book and the individual one, which fits its rules (decision 0052).
    expect(league.body.standings[0]).toMatchObject({ userId: alice.user.id, unitsWon: "16.77", totalBets: 2 });

    const csv = await ctx.app.handle(
      new Request(`http://localhost/api/users/${alice.user.id}/export/bets.csv`, { headers: { cookie: alice.cookie } }),
    );
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toEndWith(",note,legs");
    const three = lines.find((l) => l.includes("3-leg parlay"))!;
    expect(three).toContain(",Parlay of 3 games,");
    expect(three).toContain(",parlay,3-leg parlay,");
    expect(three).toContain(",2,200.00,1300.00,won,1300.00,");
    expect(three).toEndWith(
      ",Dallas Cowboys @ Philadelphia Eagles: spread Philadelphia Eagles -3.5 at -110 (won); Kansas City Chiefs @ Buffalo Bills: moneyline Kansas City Chiefs at 150 (won); San Francisco 49ers @ Seattle Seahawks: moneyline Seattle Seahawks at -175 (won)",
    );
  });
});
