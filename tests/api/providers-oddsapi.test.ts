import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { TheOddsApiProvider } from "../../src/modules/feeds/providers/theoddsapi/index.ts";
import { captureLogs } from "../fixtures/capture-logs.ts";
import { API_KEY, FakeFeeds, ODDS_IDS } from "../fixtures/fake-feeds.ts";

const ODDS = "/v4/sports/americanfootball_nfl";
const BEFORE = new Date("2026-09-09T12:00:00Z");
const AFTER_THURSDAY = new Date("2026-09-11T04:00:00Z");
const DAL_PHI = `toa-${ODDS_IDS["DAL@PHI"]}`;
const KC_BUF = `toa-${ODDS_IDS["KC@BUF"]}`;
const SF_SEA = `toa-${ODDS_IDS["SF@SEA"]}`;

let feeds: FakeFeeds;
let logs: ReturnType<typeof captureLogs>;

function provider(overrides: Partial<{ apiKey: string; reserve: number; bookmakers: string[] }> = {}) {
  return new TheOddsApiProvider({
    baseUrl: feeds.url,
    apiKey: overrides.apiKey ?? API_KEY,
    logger: logs.logger,
    bookmakers: overrides.bookmakers ?? ["draftkings", "fanduel"],
    reserve: overrides.reserve ?? 25,
    timeoutMs: 200,
  });
}

beforeEach(() => {
  feeds = new FakeFeeds(1_000);
  logs = captureLogs();
});
afterEach(() => feeds.stop());

describe("The Odds API schedule", () => {
  test("regular-season games only, weeks by spec §5's rule, teams by name; the events list is free", async () => {
    const odds = provider();
    expect(await odds.currentSeason(BEFORE)).toBe(2026);
    const games = await odds.schedule(2026, BEFORE);
    expect(games.map((g) => g.providerId)).toEqual([DAL_PHI, KC_BUF, SF_SEA]);
    // Spec §5 starts 2026's week 1 on Thursday 3 September; the NFL opens on the 10th, in the rule's week 2.
    expect(games[0]).toEqual({
      providerId: DAL_PHI,
      season: 2026,
      week: 2,
      homeTeam: "Philadelphia Eagles",
      awayTeam: "Dallas Cowboys",
      homeAbbr: "PHI",
      awayAbbr: "DAL",
      commenceTime: "2026-09-11T00:20:00.000Z",
    });
    expect(feeds.requests[0]!.query).toEqual({ apiKey: API_KEY });
    expect(feeds.remaining).toBe(500);
    const skipped = logs
      .lines()
      .filter((l) => l.msg === "odds provider record skipped")
      .map((l) => l.skipped);
    expect(skipped).toEqual([
      "The Odds API events: event 5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a: unknown team Nowhere Nomads",
      "The Odds API events: an event without a usable id",
    ]);
  });

  test("an outage keeps the games already known; with none known it fails", async () => {
    feeds.failures.set(`${ODDS}/events`, "500");
    await expect(provider().schedule(2026, BEFORE)).rejects.toThrow(
      "The Odds API: the schedule could not be read (The Odds API events: HTTP 500)",
    );
    const odds = provider();
    feeds.failures.clear();
    await odds.schedule(2026, BEFORE);
    feeds.failures.set(`${ODDS}/events`, "timeout");
    expect(await odds.schedule(2026, new Date(BEFORE.getTime() + 10 * 60_000))).toHaveLength(3);
    expect(odds.diagnostics().problems).toEqual(["The Odds API events: no answer within 200 ms"]);
  });
});

describe("The Odds API lines and props", () => {
  test("each market from the preferred bookmaker that has it whole; outcomes renamed to our teams", async () => {
    const odds = provider();
    const games = await odds.schedule(2026, BEFORE);
    const lines = await odds.odds(games, BEFORE);
    expect(feeds.requests.find((r) => r.path === `${ODDS}/odds`)!.query).toEqual({
      apiKey: API_KEY,
      regions: "us",
      markets: "h2h,spreads,totals",
      oddsFormat: "american",
    });
    const byId = new Map(lines.map((l) => [l.providerId, l]));
    // DraftKings first, though FanDuel is listed before it.
    expect(byId.get(DAL_PHI)!.odds).toEqual([
      {
        marketType: "spreads",
        outcomes: [
          { name: "Dallas Cowboys", price: -105, point: 3.5 },
          { name: "Philadelphia Eagles", price: -115, point: -3.5 },
        ],
      },
      {
        marketType: "totals",
        outcomes: [
          { name: "Over", price: -110, point: 48 },
          { name: "Under", price: -110, point: 48 },
        ],
      },
      {
        marketType: "h2h",
        outcomes: [
          { name: "Dallas Cowboys", price: 150 },
          { name: "Philadelphia Eagles", price: -175 },
        ],
      },
    ]);
    // No DraftKings: FanDuel; FanDuel's garbled spread (points that do not mirror) gives way to BetMGM.
    expect(byId.get(KC_BUF)!.odds).toEqual([
      {
        marketType: "spreads",
        outcomes: [
          { name: "Kansas City Chiefs", price: -108, point: -2.5 },
          { name: "Buffalo Bills", price: -112, point: 2.5 },
        ],
      },
      {
        marketType: "totals",
        outcomes: [
          { name: "Over", price: -105, point: 49.5 },
          { name: "Under", price: -115, point: 49.5 },
        ],
      },
      {
        marketType: "h2h",
        outcomes: [
          { name: "Kansas City Chiefs", price: -142 },
          { name: "Buffalo Bills", price: 120 },
        ],
      },
    ]);
    // Only a book we did not name: the first listed.
    expect(byId.get(SF_SEA)!.odds[0]).toEqual({
      marketType: "spreads",
      outcomes: [
        { name: "San Francisco 49ers", price: -110, point: -1.5 },
        { name: "Seattle Seahawks", price: -110, point: 1.5 },
      ],
    });
  });

  test("BOOKMAKER changes the preference", async () => {
    const odds = provider({ bookmakers: ["fanduel", "draftkings"] });
    const lines = await odds.odds(await odds.schedule(2026, BEFORE), BEFORE);
    expect(lines.find((l) => l.providerId === DAL_PHI)!.odds[1]).toEqual({
      marketType: "totals",
      outcomes: [
        { name: "Over", price: -110, point: 46.5 },
        { name: "Under", price: -110, point: 46.5 },
      ],
    });
  });

  test("props for the leading players of games within two days, Over and Under at one line", async () => {
    const odds = provider();
    const lines = await odds.odds(await odds.schedule(2026, BEFORE), BEFORE);
    const propCalls = feeds.requests.filter((r) => r.path.endsWith("/odds") && r.path.includes("/events/"));
    // DAL@PHI (36 hours away) only: the Sunday games are more than two days off.
    expect(propCalls.map((r) => r.path)).toEqual([`${ODDS}/events/${ODDS_IDS["DAL@PHI"]}/odds`]);
    expect(propCalls[0]!.query.markets).toBe("player_pass_yds,player_rush_yds,player_reception_yds,player_receptions");
    const props = lines.find((l) => l.providerId === DAL_PHI)!.props;
    expect(props.map((p) => `${p.playerName} ${p.propType} ${p.line}`)).toEqual([
      "Dak Prescott passing_yards 254.5",
      "Jalen Hurts passing_yards 221.5",
      "Saquon Barkley rushing_yards 92.5",
      "Javonte Williams rushing_yards 48.5",
      "CeeDee Lamb receiving_yards 78.5",
      "AJ Brown receiving_yards 71.5",
      "DeVonta Smith receiving_yards 55.5",
      "Jake Ferguson receiving_yards 38.5",
      "CeeDee Lamb receptions 6.5",
      "AJ Brown receptions 5.5",
      "Jake Ferguson receptions 4.5",
      "Saquon Barkley receptions 2.5",
    ]);
    expect(props[0]).toEqual({
      key: "dak-prescott-passing_yards",
      playerName: "Dak Prescott",
      team: "",
      propType: "passing_yards",
      line: 254.5,
      overOdds: -115,
      underOdds: -115,
    });
    expect(props.find((p) => p.key === "cedee-lamb-receptions" || p.key === "ceedee-lamb-receptions")).toMatchObject({
      overOdds: -130,
      underOdds: 100,
    });
  });

  test("paced by the quota: a minute later nothing is bought again, props not for a while", async () => {
    const odds = provider();
    const games = await odds.schedule(2026, BEFORE);
    await odds.odds(games, BEFORE);
    const spent = 500 - feeds.remaining!;
    expect(spent).toBe(3 + 4);
    await odds.odds(games, new Date(BEFORE.getTime() + 60_000));
    expect(500 - feeds.remaining!).toBe(spent);
    // 493 credits left, 25 kept, 21.5 days to the month's end: 40% of them buys lines about every 8.3 hours.
    await odds.odds(games, new Date(BEFORE.getTime() + 8 * 3600_000));
    expect(feeds.count(`${ODDS}/odds`)).toBe(1);
    await odds.odds(games, new Date(BEFORE.getTime() + 8.5 * 3600_000));
    expect(feeds.count(`${ODDS}/odds`)).toBe(2);
    const quota = logs.lines().filter((l) => l.msg === "odds api quota");
    expect(quota.at(-1)).toMatchObject({ provider: "theoddsapi", requestsRemaining: feeds.remaining, cost: 3 });
  });

  test("at the reserve nothing is bought: the games keep their last lines and the state is reported", async () => {
    feeds.remaining = 20;
    const odds = provider({ reserve: 25 });
    const games = await odds.schedule(2026, BEFORE);
    expect(await odds.odds(games, BEFORE)).toEqual([]);
    expect(await odds.odds(games, new Date(BEFORE.getTime() + 3600_000))).toEqual([]);
    expect(feeds.count(`${ODDS}/odds`)).toBe(0);
    expect(feeds.remaining).toBe(20);
    // A state, not a failure: shown, logged once, and the sync does not back off for it.
    expect(odds.diagnostics()).toEqual({
      problems: [],
      notices: ["The Odds API: 20 credits left, at the reserve of 25: lines and props wait for the quota to reset"],
      requestsRemaining: 20,
    });
    expect(logs.lines().filter((l) => l.msg === "odds provider notice")).toHaveLength(1);
  });

  test("used-up credits, too frequent requests, a refused key, bad JSON and timeouts are problems, never the key", async () => {
    const dalPhi = {
      providerId: DAL_PHI,
      season: 2026,
      week: 2,
      homeTeam: "Philadelphia Eagles",
      awayTeam: "Dallas Cowboys",
      homeAbbr: "PHI",
      awayAbbr: "DAL",
      commenceTime: "2026-09-11T00:20:00Z",
    };
    feeds.remaining = 2;
    const exhausted = provider();
    // Quota unknown before the first paid call: it is tried once, and the answer says no.
    await exhausted.odds([dalPhi], BEFORE);
    expect(exhausted.diagnostics()).toEqual({
      problems: ["The Odds API odds: HTTP 401, the plan's credits are used up until it resets"],
      notices: [],
      requestsRemaining: 0,
    });
    await exhausted.odds([dalPhi], new Date(BEFORE.getTime() + 3600_000));
    expect(feeds.count(`${ODDS}/odds`)).toBe(1);

    feeds.remaining = 500;
    feeds.failures.set(`${ODDS}/odds`, "429");
    const hurried = provider();
    await hurried.odds([dalPhi], BEFORE);
    expect(hurried.diagnostics().problems).toEqual(["The Odds API odds: HTTP 429, requests too frequent"]);
    feeds.failures.clear();

    feeds.remaining = 500;
    const refused = provider({ apiKey: "wrong-key" });
    await expect(refused.schedule(2026, BEFORE)).rejects.toThrow(
      "HTTP 401, the API key was refused (check ODDS_API_KEY)",
    );

    const odds = provider();
    const games = await odds.schedule(2026, BEFORE);
    feeds.failures.set(`${ODDS}/odds`, "badjson");
    expect(await odds.odds(games, BEFORE)).toEqual([]);
    feeds.failures.set(`${ODDS}/odds`, "timeout");
    expect(await odds.odds(games, new Date(BEFORE.getTime() + 6 * 3600_000))).toEqual([]);
    expect(odds.diagnostics().problems).toEqual([
      "The Odds API odds: the answer is not JSON",
      "The Odds API odds: no answer within 200 ms",
    ]);
    expect(logs.text()).not.toContain(API_KEY);
    expect(logs.text()).not.toContain("wrong-key");
  });
});

describe("The Odds API scores", () => {
  test("completed games with a whole score for each team, matched by name; props wait for an admin", async () => {
    const odds = provider();
    const games = await odds.schedule(2026, BEFORE);
    // Before anything has run three hours, /scores is not asked at all.
    expect(await odds.results(games, new Date("2026-09-11T03:00:00Z"))).toEqual([]);
    expect(feeds.count(`${ODDS}/scores`)).toBe(0);
    const results = await odds.results(games, new Date("2026-09-13T22:00:00Z"));
    expect(feeds.requests.find((r) => r.path === `${ODDS}/scores`)!.query).toEqual({ apiKey: API_KEY, daysFrom: "3" });
    expect(results).toEqual([
      { providerId: DAL_PHI, homeScore: 24, awayScore: 20, playerStats: [], statsUnknown: true },
      { providerId: KC_BUF, homeScore: 27, awayScore: 27, playerStats: [], statsUnknown: true },
    ]);
  });

  test("garbled scores complete nothing; asked again only after ten minutes", async () => {
    feeds.oddsApi.scores = "scores-garbled";
    const odds = provider();
    const games = await odds.schedule(2026, BEFORE);
    expect(await odds.results(games, AFTER_THURSDAY)).toEqual([]);
    expect(await odds.results(games, new Date(AFTER_THURSDAY.getTime() + 5 * 60_000))).toEqual([]);
    expect(feeds.count(`${ODDS}/scores`)).toBe(1);
    expect(
      logs
        .lines()
        .filter((l) => l.msg === "odds provider record skipped")
        .map((l) => l.skipped),
    ).toContain(`event ${ODDS_IDS["DAL@PHI"]}: completed without a whole score for each team`);
  });

  test("scores may use half the reserve, never the rest", async () => {
    feeds.remaining = 14;
    const odds = provider({ reserve: 25 });
    const games = await odds.schedule(2026, BEFORE);
    expect(await odds.results(games, AFTER_THURSDAY)).toHaveLength(1);
    expect(feeds.remaining).toBe(12);
    expect(await odds.results(games, new Date(AFTER_THURSDAY.getTime() + 3600_000))).toEqual([]);
    expect(feeds.remaining).toBe(12);
    expect(odds.diagnostics().notices).toEqual([
      "The Odds API scores: skipped, 12 credits left and 25 kept in reserve",
    ]);
  });
});
