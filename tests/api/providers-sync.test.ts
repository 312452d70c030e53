import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { startServe } from "../serve-process.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { settleAllPending } from "../../src/modules/betting/settlement.ts";
import { EmbeddedProvider } from "../../src/modules/feeds/providers/embedded/index.ts";
import { createProvider } from "../../src/modules/feeds/providers/index.ts";
import type { GameResult, GameStats, OddsProvider, ScheduledGame } from "../../src/modules/feeds/provider.ts";
import { GameSyncScheduler } from "../../src/modules/feeds/scheduler.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { captureLogs } from "../fixtures/capture-logs.ts";
import { API_KEY, FakeFeeds, ODDS_IDS } from "../fixtures/fake-feeds.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

const SCOREBOARD = "/apis/site/v2/sports/football/nfl/scoreboard";
const SUMMARY = "/apis/site/v2/sports/football/nfl/summary";
const DAL_PHI = "espn-401800001";
const KC_BUF = "espn-401800002";
const SF_SEA = "espn-401800003";
const KC_PHI = "espn-401800011";
const NE_NYJ = "espn-401800015";

let feeds: FakeFeeds;
let ctx: TestContext;
let logs: ReturnType<typeof captureLogs>;

beforeEach(async () => {
  feeds = new FakeFeeds(1_000);
  feeds.espnWeeks.set(1, "scoreboard-2026-w1-pre");
  feeds.espnWeeks.set(2, "scoreboard-2026-w2");
  feeds.summaries.set("401800001", "summary-401800001");
  logs = captureLogs();
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z", env: { ADMIN_EMAILS: "admin@example.com" } });
});
afterEach(async () => {
  feeds.stop();
  await ctx.close();
});

/** A provider built the way serve builds it, from settings, pointed at the fake feeds. */
function provider(env: Record<string, string> = {}): OddsProvider {
  const config = loadConfig({ ODDS_PROVIDER: "espn", ESPN_BASE_URL: feeds.url, ODDS_API_BASE_URL: feeds.url, ...env });
  return createProvider(config, logs.logger, { timeoutMs: 200 });
}

/** Places a bet through the API as a new player (one bet per game per player). */
async function bet(body: Record<string, unknown>) {
  const user = await buildUser(ctx);
  const res = await call(ctx.app, "POST", "/api/bets", { body: { units: 1, ...body }, cookie: user.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function betRow(id: number) {
  return ctx.db.selectFrom("bets").select(["status", "result_cents"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function game(id: string) {
  return ctx.db.selectFrom("games").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("ESPN through the sync", () => {
  test("seeds the season with ESPN's weeks and consensus lines; a final completes and its bets settle by themselves", async () => {
    const espn = provider();
    expect(await syncGames(ctx.db, espn, ctx.clock.now())).toMatchObject({
      provider: "espn",
      season: 2026,
      inserted: 6,
      completed: 0,
    });
    const week1 = (await call(ctx.app, "GET", "/api/games?week=1")).body;
    expect(week1.map((g: { id: string }) => g.id)).toEqual([DAL_PHI, KC_BUF, SF_SEA]);
    expect(week1[0].odds[0].outcomes[1]).toEqual({ name: "Philadelphia Eagles", price: -115, point: -3.5 });
    expect(week1[0].closingOdds).toBeNull();
    expect(week1[2].odds).toEqual([]);

    const spread = await bet({
      gameId: DAL_PHI,
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -115,
      point: -3.5,
    });
    const total = await bet({ gameId: DAL_PHI, betType: "total", selection: "Over", odds: -110, point: 47.5 });
    const tie = await bet({ gameId: KC_BUF, betType: "moneyline", selection: "Kansas City Chiefs", odds: -142 });

    // Thursday night is over; the feed also (wrongly) calls Sunday's game final before it kicks off.
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    ctx.clock.set("2026-09-11T04:00:00Z");
    const report = await syncGames(ctx.db, espn, ctx.clock.now());
    expect(report).toMatchObject({ completed: 1, closingLines: 1 });
    expect(await game(DAL_PHI)).toMatchObject({ home_score: 24, away_score: 20, resolved_by: "provider" });
    expect((await game(KC_BUF)).completed_at).toBeNull();
    expect(await settleAllPending(ctx.db, ctx.clock.now())).toBe(2);
    expect(await betRow(spread)).toEqual({ status: "won", result_cents: 8696 });
    expect(await betRow(total)).toEqual({ status: "lost", result_cents: -10000 });

    // Sunday: a 27–27 tie. ESPN has no box score for it; nothing needs one: it completes at once.
    ctx.clock.set("2026-09-13T21:00:00Z");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).completed).toBe(1);
    await settleAllPending(ctx.db, ctx.clock.now());
    expect(await betRow(tie)).toEqual({ status: "push", result_cents: 0 });
    // ESPN alone offers no props: not one summary (up to a megabyte each) was asked for.
    expect(feeds.count(SUMMARY)).toBe(0);
  });

  test("a first start mid-season completes every final on its score and fetches no summary", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    ctx.clock.set("2026-09-16T12:00:00Z");
    expect(await syncGames(ctx.db, provider(), ctx.clock.now())).toMatchObject({
      inserted: 6,
      completed: 2,
      statsRecorded: 0,
      moreStats: false,
    });
    expect(feeds.count(SUMMARY)).toBe(0);
  });

  test("a line ESPN gives without a price is shown at -110 marked assumed; quoted prices carry no mark", async () => {
    feeds.espnWeeks.set(3, "scoreboard-2026-w3-odds-layouts");
    await syncGames(ctx.db, provider(), ctx.clock.now());
    const week3 = (await call(ctx.app, "GET", "/api/games?week=3")).body;
    const [nyjMia, lvDen] = week3;
    expect(lvDen.odds.map((m: { marketType: string }) => m.marketType)).toEqual(["spreads", "totals"]);
    expect(lvDen.odds[0].outcomes[1]).toEqual({ name: "Denver Broncos", price: -110, point: -2.5, assumed: true });
    expect(lvDen.odds[1].outcomes[0]).toEqual({ name: "Over", price: -110, point: 41.5, assumed: true });
    expect(nyjMia.odds.flatMap((m: { outcomes: object[] }) => m.outcomes).some((o: object) => "assumed" in o)).toBe(
      false,
    );
    // A bet on it is priced at that -110, as shown.
    await bet({ gameId: "espn-401800022", betType: "spread", selection: "Denver Broncos", odds: -110, point: -2.5 });
  });

  test("the line at kick-off is kept as the closing line and shown with the game, for every provider", async () => {
    const espn = provider();
    await syncGames(ctx.db, espn, ctx.clock.now());
    ctx.clock.set("2026-09-11T01:00:00Z");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).closingLines).toBe(1);
    const [dalPhi, kcBuf] = (await call(ctx.app, "GET", "/api/games?week=1")).body;
    expect(dalPhi.status).toBe("live");
    expect(dalPhi.closingOdds).toEqual(dalPhi.odds);
    expect(kcBuf.closingOdds).toBeNull();
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).closingLines).toBe(0);

    // The embedded season records them too: every game started by now has one.
    const embedded = await makeTestApp({ now: "2026-10-07T16:00:00Z" });
    const report = await syncGames(embedded.db, new EmbeddedProvider(), embedded.clock.now());
    const started = await embedded.db
      .selectFrom("games")
      .select(["closing_odds", "odds"])
      .where("commence_time", "<=", "2026-10-07T16:00:00Z")
      .execute();
    expect(report.closingLines).toBe(started.length);
    expect(started.every((g) => g.closing_odds === g.odds && g.odds !== "[]")).toBe(true);
    // With their props' lines and prices; games still to come have none.
    const props = await embedded.db
      .selectFrom("game_props")
      .innerJoin("games", "games.id", "game_props.game_id")
      .select([
        "games.commence_time",
        "line",
        "over_odds",
        "under_odds",
        "closing_line",
        "closing_over_odds",
        "closing_under_odds",
      ])
      .execute();
    const [kickedOff, toCome] = [
      props.filter((p) => p.commence_time <= "2026-10-07T16:00:00Z"),
      props.filter((p) => p.commence_time > "2026-10-07T16:00:00Z"),
    ];
    expect(kickedOff.length).toBeGreaterThan(0);
    expect(toCome.length).toBeGreaterThan(0);
    expect(
      kickedOff.every(
        (p) =>
          p.closing_line === p.line && p.closing_over_odds === p.over_odds && p.closing_under_odds === p.under_odds,
      ),
    ).toBe(true);
    expect(
      toCome.every((p) => p.closing_line === null && p.closing_over_odds === null && p.closing_under_odds === null),
    ).toBe(true);
    await embedded.close();
  });

  test("never overwrites a game an admin resolved", async () => {
    const espn = provider();
    await syncGames(ctx.db, espn, ctx.clock.now());
    const admin = await buildUser(ctx, { email: "admin@example.com" });
    ctx.clock.set("2026-09-11T04:00:00Z");
    const resolved = await call(ctx.app, "PATCH", `/api/games/${DAL_PHI}`, {
      body: { homeScore: 3, awayScore: 0, status: "completed" },
      cookie: admin.cookie,
    });
    expect(resolved.status).toBe(200);
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).completed).toBe(0);
    expect(await game(DAL_PHI)).toMatchObject({ home_score: 3, away_score: 0, resolved_by: "admin" });
  });

  test("kick-offs follow the feed until the game starts; moved later within the hour after it passed, betting reopens", async () => {
    const espn = provider();
    await syncGames(ctx.db, espn, ctx.clock.now());
    // DAL@PHI was due at 00:20; at 00:50 ESPN still lists it as scheduled, now at 02:00.
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-flexed");
    ctx.clock.set("2026-09-11T00:50:00Z");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).rescheduled).toBe(2);
    expect((await game(SF_SEA)).commence_time).toBe("2026-09-14T00:20:00.000Z");
    expect(await game(DAL_PHI)).toMatchObject({ commence_time: "2026-09-11T02:00:00.000Z", closing_odds: null });
    expect((await call(ctx.app, "GET", "/api/games?week=1")).body[0].status).toBe("upcoming");
  });

  test("a kick-off the feed moves later over an hour after it passed stays: a glitch never reopens a game under way", async () => {
    const espn = provider();
    await syncGames(ctx.db, espn, ctx.clock.now());
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-flexed");
    ctx.clock.set("2026-09-11T01:30:00Z");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).rescheduled).toBe(1);
    expect((await game(DAL_PHI)).commence_time).toBe("2026-09-11T00:20:00.000Z");
    expect((await game(DAL_PHI)).closing_odds).not.toBeNull();
  });

  test("an outage, bad JSON or a garbled final changes nothing and settles nothing", async () => {
    await syncGames(ctx.db, provider(), ctx.clock.now());
    const before = await ctx.db.selectFrom("games").selectAll().orderBy("id").execute();
    const spread = await bet({
      gameId: KC_PHI,
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -115,
      point: -3.5,
    });

    ctx.clock.set("2026-09-22T12:00:00Z");
    feeds.failures.set(SCOREBOARD, "500");
    // A fresh process (a CLI run) knows nothing yet: the sync fails as a whole.
    await expect(syncGames(ctx.db, provider(), ctx.clock.now())).rejects.toThrow(
      "ESPN: no week of the 2026 season could be read",
    );
    feeds.failures.set(SCOREBOARD, "badjson");
    await expect(syncGames(ctx.db, provider(), ctx.clock.now())).rejects.toThrow();
    feeds.failures.set(SCOREBOARD, "timeout");
    await expect(syncGames(ctx.db, provider(), ctx.clock.now())).rejects.toThrow();
    const after = await ctx.db.selectFrom("games").selectAll().orderBy("id").execute();
    expect(after.map(({ closing_odds, ...g }) => g)).toEqual(before.map(({ closing_odds, ...g }) => g));

    // Back up: NE@NYJ's "final" has no home score, and KC@PHI's feed was never final.
    feeds.failures.clear();
    await syncGames(ctx.db, provider(), ctx.clock.now());
    expect((await game(NE_NYJ)).completed_at).toBeNull();
    await settleAllPending(ctx.db, ctx.clock.now());
    expect((await betRow(spread)).status).toBe("pending");
  });
});

describe("live scores from ESPN", () => {
  const week1 = async () =>
    (await call(ctx.app, "GET", "/api/games?week=1")).body as { id: string; [field: string]: unknown }[];
  const scoresUpdates = async () =>
    (await ctx.db.selectFrom("outbox").select("type").where("type", "=", "scores_update").execute()).length;

  test("a game under way shows its running score and clock, on the game and beside its bets, and is never settled", async () => {
    const espn = provider();
    await syncGames(ctx.db, espn, ctx.clock.now());
    const player = await buildUser(ctx);
    const placed = await call(ctx.app, "POST", "/api/bets", {
      body: { units: 1, gameId: KC_BUF, betType: "moneyline", selection: "Kansas City Chiefs", odds: -142 },
      cookie: player.cookie,
    });
    expect(placed.status).toBe(201);

    // Sunday, 1:30 pm: Kansas City at Buffalo is in the second quarter; Seattle's game has not begun.
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-live");
    ctx.clock.set("2026-09-13T18:30:00Z");
    expect(await syncGames(ctx.db, espn, ctx.clock.now())).toMatchObject({ completed: 1, liveScores: 1 });
    const games = await week1();
    expect(games.find((g) => g.id === KC_BUF)).toMatchObject({
      status: "live",
      awayScore: 7,
      homeScore: 10,
      liveStatus: "Q2 - 4:12",
    });
    expect(games.find((g) => g.id === SF_SEA)).toMatchObject({ status: "upcoming", homeScore: null, liveStatus: null });
    // A final never carries a clock.
    expect(games.find((g) => g.id === DAL_PHI)).toMatchObject({ status: "completed", homeScore: 24, liveStatus: null });
    expect(await scoresUpdates()).toBe(1);

    // Not final: nothing settles, and the bet shows where its game stands.
    await settleAllPending(ctx.db, ctx.clock.now());
    expect((await game(KC_BUF)).completed_at).toBeNull();
    expect(await betRow(placed.body.id)).toEqual({ status: "pending", result_cents: null });
    const bets = (await call(ctx.app, "GET", `/api/users/${player.user.id}/bets`, { cookie: player.cookie })).body;
    expect(bets[0].game).toMatchObject({ awayScore: 7, homeScore: 10, liveStatus: "Q2 - 4:12" });

    // Halftime: the score moved; the same answer again writes and announces nothing.
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-halftime");
    ctx.clock.set("2026-09-13T18:45:00Z");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).liveScores).toBe(1);
    expect((await week1()).find((g) => g.id === KC_BUF)).toMatchObject({
      awayScore: 14,
      homeScore: 10,
      liveStatus: "Halftime",
    });
    ctx.clock.set("2026-09-13T18:46:00Z");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).liveScores).toBe(0);
    expect(await scoresUpdates()).toBe(2);

    // The final replaces the running score and settles as before: a 27–27 tie pushes.
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    ctx.clock.set("2026-09-13T21:00:00Z");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).completed).toBe(1);
    expect((await week1()).find((g) => g.id === KC_BUF)).toMatchObject({
      status: "completed",
      awayScore: 27,
      homeScore: 27,
      liveStatus: null,
    });
    await settleAllPending(ctx.db, ctx.clock.now());
    expect(await betRow(placed.body.id)).toEqual({ status: "push", result_cents: 0 });
  });

  test("an admin's final stands: a feed still reporting the game under way never writes over it", async () => {
    const espn = provider();
    await syncGames(ctx.db, espn, ctx.clock.now());
    const admin = await buildUser(ctx, { email: "admin@example.com" });
    ctx.clock.set("2026-09-13T18:30:00Z");
    const resolved = await call(ctx.app, "PATCH", `/api/games/${KC_BUF}`, {
      body: { homeScore: 3, awayScore: 0, status: "completed" },
      cookie: admin.cookie,
    });
    expect(resolved.status).toBe(200);
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-live");
    expect((await syncGames(ctx.db, espn, ctx.clock.now())).liveScores).toBe(0);
    expect(await game(KC_BUF)).toMatchObject({ home_score: 3, away_score: 0, live_status: null });
  });
});

describe("live scores racing an admin's final", () => {
  test("an admin's final landing while a sync waits on the feed stands: the sync never writes a running score over it", async () => {
    // The feed answers only once the admin's resolve has committed: the sync read the game as under way before it.
    let resolving: (() => Promise<unknown>) | null = null;
    const fake = new (class extends FakeProvider {
      override async liveScores(games: readonly ScheduledGame[], now: Date) {
        await resolving?.();
        return super.liveScores(games, now);
      }
    })();
    await syncGames(ctx.db, fake, ctx.clock.now());
    const admin = await buildUser(ctx, { email: "admin@example.com" });
    ctx.clock.set("2026-09-13T18:00:00Z");
    const id = "fake-w1-KC-BUF";
    fake.live.set(id, { awayScore: 7, homeScore: 10, status: "Q2 - 4:12" });
    let status = 0;
    resolving = async () => {
      resolving = null;
      const answer = await call(ctx.app, "PATCH", `/api/games/${id}`, {
        body: { homeScore: 3, awayScore: 0, status: "completed" },
        cookie: admin.cookie,
      });
      status = answer.status;
    };
    expect((await syncGames(ctx.db, fake, ctx.clock.now())).liveScores).toBe(1);
    expect(status).toBe(200);
    expect(await game(id)).toMatchObject({ home_score: 3, away_score: 0, live_status: null, resolved_by: "admin" });
  });
});

describe("the embedded season played out", () => {
  test("a generated game under way has a running score and clock, and completes with its final as before", async () => {
    const embedded = new EmbeddedProvider();
    await syncGames(ctx.db, embedded, ctx.clock.now());
    const [first] = await ctx.db
      .selectFrom("games")
      .selectAll()
      .where("commence_time", ">", ctx.clock.now().toISOString())
      .orderBy("commence_time")
      .limit(1)
      .execute();
    const kickoff = Date.parse(first!.commence_time);
    ctx.clock.set(new Date(kickoff + 2 * 60 * 60 * 1000).toISOString());
    expect((await syncGames(ctx.db, embedded, ctx.clock.now())).liveScores).toBeGreaterThan(0);
    const live = (await call(ctx.app, "GET", `/api/games?week=${first!.week}`)).body.find(
      (g: { id: string }) => g.id === first!.id,
    );
    expect(live.status).toBe("live");
    expect(live.liveStatus).toMatch(/^(Q[1-4] - \d{1,2}:\d\d|Halftime)$/);
    expect(live.homeScore + live.awayScore).toBeGreaterThanOrEqual(0);
    expect((await game(first!.id)).completed_at).toBeNull();

    ctx.clock.set(new Date(kickoff + 3.5 * 60 * 60 * 1000).toISOString());
    await syncGames(ctx.db, embedded, ctx.clock.now());
    const [final] = await embedded.results([{ ...live, providerId: first!.id }], ctx.clock.now());
    expect(await game(first!.id)).toMatchObject({
      home_score: final!.homeScore,
      away_score: final!.awayScore,
      live_status: null,
      resolved_by: "provider",
    });
  });
});

describe("ESPN with The Odds API for lines", () => {
  test("bookmakers' lines and props on ESPN's games; the box score settles the props, names matched loosely", async () => {
    const both = provider({ ODDS_API_KEY: API_KEY });
    expect(both.name).toBe("espn+theoddsapi");
    await syncGames(ctx.db, both, ctx.clock.now());
    const [dalPhi, kcBuf, sfSea] = (await call(ctx.app, "GET", "/api/games?week=1")).body;
    // DraftKings' total (48) rather than ESPN's consensus (47.5); SF@SEA, unpriced on ESPN, priced by Caesars.
    expect(dalPhi.odds[1].outcomes[0]).toEqual({ name: "Over", price: -110, point: 48 });
    expect(kcBuf.odds[0].outcomes[0]).toEqual({ name: "Kansas City Chiefs", price: -108, point: -2.5 });
    expect(sfSea.odds[0].outcomes[1]).toEqual({ name: "Seattle Seahawks", price: -110, point: 1.5 });
    expect(dalPhi.playerProps).toHaveLength(12);
    const prop = (player: string, type: string) =>
      dalPhi.playerProps.find(
        (p: { playerName: string; propType: string }) => p.playerName === player && p.propType === type,
      );

    const brown = await bet({
      gameId: DAL_PHI,
      betType: "prop",
      propId: prop("AJ Brown", "receiving_yards").id,
      selection: "Over",
      odds: -110,
      point: 71.5,
    });
    const smith = await bet({
      gameId: DAL_PHI,
      betType: "prop",
      propId: prop("DeVonta Smith", "receiving_yards").id,
      selection: "Under",
      odds: -110,
      point: 55.5,
    });
    const williams = await bet({
      gameId: DAL_PHI,
      betType: "prop",
      propId: prop("Javonte Williams", "rushing_yards").id,
      selection: "Under",
      odds: -110,
      point: 48.5,
    });

    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    ctx.clock.set("2026-09-11T04:00:00Z");
    expect((await syncGames(ctx.db, both, ctx.clock.now())).completed).toBe(1);
    await settleAllPending(ctx.db, ctx.clock.now());
    // ESPN writes "A.J. Brown": 88 yards.
    expect(await betRow(brown)).toEqual({ status: "won", result_cents: 9091 });
    // Not in the box score: did not play, the bet is void.
    expect(await betRow(smith)).toEqual({ status: "push", result_cents: 0 });
    expect(await betRow(williams)).toEqual({ status: "won", result_cents: 9091 });
  });

  test("a final whose box score is slow completes and settles at once; only its props wait for the figures", async () => {
    const both = provider({ ODDS_API_KEY: API_KEY });
    await syncGames(ctx.db, both, ctx.clock.now());
    const [dalPhi] = (await call(ctx.app, "GET", "/api/games?week=1")).body;
    const brownId = dalPhi.playerProps.find(
      (p: { playerName: string; propType: string }) => p.playerName === "AJ Brown" && p.propType === "receiving_yards",
    ).id;
    const spread = await bet({
      gameId: DAL_PHI,
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -115,
      point: -3.5,
    });
    const brown = await bet({
      gameId: DAL_PHI,
      betType: "prop",
      propId: brownId,
      selection: "Over",
      odds: -110,
      point: 71.5,
    });

    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    feeds.failures.set(SUMMARY, "timeout");
    ctx.clock.set("2026-09-11T04:00:00Z");
    expect(await syncGames(ctx.db, both, ctx.clock.now())).toMatchObject({ completed: 1, statsRecorded: 0 });
    await settleAllPending(ctx.db, ctx.clock.now());
    expect(await betRow(spread)).toEqual({ status: "won", result_cents: 8696 });
    expect(await betRow(brown)).toEqual({ status: "pending", result_cents: null });

    // Ten minutes on the box score is out: the props get their figures and settle.
    feeds.failures.clear();
    ctx.clock.set("2026-09-11T04:10:00Z");
    expect(await syncGames(ctx.db, both, ctx.clock.now())).toMatchObject({ completed: 0, statsRecorded: 1 });
    await settleAllPending(ctx.db, ctx.clock.now());
    expect(await betRow(brown)).toEqual({ status: "won", result_cents: 9091 });
    // Figured out once: never asked again.
    const asked = feeds.count(SUMMARY);
    ctx.clock.set("2026-09-11T05:00:00Z");
    await syncGames(ctx.db, both, ctx.clock.now());
    expect(feeds.count(SUMMARY)).toBe(asked);
  });

  test("figures never overwrite a prop an admin already graded", async () => {
    const both = provider({ ODDS_API_KEY: API_KEY });
    await syncGames(ctx.db, both, ctx.clock.now());
    const [dalPhi] = (await call(ctx.app, "GET", "/api/games?week=1")).body;
    const brownId = dalPhi.playerProps.find(
      (p: { playerName: string; propType: string }) => p.playerName === "AJ Brown" && p.propType === "receiving_yards",
    ).id;
    const admin = await buildUser(ctx, { email: "admin@example.com" });
    ctx.clock.set("2026-09-11T04:00:00Z");
    const body = { homeScore: 24, awayScore: 20, status: "completed", playerStats: [{ propId: brownId, value: 12 }] };
    expect((await call(ctx.app, "PATCH", `/api/games/${DAL_PHI}`, { body, cookie: admin.cookie })).status).toBe(200);
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    expect((await syncGames(ctx.db, both, ctx.clock.now())).statsRecorded).toBe(1);
    const props = await ctx.db
      .selectFrom("game_props")
      .select(["id", "stat_value"])
      .where("game_id", "=", DAL_PHI)
      .execute();
    expect(props.find((p) => p.id === brownId)!.stat_value).toBe(12);
    expect(props.filter((p) => p.stat_value !== null).length).toBeGreaterThan(1);
  });

  test("when The Odds API fails, ESPN's consensus keeps the games priced", async () => {
    feeds.failures.set("/v4/", "500");
    const both = provider({ ODDS_API_KEY: API_KEY });
    await syncGames(ctx.db, both, ctx.clock.now());
    const [dalPhi] = (await call(ctx.app, "GET", "/api/games?week=1")).body;
    expect(dalPhi.odds[1].outcomes[0]).toEqual({ name: "Over", price: -110, point: 47.5 });
    expect(both.diagnostics!().problems).toEqual(["lines source: The Odds API odds: HTTP 500"]);
  });
});

describe("The Odds API alone", () => {
  test("scores complete games and settle their bets; props wait for an admin, never void", async () => {
    const odds = provider({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: API_KEY });
    expect(await syncGames(ctx.db, odds, ctx.clock.now())).toMatchObject({ provider: "theoddsapi", inserted: 3 });
    const id = `toa-${ODDS_IDS["DAL@PHI"]}`;
    const [dalPhi] = (await call(ctx.app, "GET", "/api/games?week=2")).body;
    expect(dalPhi.id).toBe(id);
    const spread = await bet({
      gameId: id,
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -115,
      point: -3.5,
    });
    const propId = dalPhi.playerProps.find((p: { playerName: string }) => p.playerName === "Dak Prescott").id;
    const prop = await bet({ gameId: id, betType: "prop", propId, selection: "Over", odds: -115, point: 254.5 });

    ctx.clock.set("2026-09-11T04:00:00Z");
    expect((await syncGames(ctx.db, odds, ctx.clock.now())).completed).toBe(1);
    await settleAllPending(ctx.db, ctx.clock.now());
    expect(await betRow(spread)).toEqual({ status: "won", result_cents: 8696 });
    expect(await betRow(prop)).toEqual({ status: "pending", result_cents: null });
    const props = await ctx.db
      .selectFrom("game_props")
      .select(["stat_value", "did_not_play"])
      .where("game_id", "=", id)
      .execute();
    expect(props.every((p) => p.stat_value === null && p.did_not_play === 0)).toBe(true);
  });

  test("the /scores answer bought for finals also gives the running score of a game under way, without a clock, at no extra cost", async () => {
    const odds = provider({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: API_KEY });
    await syncGames(ctx.db, odds, ctx.clock.now());
    const sfSea = `toa-${ODDS_IDS["SF@SEA"]}`;
    // Sunday 9 pm: Kansas City at Buffalo awaits its final, so /scores is read; Seattle's game is under way.
    ctx.clock.set("2026-09-13T21:00:00Z");
    expect(await syncGames(ctx.db, odds, ctx.clock.now())).toMatchObject({ completed: 2, liveScores: 1 });
    expect(feeds.count("/v4/sports/americanfootball_nfl/scores")).toBe(1);
    const game = (await call(ctx.app, "GET", "/api/games")).body.find((g: { id: string }) => g.id === sfSea);
    expect(game).toMatchObject({ status: "live", awayScore: 10, homeScore: 14, liveStatus: null });
    // A minute later /scores is not bought again: the answer in hand still stands, unchanged.
    ctx.clock.set("2026-09-13T21:01:00Z");
    expect((await syncGames(ctx.db, odds, ctx.clock.now())).liveScores).toBe(0);
    expect(feeds.count("/v4/sports/americanfootball_nfl/scores")).toBe(1);
  });

  test("a commence_time drifting later after it passed reopens betting until the new kick-off, and the closing line waits for it", async () => {
    const odds = provider({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: API_KEY });
    await syncGames(ctx.db, odds, ctx.clock.now());
    const id = `toa-${ODDS_IDS["DAL@PHI"]}`;
    const spread = { gameId: id, betType: "spread", selection: "Philadelphia Eagles", odds: -115, point: -3.5 };
    // Due at 00:20: at 00:21 the game is locked and its closing line taken…
    ctx.clock.set("2026-09-11T00:21:00Z");
    expect((await syncGames(ctx.db, odds, ctx.clock.now())).closingLines).toBe(1);
    expect((await call(ctx.app, "GET", "/api/games?week=2")).body[0]).toMatchObject({ id, status: "live" });
    // …but the feed's commence_time has drifted to 00:29: the game has not started.
    feeds.kickoffs.set(ODDS_IDS["DAL@PHI"]!, "2026-09-11T00:29:00Z");
    ctx.clock.set("2026-09-11T00:27:00Z");
    expect((await syncGames(ctx.db, odds, ctx.clock.now())).rescheduled).toBe(1);
    expect(await game(id)).toMatchObject({ commence_time: "2026-09-11T00:29:00.000Z", closing_odds: null });
    expect((await call(ctx.app, "GET", "/api/games?week=2")).body[0]).toMatchObject({ id, status: "upcoming" });
    await bet(spread);

    ctx.clock.set("2026-09-11T00:29:00Z");
    expect((await syncGames(ctx.db, odds, ctx.clock.now())).closingLines).toBe(1);
    const user = await buildUser(ctx);
    const late = await call(ctx.app, "POST", "/api/bets", { body: { units: 1, ...spread }, cookie: user.cookie });
    expect(late.status).toBe(409);
  });

  test("a commence_time moved earlier locks betting at the earlier time", async () => {
    const odds = provider({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: API_KEY });
    await syncGames(ctx.db, odds, ctx.clock.now());
    const id = `toa-${ODDS_IDS["DAL@PHI"]}`;
    feeds.kickoffs.set(ODDS_IDS["DAL@PHI"]!, "2026-09-11T00:15:00Z");
    ctx.clock.set("2026-09-11T00:10:00Z");
    expect((await syncGames(ctx.db, odds, ctx.clock.now())).rescheduled).toBe(1);
    ctx.clock.set("2026-09-11T00:16:00Z");
    const user = await buildUser(ctx);
    const res = await call(ctx.app, "POST", "/api/bets", {
      body: { units: 1, gameId: id, betType: "spread", selection: "Philadelphia Eagles", odds: -115, point: -3.5 },
      cookie: user.cookie,
    });
    expect(res.status).toBe(409);
    expect((await call(ctx.app, "GET", "/api/games?week=2")).body[0]).toMatchObject({ id, status: "live" });
  });

  test("with the quota at its reserve the games still arrive, unpriced, and nothing is bought", async () => {
    feeds.remaining = 10;
    const odds = provider({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: API_KEY, ODDS_API_RESERVE: "25" });
    expect(await syncGames(ctx.db, odds, ctx.clock.now())).toMatchObject({ inserted: 3, oddsUpdated: 0 });
    expect(feeds.remaining).toBe(10);
    expect(odds.diagnostics!()).toMatchObject({ requestsRemaining: 10 });
    expect(logs.text()).not.toContain(API_KEY);
  });
});

describe("the scheduler", () => {
  test("an outage is logged, backed off and shown on /api/health, which stays ok; recovery clears it", async () => {
    const scheduler = new GameSyncScheduler(ctx.db, provider(), ctx.clock, logs.logger);
    const app = createApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: ctx.logger,
      bus: ctx.bus,
      hub: ctx.hub,
      providerStatus: () => scheduler.status(),
    });
    expect((await call(app, "GET", "/api/health")).body.provider).toMatchObject({
      name: "espn",
      ok: false,
      lastSuccessAt: null,
      message: "not synced yet",
    });

    expect(await scheduler.runOnce()).toMatchObject({ inserted: 6 });
    expect(scheduler.status()).toEqual({
      name: "espn",
      ok: true,
      lastAttemptAt: "2026-09-09T12:00:00.000Z",
      lastSuccessAt: "2026-09-09T12:00:00.000Z",
      consecutiveFailures: 0,
      nextSyncAt: null,
    });

    feeds.failures.set(SCOREBOARD, "500");
    ctx.clock.set("2026-09-10T12:00:00Z");
    await scheduler.runOnce();
    await scheduler.runOnce();
    const health = await call(app, "GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: "ok",
      provider: {
        name: "espn",
        ok: false,
        lastAttemptAt: "2026-09-10T12:00:00.000Z",
        lastSuccessAt: "2026-09-09T12:00:00.000Z",
        consecutiveFailures: 2,
        nextSyncAt: null,
        message: "ESPN scoreboard 2026 week 1: HTTP 500; ESPN scoreboard 2026 week 2: HTTP 500",
      },
    });
    expect(
      logs
        .lines()
        .some((l) => l.msg === "games synced with provider problems; keeping the last good data where it failed"),
    ).toBe(true);
    // The games read before are all still there, with their lines.
    expect((await call(ctx.app, "GET", "/api/games?week=1")).body[0].odds).toHaveLength(3);

    feeds.failures.clear();
    await scheduler.runOnce();
    expect(scheduler.status()).toMatchObject({
      ok: true,
      consecutiveFailures: 0,
      lastSuccessAt: "2026-09-10T12:00:00.000Z",
    });
    expect(logs.lines().some((l) => l.msg === "odds provider recovered")).toBe(true);
  });

  test("a game kicking off while the provider cannot be read at all still gets its closing line: the last one held", async () => {
    await syncGames(ctx.db, provider(), ctx.clock.now());
    const held = (await game(DAL_PHI)).odds;
    // A restarted server whose provider has never read a thing: every sync fails as a whole.
    const scheduler = new GameSyncScheduler(ctx.db, provider(), ctx.clock, logs.logger);
    feeds.failures.set(SCOREBOARD, "500");
    ctx.clock.set("2026-09-11T01:00:00Z");
    expect(await scheduler.runOnce()).toBeNull();
    expect(scheduler.status()).toMatchObject({ ok: false, consecutiveFailures: 1 });
    expect((await game(DAL_PHI)).closing_odds).toBe(held);
    expect((await game(KC_BUF)).closing_odds).toBeNull();
    expect(
      logs.lines().some((l) => l.msg === "closing lines recorded from the last good data" && l.closingLines === 1),
    ).toBe(true);
  });

  test("a quota at its reserve is shown with the credits left, but is no failure: no back-off", async () => {
    feeds.remaining = 10;
    const scheduler = new GameSyncScheduler(
      ctx.db,
      provider({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: API_KEY }),
      ctx.clock,
      logs.logger,
    );
    await scheduler.runOnce();
    expect(scheduler.status()).toMatchObject({
      name: "theoddsapi",
      ok: true,
      consecutiveFailures: 0,
      requestsRemaining: 10,
      message: "The Odds API: 10 credits left, at the reserve of 25: lines and props wait for the quota to reset",
    });
  });

  test("another season's events make the provider not ok on /api/health, without backing off", async () => {
    for (let week = 1; week <= 18; week += 1) feeds.espnWeeks.set(week, "scoreboard-2025-w12-other-season");
    const scheduler = new GameSyncScheduler(ctx.db, provider(), ctx.clock, logs.logger);
    const app = createApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: ctx.logger,
      bus: ctx.bus,
      hub: ctx.hub,
      providerStatus: () => scheduler.status(),
    });
    expect(await scheduler.runOnce()).toMatchObject({ inserted: 0 });
    const health = await call(app, "GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: "ok",
      provider: {
        ok: false,
        consecutiveFailures: 0,
        message:
          "ESPN answered 2026 weeks 1–18 with events of 2025 regular season week 12, not of the 2026 regular season: they are not shown",
      },
    });
    expect(logs.lines().some((l) => l.msg === "games synced, but the provider's answer is wrong")).toBe(true);
  });

  test("players' figures for props are fetched in the background, one game every few seconds, newest first", async () => {
    /** Finals come without figures; figures come one game per call, as ESPN's summaries do. */
    class LateFigures extends FakeProvider {
      readonly asked: { at: number; games: string[] }[] = [];
      override async results(games: readonly ScheduledGame[], now: Date): Promise<GameResult[]> {
        return (await super.results(games, now)).map((r) => ({ ...r, playerStats: [], statsUnknown: true }));
      }
      async playerStats(games: readonly ScheduledGame[], now: Date): Promise<{ stats: GameStats[]; more: boolean }> {
        this.asked.push({ at: performance.now(), games: games.map((g) => g.providerId) });
        const [newest] = [...games].sort((a, b) => b.commenceTime.localeCompare(a.commenceTime));
        const stats = (await super.results([newest!], now)).map((r) => ({
          providerId: r.providerId,
          playerStats: r.playerStats,
        }));
        return { stats, more: games.length > 1 };
      }
    }
    const late = new LateFigures();
    ctx.clock.set("2026-09-16T12:00:00Z");
    const scheduler = new GameSyncScheduler(ctx.db, late, ctx.clock, logs.logger, undefined, { statsSpacingMs: 40 });
    // A first start mid-week: week 1's three games are over and none of their props has a figure.
    expect(await scheduler.runOnce()).toMatchObject({ completed: 3, statsRecorded: 1, moreStats: true });
    for (let i = 0; i < 100 && late.asked.length < 3; i += 1) await Bun.sleep(10);
    await Bun.sleep(60);
    expect(late.asked.map((a) => a.games.length)).toEqual([3, 2, 1]);
    expect(late.asked[2]!.games).toEqual(["fake-w1-DAL-PHI"]);
    const gaps = late.asked.slice(1).map((a, i) => a.at - late.asked[i]!.at);
    expect(gaps.every((gap) => gap >= 35)).toBe(true);
    const props = await ctx.db
      .selectFrom("game_props")
      .innerJoin("games", "games.id", "game_props.game_id")
      .select(["games.week", "stat_value"])
      .execute();
    expect(props.filter((p) => p.week === 1).every((p) => p.stat_value !== null)).toBe(true);
    expect(props.filter((p) => p.week === 2).every((p) => p.stat_value === null)).toBe(true);
    await scheduler.stop();
  });

  test("stop() cancels the background fetches still planned", async () => {
    const late = new (class extends FakeProvider {
      calls = 0;
      override async results(games: readonly ScheduledGame[], now: Date): Promise<GameResult[]> {
        return (await super.results(games, now)).map((r) => ({ ...r, playerStats: [], statsUnknown: true }));
      }
      async playerStats(): Promise<{ stats: GameStats[]; more: boolean }> {
        this.calls += 1;
        return { stats: [], more: true };
      }
    })();
    ctx.clock.set("2026-09-16T12:00:00Z");
    const scheduler = new GameSyncScheduler(ctx.db, late, ctx.clock, logs.logger, undefined, { statsSpacingMs: 30 });
    await scheduler.runOnce();
    await scheduler.stop();
    await Bun.sleep(80);
    expect(late.calls).toBe(1);
  });

  test("start() plans the next sync by the cadence and stop() cancels it", async () => {
    const scheduler = new GameSyncScheduler(ctx.db, provider(), ctx.clock, logs.logger);
    await scheduler.runOnce();
    scheduler.start();
    await Bun.sleep(20);
    // Next kick-off 36 hours away: ten minutes.
    expect(scheduler.status().nextSyncAt).toBe("2026-09-09T12:10:00.000Z");
    await scheduler.stop();
  });
});

describe("serve with a remote provider", () => {
  test("listens before the provider has answered: start-up never waits for ESPN", async () => {
    const slow = new FakeFeeds(2_000);
    slow.failures.set(SCOREBOARD, "timeout");
    const db = join(mkdtempSync(join(tmpdir(), "npt-serve-")), "app.db");
    const { proc, url } = await startServe(db, {
      ...process.env,
      LOG_LEVEL: "info",
      ODDS_PROVIDER: "espn",
      ESPN_BASE_URL: slow.url,
    });
    try {
      // Had serve waited for the first sync, it would report ESPN's failed answers by now.
      const health = await (await fetch(`${url}/api/health`)).json();
      expect(health).toMatchObject({
        status: "ok",
        provider: { name: "espn", ok: false, lastAttemptAt: null, message: "not synced yet" },
      });
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
      slow.stop();
    }
  }, 30_000);
});

describe("provider settings", () => {
  test("ODDS_PROVIDER picks the provider; theoddsapi needs a key; BOOKMAKER and ODDS_API_RESERVE are read", () => {
    expect(loadConfig({}).oddsProvider).toBe("embedded");
    expect(createProvider(loadConfig({})).name).toBe("embedded");
    expect(createProvider(loadConfig({ ODDS_PROVIDER: "espn" })).name).toBe("espn");
    expect(createProvider(loadConfig({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: "k" })).name).toBe("theoddsapi");
    expect(() => loadConfig({ ODDS_PROVIDER: "theoddsapi" })).toThrow(
      "ODDS_API_KEY is required with ODDS_PROVIDER=theoddsapi",
    );
    expect(() => loadConfig({ ODDS_PROVIDER: "oddsapi" })).toThrow(
      "ODDS_PROVIDER must be one of embedded, espn, theoddsapi",
    );
    const config = loadConfig({
      BOOKMAKER: "BetMGM, fanduel",
      ODDS_API_RESERVE: "40",
      ESPN_BASE_URL: "http://127.0.0.1:9/espn/",
    });
    expect(config.bookmakers).toEqual(["betmgm", "fanduel", "draftkings"]);
    expect(config.oddsApiReserve).toBe(40);
    expect(config.espnBaseUrl).toBe("http://127.0.0.1:9/espn");
    expect(loadConfig({}).bookmakers).toEqual(["draftkings", "fanduel"]);
    expect(() => loadConfig({ BOOKMAKER: "draft kings" })).toThrow("BOOKMAKER must be");
    expect(() => loadConfig({ ESPN_BASE_URL: "site.api.espn.com" })).toThrow("ESPN_BASE_URL must be an http(s) URL");
  });
});

describe("odds sync from the command line (for cron)", () => {
  const MAIN = join(import.meta.dir, "../../src/main.ts");
  async function cli(env: Record<string, string>) {
    const db = join(mkdtempSync(join(tmpdir(), "npt-providers-")), "app.db");
    const proc = Bun.spawn([process.execPath, MAIN, "odds", "sync", "--db", db], {
      env: { ...process.env, LOG_LEVEL: "warn", ESPN_BASE_URL: feeds.url, ODDS_API_BASE_URL: feeds.url, ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    return { stdout, stderr, code };
  }

  test("reports the sync and the credits left; a provider it cannot read at all is a plain error, exit 1", async () => {
    const espn = await cli({ ODDS_PROVIDER: "espn" });
    expect(espn.code, espn.stderr).toBe(0);
    expect(espn.stdout).toMatch(/^espn season \d{4}: \d+ games added/);

    const odds = await cli({ ODDS_PROVIDER: "theoddsapi", ODDS_API_KEY: API_KEY });
    expect(odds.code, odds.stderr).toBe(0);
    expect(odds.stdout).toMatch(/\nThe Odds API: \d+ requests left this month\.\n$/);

    feeds.failures.set(SCOREBOARD, "500");
    const down = await cli({ ODDS_PROVIDER: "espn" });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain("error: ESPN: no week of the");
    expect(down.stderr).toContain("could be read; nothing was changed");
    // The problems were logged on stderr as JSON, stdout stays for the report.
    expect(down.stderr).toContain('"problem":"ESPN scoreboard');
    expect(down.stdout).toBe("");
    expect(odds.stdout + odds.stderr + down.stderr).not.toContain(API_KEY);
  }, 30_000);
});
