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
let bob: BuiltUser;

const THU = "fake-w1-DAL-PHI"; // Dallas @ Philadelphia, home −3.5, total 45.5, ML DAL +150 / PHI −175
const SUN = "fake-w1-KC-BUF";
const WEEK2 = "fake-w2-PHI-KC";

beforeEach(async () => {
  ({
    ctx,
    provider,
    people: { admin, alice, bob },
  } = await seededSeason({ people: { admin: ADMIN, alice: {}, bob: {} } }));
});
afterEach(() => ctx.close());

async function propIds(gameId: string): Promise<number[]> {
  const rows = await ctx.db.selectFrom("game_props").select("id").where("game_id", "=", gameId).orderBy("id").execute();
  return rows.map((r) => r.id);
}

const spreadBet = (overrides: Record<string, unknown> = {}) => ({
  gameId: THU,
  betType: "spread",
  selection: "Philadelphia Eagles",
  odds: -110,
  point: -3.5,
  units: 1,
  wagerAmount: 100,
  potentialWin: 90.91,
  confidence: "medium",
  note: null,
  leagueId: null,
  isParlay: false,
  replaceExisting: false,
  ...overrides,
});

const place = (who: BuiltUser, body: unknown) => call(ctx.app, "POST", "/api/bets", { body, cookie: who.cookie });
const resolve = (id: string, homeScore: number, awayScore: number, extra: Record<string, unknown> = {}) =>
  call(ctx.app, "PATCH", `/api/games/${id}`, {
    body: { homeScore, awayScore, status: "completed", ...extra },
    cookie: admin.cookie,
  });

async function betCount(): Promise<number> {
  return Number(
    (
      await ctx.db
        .selectFrom("bets")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe("POST /api/bets", () => {
  test("places a bet priced by the server, ignoring the client's wager and potential win", async () => {
    const res = await place(
      alice,
      spreadBet({ units: "2", wagerAmount: 999999, potentialWin: 999999, note: "Eagles at home" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: alice.user.id,
      gameId: THU,
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: "-110",
      point: "-3.5",
      units: "2",
      wagerAmount: "200.00",
      potentialWin: "181.82",
      confidence: "medium",
      note: "Eagles at home",
      leagueId: null,
      isParlay: false,
      status: "pending",
      result: null,
      week: 1,
      placedAt: "2026-09-09T12:00:00.000Z",
      game: { awayTeam: "Dallas Cowboys", homeTeam: "Philadelphia Eagles" },
      league: null,
    });
    expect(res.body.pricedAt).toBe("2026-09-09T12:00:00.000Z");
  });

  test("prices totals, moneylines and props from the current odds", async () => {
    const total = await place(alice, spreadBet({ betType: "total", selection: "Over", point: 45.5 }));
    expect(total.body).toMatchObject({ odds: "-110", point: "45.5", potentialWin: "90.91" });
    const ml = await place(
      alice,
      spreadBet({ gameId: SUN, betType: "moneyline", selection: "Kansas City Chiefs", odds: 150, point: null }),
    );
    expect(ml.body).toMatchObject({ odds: "150", point: null, potentialWin: "150.00" });
    const [qb] = await propIds(WEEK2);
    const prop = await place(
      alice,
      spreadBet({ gameId: WEEK2, betType: "prop", propId: qb, selection: "Over", odds: -115, point: 245.5, units: 3 }),
    );
    expect(prop.status).toBe(201);
    expect(prop.body).toMatchObject({
      propId: qb,
      odds: "-115",
      point: "245.5",
      wagerAmount: "300.00",
      potentialWin: "260.87",
      prop: { playerName: "KC Quarterback", propType: "passing_yards" },
    });
  });

  test("stale odds or line answer 409 'Odds have changed' with the current price, and write nothing", async () => {
    const price = await place(alice, spreadBet({ odds: -105 }));
    expect(price.status).toBe(409);
    expect(price.body).toEqual({
      message: "Odds have changed",
      code: "odds_changed",
      current: { odds: -110, point: -3.5 },
    });
    const line = await place(alice, spreadBet({ point: -3 }));
    expect(line.status).toBe(409);
    provider.spreadShift = 1;
    await syncGames(ctx.db, provider, ctx.clock.now());
    const moved = await place(alice, spreadBet());
    expect(moved.body.current).toEqual({ odds: -110, point: -2.5 });
    expect(await betCount()).toBe(0);
  });

  test("a started or completed game is locked (409)", async () => {
    ctx.clock.set("2026-09-11T00:20:00Z");
    const started = await place(alice, spreadBet());
    expect(started.status).toBe(409);
    expect(started.body.code).toBe("game_locked");
    await resolve(SUN, 20, 10);
    const completed = await place(alice, spreadBet({ gameId: SUN, selection: "Buffalo Bills", point: -3.5 }));
    expect(completed.status).toBe(409);
    expect(await betCount()).toBe(0);
  });

  test("a second bet on the same game answers 409; replaceExisting replaces it atomically", async () => {
    const first = await place(alice, spreadBet());
    const second = await place(alice, spreadBet({ betType: "total", selection: "Under", point: 45.5 }));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "bet_exists", existingBetId: first.body.id });
    // The bet already there, as the API shows it: the slip shows it beside the new pick.
    expect(second.body.existing).toMatchObject({ id: first.body.id, selection: "Philadelphia Eagles", point: "-3.5" });
    const replaced = await place(
      alice,
      spreadBet({ betType: "total", selection: "Under", point: 45.5, replaceExisting: true }),
    );
    expect(replaced.status).toBe(201);
    const bets = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: alice.cookie });
    expect(bets.body.map((b: { selection: string }) => b.selection)).toEqual(["Under"]);
    // Other players and other games are separate.
    expect((await place(bob, spreadBet())).status).toBe(201);
    expect((await place(alice, spreadBet({ gameId: SUN, selection: "Buffalo Bills" }))).status).toBe(201);
  });

  test("a replacement keeps the replaced bet's journal note only with keepNote, and never over its own", async () => {
    await place(alice, spreadBet({ note: "Eagles at home after a bye" }));
    const dropped = await place(alice, spreadBet({ selection: "Dallas Cowboys", point: 3.5, replaceExisting: true }));
    expect(dropped.status).toBe(201);
    expect(dropped.body.note).toBeNull();
    await place(alice, spreadBet({ note: "Eagles at home after a bye", replaceExisting: true }));
    const kept = await place(
      alice,
      spreadBet({ selection: "Dallas Cowboys", point: 3.5, replaceExisting: true, keepNote: true }),
    );
    expect(kept.status).toBe(201);
    expect(kept.body.note).toBe("Eagles at home after a bye");
    const own = await place(
      alice,
      spreadBet({ betType: "total", selection: "Over", point: 45.5, note: "Shootout", replaceExisting: true }),
    );
    expect(own.status).toBe(201);
    expect(own.body.note).toBe("Shootout");
  });

  test("20 concurrent identical placements leave exactly one bet", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => place(alice, spreadBet())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await betCount()).toBe(1);
  });

  test("bad input answers 4xx naming the problem, and writes nothing", async () => {
    const [qb] = await propIds(THU);
    const cases: [Record<string, unknown>, number, string][] = [
      [spreadBet({ units: 0 }), 400, "units"],
      [spreadBet({ units: 4 }), 400, "units"],
      [spreadBet({ units: -1 }), 400, "units"],
      [spreadBet({ units: 1.5 }), 400, "units"],
      [spreadBet({ units: "two" }), 400, "units"],
      [spreadBet({ betType: "parlay" }), 400, "betType"],
      [spreadBet({ isParlay: true }), 400, "isParlay"],
      [spreadBet({ selection: "New York Giants" }), 400, "selection"],
      [spreadBet({ betType: "prop", selection: "Over", propId: null }), 400, "propId"],
      [spreadBet({ betType: "prop", selection: "Sideways", propId: qb }), 400, "selection"],
      [spreadBet({ betType: "prop", selection: "Over", propId: 99999 }), 400, "selection"],
      [spreadBet({ note: "x".repeat(1001) }), 400, "note"],
      [spreadBet({ note: "gut\u0000feeling" }), 400, "note: must not contain control characters such as NUL"],
      [spreadBet({ leagueId: 3 }), 404, "League not found"],
      [spreadBet({ gameId: "no-such-game" }), 404, "Game not found"],
      [spreadBet({ odds: "abc" }), 400, "odds"],
      [spreadBet({ confidence: "extreme" }), 400, "confidence"],
      [spreadBet({ userId: bob.user.id }), 400, "userId"],
      [{ ...spreadBet(), gameId: undefined }, 400, "gameId"],
    ];
    for (const [body, status, mention] of cases) {
      const res = await place(alice, body);
      expect(res.status, `${JSON.stringify(body).slice(0, 120)} → ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.message).toContain(mention);
    }
    expect(await betCount()).toBe(0);
  });

  test("signed out answers 401", async () => {
    expect((await call(ctx.app, "POST", "/api/bets", { body: spreadBet() })).status).toBe(401);
  });
});

describe("reading bets", () => {
  test("GET /api/users/:id/bets: newest first with game and book; only for oneself", async () => {
    await place(alice, spreadBet());
    ctx.clock.advance(60_000);
    await place(alice, spreadBet({ gameId: WEEK2, selection: "Kansas City Chiefs" }));
    const res = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((b: { gameId: string }) => b.gameId)).toEqual([WEEK2, THU]);
    expect(res.body[0].league).toBeNull();
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: bob.cookie })).status).toBe(403);
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`)).status).toBe(401);
    expect((await call(ctx.app, "GET", `/api/users/abc/bets`, { cookie: alice.cookie })).status).toBe(400);
  });

  test("GET /api/users/:id/bets/week/:week: that week's bets only", async () => {
    await place(alice, spreadBet());
    await place(alice, spreadBet({ gameId: WEEK2, selection: "Kansas City Chiefs" }));
    const week1 = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/week/1`, { cookie: alice.cookie });
    expect(week1.body.map((b: { gameId: string }) => b.gameId)).toEqual([THU]);
    expect(
      (await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/week/3`, { cookie: alice.cookie })).body,
    ).toEqual([]);
    expect(
      (await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/week/19`, { cookie: alice.cookie })).status,
    ).toBe(400);
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/week/1`, { cookie: bob.cookie })).status).toBe(
      403,
    );
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/week/1`)).status).toBe(401);
  });
});

describe("closing line and CLV", () => {
  const betsOf = async (who: BuiltUser) =>
    (await call(ctx.app, "GET", `/api/users/${who.user.id}/bets`, { cookie: who.cookie })).body;
  const closingOf = async (who: BuiltUser) =>
    (await betsOf(who)).map((b: { gameId: string; closingLine: unknown; clv: unknown }) => [
      b.gameId,
      b.closingLine,
      b.clv,
    ]);

  test("the line at kick-off, props included, prices each bet's closing line and CLV; nothing before kick-off", async () => {
    const carol = await buildUser(ctx);
    const [qb] = await propIds(THU);
    await place(alice, spreadBet()); // PHI −3.5 at −110
    await place(alice, spreadBet({ gameId: WEEK2, selection: "Kansas City Chiefs" })); // not started: no closing line
    await place(bob, spreadBet({ betType: "moneyline", selection: "Dallas Cowboys", odds: 150, point: null }));
    await place(admin, spreadBet({ betType: "total", selection: "Under", point: 45.5 }));
    await place(carol, spreadBet({ betType: "prop", propId: qb, selection: "Over", odds: -115, point: 245.5 }));
    expect(await closingOf(alice)).toEqual([
      [WEEK2, null, null],
      [THU, null, null],
    ]);

    // The lines move before kick-off: PHI to −4.5, the quarterback's yards to 255.5.
    provider.spreadShift = -1;
    provider.propShift = 10;
    ctx.clock.set("2026-09-10T12:00:00Z");
    expect((await syncGames(ctx.db, provider, ctx.clock.now())).oddsUpdated).toBeGreaterThan(0);
    expect((await betsOf(carol))[0]).toMatchObject({ closingLine: null, clv: null });

    // Kick-off: the sync records the closing line; later moves no longer reach a started game.
    ctx.clock.set("2026-09-11T01:00:00Z");
    expect((await syncGames(ctx.db, provider, ctx.clock.now())).closingLines).toBe(1);
    provider.spreadShift = -5;
    provider.propShift = 50;
    await syncGames(ctx.db, provider, ctx.clock.now());
    const closingProp = await ctx.db
      .selectFrom("game_props")
      .selectAll()
      .where("id", "=", qb!)
      .executeTakeFirstOrThrow();
    expect(closingProp).toMatchObject({ closing_line: 255.5, closing_over_odds: -115, closing_under_odds: -105 });
    const otherGame = await ctx.db
      .selectFrom("game_props")
      .select("closing_line")
      .where("game_id", "=", WEEK2)
      .execute();
    expect(otherGame.every((p) => p.closing_line === null)).toBe(true);

    await resolve(THU, 24, 17, { playerStats: [{ propId: qb, value: 260 }] });
    await settleGame(ctx.db, ctx.clock.now(), THU);

    // A point better than the close: Φ(1/13.5) × 1.9091 − 1 = +1.1%.
    expect(await closingOf(alice)).toEqual([
      [WEEK2, null, null],
      [THU, { odds: "-110", point: "-4.5" }, 1.1],
    ]);
    expect((await betsOf(alice))[1].status).toBe("won");
    // +150 at the closing price, DAL +150 / PHI −175: the vig of a lopsided market, −3.5%.
    expect((await betsOf(bob))[0]).toMatchObject({
      status: "lost",
      closingLine: { odds: "150", point: null },
      clv: -3.5,
    });
    // Exactly the closing price of a −110/−110 market: −4.5%.
    expect((await betsOf(admin))[0]).toMatchObject({ closingLine: { odds: "-110", point: "45.5" }, clv: -4.5 });
    // Over 245.5 against a 255.5 close (σ = 0.35 × 255.5): +3.8%.
    expect((await betsOf(carol))[0]).toMatchObject({
      status: "won",
      closingLine: { odds: "-115", point: "255.5" },
      clv: 3.8,
    });
    // The week's list carries them too.
    const week1 = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets/week/1`, { cookie: alice.cookie });
    expect(week1.body[0]).toMatchObject({ closingLine: { odds: "-110", point: "-4.5" }, clv: 1.1 });
  });
});

describe("PATCH /api/bets/:id/note", () => {
  test("sets and clears one's own note; others get 403; unknown 404; over 1000 characters 400", async () => {
    const bet = (await place(alice, spreadBet())).body;
    const set = await call(ctx.app, "PATCH", `/api/bets/${bet.id}/note`, {
      body: { note: "<b>gut feeling</b>" },
      cookie: alice.cookie,
    });
    expect(set.status).toBe(200);
    expect(set.body.note).toBe("<b>gut feeling</b>");
    const cleared = await call(ctx.app, "PATCH", `/api/bets/${bet.id}/note`, {
      body: { note: null },
      cookie: alice.cookie,
    });
    expect(cleared.body.note).toBeNull();
    expect(
      (await call(ctx.app, "PATCH", `/api/bets/${bet.id}/note`, { body: { note: "mine now" }, cookie: bob.cookie }))
        .status,
    ).toBe(403);
    expect(
      (await call(ctx.app, "PATCH", `/api/bets/99999/note`, { body: { note: "x" }, cookie: alice.cookie })).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, "PATCH", `/api/bets/${bet.id}/note`, {
          body: { note: "x".repeat(1001) },
          cookie: alice.cookie,
        })
      ).status,
    ).toBe(400);
    const nul = await call(ctx.app, "PATCH", `/api/bets/${bet.id}/note`, {
      body: { note: "gut\u0000feeling" },
      cookie: alice.cookie,
    });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({
      message: "note: must not contain control characters such as NUL",
      code: "invalid_input",
      field: "note",
    });
    expect((await call(ctx.app, "PATCH", `/api/bets/${bet.id}/note`, { body: { note: "x" } })).status).toBe(401);
    const stored = await ctx.db.selectFrom("bets").select("note").executeTakeFirstOrThrow();
    expect(stored.note).toBeNull();
  });
});

describe("settlement", () => {
  /** Every settlement message written to the outbox, in order. */
  async function outboxSettlements(): Promise<any[]> {
    const rows = await ctx.db
      .selectFrom("outbox")
      .selectAll()
      .where("type", "=", "bet_settlements")
      .orderBy("id")
      .execute();
    return rows.flatMap((r) => JSON.parse(r.payload).settlements);
  }

  test("settles spread, total, moneyline and props; tells each player only of their own bets", async () => {
    const [qb, wr] = await propIds(THU);
    await place(alice, spreadBet()); // PHI −3.5
    await place(
      bob,
      spreadBet({ betType: "moneyline", selection: "Dallas Cowboys", odds: 150, point: null, units: 2 }),
    );
    await place(admin, spreadBet({ betType: "total", selection: "Over", point: 45.5, units: 3 }));
    await resolve(THU, 24, 17, {
      playerStats: [
        { propId: qb, value: 260 },
        { propId: wr, didNotPlay: true },
      ],
    });
    expect(await settleGame(ctx.db, ctx.clock.now(), THU)).toBe(3);
    const bets = await ctx.db
      .selectFrom("bets")
      .select(["user_id", "status", "result_cents", "settled_at"])
      .orderBy("id")
      .execute();
    expect(bets.map((b) => [b.status, b.result_cents])).toEqual([
      ["won", 9091],
      ["lost", -20000],
      ["lost", -30000],
    ]);
    // In bet order: on PostgreSQL players' shares settle side by side, so the events of different
    // players may be written in any order (each player's own stay in order).
    const messages = (await outboxSettlements()).sort((a, b) => a.betId - b.betId);
    expect(messages.map((m) => m.userId)).toEqual([alice.user.id, bob.user.id, admin.user.id]);
    expect(messages.slice(0, 1)).toEqual([
      {
        betId: expect.any(Number),
        userId: alice.user.id,
        status: "won",
        result: "90.91",
        betDetails: {
          selection: "Philadelphia Eagles",
          wagerAmount: "100.00",
          gameInfo: { awayTeam: "Dallas Cowboys", homeTeam: "Philadelphia Eagles", awayScore: 17, homeScore: 24 },
          // The pick, for the toast's line ("PHI −3.5") and score.
          pick: {
            betType: "spread",
            selection: "Philadelphia Eagles",
            point: "-3.5",
            team: "PHI",
            prop: null,
            status: "won",
            game: { awayAbbr: "DAL", homeAbbr: "PHI", awayScore: 17, homeScore: 24 },
          },
        },
      },
    ]);
    const stats = await ctx.db
      .selectFrom("user_week_stats")
      .selectAll()
      .where("user_id", "=", alice.user.id)
      .executeTakeFirstOrThrow();
    expect(stats).toMatchObject({
      book_id: 0,
      season: 2026,
      week: 1,
      settled: 1,
      won: 1,
      lost: 0,
      wagered_cents: 10000,
      profit_cents: 9091,
    });
  });

  test("the sweep is idempotent, and a prop waits for its stat", async () => {
    const [qb] = await propIds(THU);
    await place(alice, spreadBet({ betType: "prop", propId: qb, selection: "Under", odds: -105, point: 245.5 }));
    await place(bob, spreadBet());
    await resolve(THU, 21, 20);
    expect(await settleAllPending(ctx.db, ctx.clock.now())).toBe(1);
    expect(await settleAllPending(ctx.db, ctx.clock.now())).toBe(0);
    const alices = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: alice.cookie });
    expect(alices.body[0].status).toBe("pending");
    const bobs = await call(ctx.app, "GET", `/api/users/${bob.user.id}/bets`, { cookie: bob.cookie });
    expect(bobs.body[0]).toMatchObject({ status: "lost", result: "-100.00" });
    await resolve(THU, 21, 20, { regrade: true, playerStats: [{ propId: qb, value: 245 }] });
    await settleGame(ctx.db, ctx.clock.now(), THU, { regrade: true });
    const after = await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: alice.cookie });
    expect(after.body[0]).toMatchObject({ status: "won", result: "95.24" }); // −105 pays 100 × 100/105
  });

  test("a tie pushes a moneyline and refunds; a whole-number line pushes", async () => {
    await place(alice, spreadBet({ betType: "moneyline", selection: "Philadelphia Eagles", odds: -175, point: null }));
    await resolve(THU, 20, 20);
    await settleGame(ctx.db, ctx.clock.now(), THU);
    const bet = (await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: alice.cookie })).body[0];
    expect(bet).toMatchObject({ status: "push", result: "0.00" });
  });

  test("a regrade re-settles, fixes the aggregates, and tells only the players whose bets changed", async () => {
    await place(alice, spreadBet()); // PHI −3.5
    await place(bob, spreadBet({ betType: "total", selection: "Over", point: 45.5 }));
    await resolve(THU, 24, 17); // PHI covers; total 41 under
    await settleGame(ctx.db, ctx.clock.now(), THU);
    const before = (await outboxSettlements()).length;
    await resolve(THU, 20, 17, { regrade: true }); // PHI by 3: no cover; total 37 still under
    expect(await settleGame(ctx.db, ctx.clock.now(), THU, { regrade: true })).toBe(1);
    const after = (await outboxSettlements()).slice(before);
    expect(after.map((m) => m.userId)).toEqual([alice.user.id]);
    expect(after[0]).toMatchObject({ status: "lost", result: "-100.00" });
    const stats = await ctx.db
      .selectFrom("user_week_stats")
      .selectAll()
      .where("user_id", "=", alice.user.id)
      .executeTakeFirstOrThrow();
    expect(stats).toMatchObject({ settled: 1, won: 0, lost: 1, wagered_cents: 10000, profit_cents: -10000 });
  });

  test("a crash between resolve and settlement loses nothing: the start-up sweep settles", async () => {
    await place(alice, spreadBet());
    await resolve(THU, 30, 10); // committed; no listener ran (as if the process died here)
    expect((await ctx.db.selectFrom("bets").select("status").executeTakeFirstOrThrow()).status).toBe("pending");
    expect(await settleAllPending(ctx.db, ctx.clock.now())).toBe(1);
    expect((await ctx.db.selectFrom("bets").select("status").executeTakeFirstOrThrow()).status).toBe("won");
  });

  test("a replace racing a settlement never settles twice or loses a stake", async () => {
    await place(alice, spreadBet());
    const [replace] = await Promise.all([
      place(alice, spreadBet({ betType: "total", selection: "Over", point: 45.5, replaceExisting: true })),
      resolve(THU, 30, 10).then(() => settleGame(ctx.db, ctx.clock.now(), THU)),
    ]);
    const bets = await ctx.db.selectFrom("bets").selectAll().execute();
    expect(bets).toHaveLength(1);
    const stats = await ctx.db.selectFrom("user_week_stats").selectAll().execute();
    if (replace.status === 201) expect(bets[0]!.selection).toBe("Over");
    else expect(replace.body.code).toBe("game_locked");
    await settleAllPending(ctx.db, ctx.clock.now());
    const settledStats = await ctx.db.selectFrom("user_week_stats").selectAll().execute();
    expect(settledStats.reduce((n, s) => n + s.settled, 0)).toBe(1);
    expect(stats.reduce((n, s) => n + s.settled, 0)).toBeLessThanOrEqual(1);
  });
});
