import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { EspnProvider, STATS_PATIENCE_MS, SUMMARY_RETRY_MS } from "../../src/modules/feeds/providers/espn/index.ts";
import { liveStatusText } from "../../src/modules/feeds/providers/espn/scoreboard.ts";
import { captureLogs } from "../fixtures/capture-logs.ts";
import { FakeFeeds } from "../fixtures/fake-feeds.ts";

const SCOREBOARD = "/apis/site/v2/sports/football/nfl/scoreboard";
const SUMMARY = "/apis/site/v2/sports/football/nfl/summary";
const BEFORE = new Date("2026-09-09T12:00:00Z");
const AFTER_THURSDAY = new Date("2026-09-11T04:00:00Z");
/** A day and a half before the opener: week 1 is hot. */
const EVE = new Date("2026-09-10T12:00:00Z");

let feeds: FakeFeeds;
let logs: ReturnType<typeof captureLogs>;
let espn: EspnProvider;

beforeEach(() => {
  feeds = new FakeFeeds(1_000);
  feeds.espnWeeks.set(1, "scoreboard-2026-w1-pre");
  feeds.espnWeeks.set(2, "scoreboard-2026-w2");
  feeds.summaries.set("401800001", "summary-401800001");
  logs = captureLogs();
  espn = new EspnProvider({ baseUrl: feeds.url, logger: logs.logger, timeoutMs: 200 });
});
afterEach(() => feeds.stop());

describe("ESPN schedule", () => {
  test("reads every week of the regular season with ESPN's week numbers, kick-offs in UTC and our team names", async () => {
    expect(await espn.currentSeason(BEFORE)).toBe(2026);
    const games = await espn.schedule(2026, BEFORE);
    expect(feeds.count(SCOREBOARD)).toBe(18);
    expect(feeds.requests[0]!.query).toEqual({ seasontype: "2", week: "1", dates: "2026" });
    expect(games.map((g) => g.providerId)).toEqual([
      "espn-401800001",
      "espn-401800002",
      "espn-401800003",
      "espn-401800011",
      "espn-401800012",
      "espn-401800015",
    ]);
    expect(games[0]).toEqual({
      providerId: "espn-401800001",
      season: 2026,
      week: 1,
      homeTeam: "Philadelphia Eagles",
      awayTeam: "Dallas Cowboys",
      homeAbbr: "PHI",
      awayAbbr: "DAL",
      commenceTime: "2026-09-11T00:20:00.000Z",
    });
    expect(games.find((g) => g.providerId === "espn-401800011")!.week).toBe(2);
  });

  test("matches teams by homeAway, whatever order ESPN lists them in", async () => {
    const games = await espn.schedule(2026, BEFORE);
    // The fixture lists Buffalo (home) before Kansas City (away).
    expect(games.find((g) => g.providerId === "espn-401800002")).toMatchObject({
      homeAbbr: "BUF",
      awayAbbr: "KC",
      homeTeam: "Buffalo Bills",
    });
  });

  test("skips events it cannot use — unknown team, a side missing, another season — and logs each reason once", async () => {
    await espn.schedule(2026, BEFORE);
    const skipped = logs
      .lines()
      .filter((l) => l.msg === "odds provider record skipped")
      .map((l) => String(l.skipped));
    expect(skipped).toEqual([
      "ESPN 2026 week 2: event 401800013: unknown team XYZ",
      "ESPN 2026 week 2: event 401800014: needs exactly one home and one away team",
      "ESPN 2026 week 2: event 401700099: not week 2 of the 2026 regular season",
    ]);
    await espn.schedule(2026, new Date(BEFORE.getTime() + 7 * 3600_000));
    expect(logs.lines().filter((l) => l.msg === "odds provider record skipped")).toHaveLength(3);
  });

  test("re-reads only the weeks that matter: hot weeks every sync, the rest every few hours", async () => {
    await espn.schedule(2026, EVE);
    expect(feeds.count(SCOREBOARD)).toBe(18);
    await espn.schedule(2026, new Date(EVE.getTime() + 60_000));
    // Week 1 kicks off within 36 hours: read again; the rest are fresh enough.
    expect(feeds.count(SCOREBOARD)).toBe(19);
    expect(feeds.requests.at(-1)!.query.week).toBe("1");
    await espn.schedule(2026, new Date(EVE.getTime() + 11 * 60_000));
    // Ten minutes on, week 2 (games within 8 days) is read again too.
    expect(feeds.requests.slice(19).map((r) => r.query.week)).toEqual(["1", "2"]);
    await espn.schedule(2026, new Date(EVE.getTime() + 6 * 3600_000 + 60_000));
    expect(feeds.count(SCOREBOARD)).toBe(21 + 18);
  });

  test("a week that fails is skipped and reported; what was read before stays", async () => {
    feeds.failures.set(SCOREBOARD, "500");
    await expect(espn.schedule(2026, BEFORE)).rejects.toThrow("ESPN: no week of the 2026 season could be read");
    // Two failures in a row: ESPN is down, the rest of the round is not tried.
    expect(feeds.count(SCOREBOARD)).toBe(2);
    expect(espn.diagnostics().problems).toEqual([
      "ESPN scoreboard 2026 week 1: HTTP 500",
      "ESPN scoreboard 2026 week 2: HTTP 500",
    ]);

    feeds.failures.clear();
    expect(await espn.schedule(2026, BEFORE)).toHaveLength(6);
    expect(espn.diagnostics().problems).toEqual([]);
    feeds.failures.set(SCOREBOARD, "badjson");
    // A day on, weeks 1 and 2 are due again; both fail, so the six games read before are kept.
    expect(await espn.schedule(2026, EVE)).toHaveLength(6);
    expect(espn.diagnostics().problems).toEqual([
      "ESPN scoreboard 2026 week 1: the answer is not JSON",
      "ESPN scoreboard 2026 week 2: the answer is not JSON",
    ]);
  });

  test("timeouts, HTML instead of JSON and answers without events are problems, not crashes", async () => {
    feeds.failures.set(SCOREBOARD, "timeout");
    const started = performance.now();
    await expect(espn.schedule(2026, BEFORE)).rejects.toThrow("no week of the 2026 season could be read");
    expect(performance.now() - started).toBeLessThan(900);
    expect(espn.diagnostics().problems[0]).toBe("ESPN scoreboard 2026 week 1: no answer within 200 ms");

    feeds.failures.set(SCOREBOARD, "cut");
    await expect(espn.schedule(2026, BEFORE)).rejects.toThrow();
    expect(espn.diagnostics().problems[0]).toBe("ESPN scoreboard 2026 week 1: the answer is not JSON");

    feeds.failures.clear();
    feeds.espnWeeks.set(1, "scoreboard-no-events");
    const games = await espn.schedule(2026, BEFORE);
    expect(games.map((g) => g.week)).toEqual([2, 2, 2]);
    expect(espn.diagnostics().problems).toEqual(["ESPN scoreboard 2026 week 1: unreadable answer (no events list)"]);
  });
});

describe("ESPN consensus lines", () => {
  test("reads the flat fields and the open/close blocks, sides by abbreviation; a game without odds is left out", async () => {
    const games = await espn.schedule(2026, BEFORE);
    const odds = await espn.odds(games, BEFORE);
    expect(odds.map((o) => o.providerId)).toEqual(["espn-401800001", "espn-401800002", "espn-401800011"]);
    expect(odds[0]).toEqual({
      providerId: "espn-401800001",
      odds: [
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
            { name: "Over", price: -110, point: 47.5 },
            { name: "Under", price: -110, point: 47.5 },
          ],
        },
        {
          marketType: "h2h",
          outcomes: [
            { name: "Dallas Cowboys", price: 150 },
            { name: "Philadelphia Eagles", price: -175 },
          ],
        },
      ],
      props: [],
    });
    // "KC -2.5" with Kansas City away: Buffalo (home) gets +2.5.
    expect(odds[1]!.odds).toEqual([
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
  });
});

describe("ESPN consensus lines in every layout ESPN has used", () => {
  const SUNDAY_EVE = new Date("2026-09-26T12:00:00Z");
  const oddsOf = async (id: string) => {
    feeds.espnWeeks.set(3, "scoreboard-2026-w3-odds-layouts");
    const games = await espn.schedule(2026, SUNDAY_EVE);
    return (await espn.odds(games, SUNDAY_EVE)).find((o) => o.providerId === `espn-${id}`)?.odds;
  };

  test("2025 (ESPN BET): flat prices where given, the totals' prices from the close block", async () => {
    expect(await oddsOf("401800021")).toEqual([
      {
        marketType: "spreads",
        outcomes: [
          { name: "New York Jets", price: -108, point: 2.5 },
          { name: "Miami Dolphins", price: -112, point: -2.5 },
        ],
      },
      {
        marketType: "totals",
        outcomes: [
          { name: "Over", price: -105, point: 44.5 },
          { name: "Under", price: -115, point: 44.5 },
        ],
      },
      {
        marketType: "h2h",
        outcomes: [
          { name: "New York Jets", price: 120 },
          { name: "Miami Dolphins", price: -142 },
        ],
      },
    ]);
  });

  test("the older layout has a line but no price: the standard -110 is marked as assumed, and there is no moneyline", async () => {
    expect(await oddsOf("401800022")).toEqual([
      {
        marketType: "spreads",
        outcomes: [
          { name: "Las Vegas Raiders", price: -110, point: 2.5, assumed: true },
          { name: "Denver Broncos", price: -110, point: -2.5, assumed: true },
        ],
      },
      {
        marketType: "totals",
        outcomes: [
          { name: "Over", price: -110, point: 41.5, assumed: true },
          { name: "Under", price: -110, point: 41.5, assumed: true },
        ],
      },
    ]);
  });

  test("since December 2025 figures may be objects: American odds are read from them, decimal values never taken for American", async () => {
    expect(await oddsOf("401800023")).toEqual([
      {
        marketType: "spreads",
        outcomes: [
          { name: "Chicago Bears", price: -105, point: 6.5 },
          { name: "Green Bay Packers", price: -115, point: -6.5 },
        ],
      },
      {
        marketType: "totals",
        outcomes: [
          { name: "Over", price: -108, point: 43.5 },
          { name: "Under", price: -112, point: 43.5 },
        ],
      },
      {
        marketType: "h2h",
        outcomes: [
          { name: "Chicago Bears", price: 260 },
          { name: "Green Bay Packers", price: -325 },
        ],
      },
    ]);
  });

  test("what cannot be read is left out, never the game: a garbled entry gives nothing, the next entry's moneyline is kept", async () => {
    feeds.espnWeeks.set(3, "scoreboard-2026-w3-odds-layouts");
    const games = await espn.schedule(2026, SUNDAY_EVE);
    expect(games.filter((g) => g.week === 3).map((g) => g.providerId)).toEqual([
      "espn-401800021",
      "espn-401800022",
      "espn-401800023",
      "espn-401800024",
    ]);
    expect(await oddsOf("401800024")).toEqual([
      {
        marketType: "h2h",
        outcomes: [
          { name: "Tampa Bay Buccaneers", price: 125 },
          { name: "Atlanta Falcons", price: -148 },
        ],
      },
    ]);
  });
});

describe("ESPN answering another season", () => {
  test("weeks answered with another season's events are a fault, kept while ESPN answers so and cleared once it is right", async () => {
    for (let week = 1; week <= 18; week += 1) feeds.espnWeeks.set(week, "scoreboard-2025-w12-other-season");
    expect(await espn.schedule(2026, BEFORE)).toEqual([]);
    const fault =
      "ESPN answered 2026 weeks 1–18 with events of 2025 regular season week 12, not of the 2026 regular season: they are not shown";
    expect(espn.diagnostics()).toMatchObject({ problems: [], faults: [fault] });
    // Read from the cache a minute later: still wrong, still said.
    await espn.schedule(2026, new Date(BEFORE.getTime() + 60_000));
    expect(espn.diagnostics().faults).toEqual([fault]);

    feeds.espnWeeks.clear();
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-pre");
    // Such weeks are asked again every ten minutes, not every six hours.
    expect(await espn.schedule(2026, new Date(BEFORE.getTime() + 11 * 60_000))).toHaveLength(3);
    expect(espn.diagnostics().faults).toEqual([]);
  });

  test("a season with no games at all is a fault too; one stray event of another season is only skipped", async () => {
    feeds.espnWeeks.clear();
    await espn.schedule(2026, BEFORE);
    expect(espn.diagnostics().faults).toEqual(["ESPN lists no games of the 2026 regular season"]);
    feeds.espnWeeks.set(2, "scoreboard-2026-w2");
    await espn.schedule(2026, new Date(BEFORE.getTime() + 7 * 3600_000));
    expect(espn.diagnostics().faults).toEqual([]);
  });
});

describe("ESPN results", () => {
  test("a final completes on its score at once, without waiting for a box score; live and scheduled games give nothing", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    const sunday = new Date("2026-09-13T21:00:00Z");
    const games = await espn.schedule(2026, sunday);
    const results = await espn.results(games, sunday);
    // DAL@PHI, and KC@BUF's 27–27 tie after overtime, whose summary ESPN does not serve at all.
    expect(results).toEqual([
      { providerId: "espn-401800001", homeScore: 24, awayScore: 20, playerStats: [], statsUnknown: true },
      { providerId: "espn-401800002", homeScore: 27, awayScore: 27, playerStats: [], statsUnknown: true },
    ]);
    expect(feeds.count(SUMMARY)).toBe(0);
    // ESPN's state says which games are under way or over: their kick-off is never reopened (followedKickoff).
    expect(games.filter((g) => g.week === 1 && g.started).map((g) => g.providerId)).toEqual([
      "espn-401800001",
      "espn-401800002",
      "espn-401800003",
    ]);
  });

  test("postponed games and finals with a garbled score never complete", async () => {
    const monday = new Date("2026-09-22T12:00:00Z");
    const games = await espn.schedule(2026, monday);
    const results = await espn.results(games, monday);
    expect(results.map((r) => r.providerId)).not.toContain("espn-401800012");
    expect(results.map((r) => r.providerId)).not.toContain("espn-401800015");
  });
});

describe("ESPN live scores", () => {
  test("games under way give their running score and clock; finals, scheduled and postponed games give none", async () => {
    const sunday = new Date("2026-09-13T18:30:00Z");
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-live");
    let games = await espn.schedule(2026, sunday);
    expect(await espn.liveScores(games)).toEqual([
      { providerId: "espn-401800002", homeScore: 10, awayScore: 7, status: "Q2 - 4:12" },
    ]);
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-halftime");
    games = await espn.schedule(2026, new Date("2026-09-13T18:45:00Z"));
    expect(await espn.liveScores(games)).toEqual([
      { providerId: "espn-401800002", homeScore: 10, awayScore: 14, status: "Halftime" },
    ]);
    // The week ESPN calls final (with one game still in the third quarter) and a postponed week.
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    games = await espn.schedule(2026, new Date("2026-09-13T21:00:00Z"));
    expect((await espn.liveScores(games)).map((l) => [l.providerId, l.status])).toEqual([
      ["espn-401800003", "Q3 - 10:32"],
    ]);
  });

  test("ESPN's period and clock in the Games screen's words; what cannot be read gives no clock", () => {
    expect(liveStatusText("STATUS_IN_PROGRESS", 3, "4:12")).toBe("Q3 - 4:12");
    expect(liveStatusText("STATUS_IN_PROGRESS", 5, "7:40")).toBe("OT - 7:40");
    expect(liveStatusText("STATUS_HALFTIME", 2, "0:00")).toBe("Halftime");
    expect(liveStatusText("STATUS_END_PERIOD", 1, "0:00")).toBe("End of Q1");
    expect(liveStatusText("STATUS_END_PERIOD", 5, "0:00")).toBe("End of OT");
    expect(liveStatusText("STATUS_IN_PROGRESS", 2, "<b>9</b>")).toBe("Q2");
    expect(liveStatusText("STATUS_IN_PROGRESS", undefined, "4:12")).toBeNull();
    expect(liveStatusText("STATUS_IN_PROGRESS", 0, "15:00")).toBeNull();
  });
});

describe("ESPN player figures for props", () => {
  test("the box score's figures, found by key; a player listed plays, a garbled figure is left out", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    const games = await espn.schedule(2026, AFTER_THURSDAY);
    const { stats, more } = await espn.playerStats(
      games.filter((g) => g.providerId === "espn-401800001"),
      AFTER_THURSDAY,
    );
    expect(more).toBe(false);
    expect(feeds.requests.find((r) => r.path === SUMMARY)!.query).toEqual({ event: "401800001" });
    const dalPhi = stats[0]!;
    expect(dalPhi.providerId).toBe("espn-401800001");
    const stat = (player: string, propType: string) =>
      dalPhi.playerStats.find((s) => s.playerName === player && s.propType === propType)?.value;
    expect(stat("Dak Prescott", "passing_yards")).toBe(251);
    expect(stat("Dak Prescott", "passing_touchdowns")).toBe(2);
    // He played: no rushing line means 0, not "did not play".
    expect(stat("Dak Prescott", "rushing_yards")).toBe(0);
    expect(stat("Javonte Williams", "rushing_yards")).toBe(-3);
    expect(stat("Jalen Hurts", "rushing_yards")).toBe(34);
    expect(stat("Saquon Barkley", "receptions")).toBe(3);
    expect(stat("Jake Ferguson", "receptions")).toBe(5);
    // ESPN's "--" is not a figure: left out, never guessed.
    expect(stat("Jake Ferguson", "receiving_yards")).toBeUndefined();
    expect(stat("DeVonta Smith", "receiving_yards")).toBeUndefined();
  });

  test("one summary per call, newest game first; ESPN's finals only, never a game it has not finished", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    const sunday = new Date("2026-09-13T23:30:00Z");
    const games = await espn.schedule(2026, sunday);
    // SF@SEA is still in progress on ESPN (an admin may have resolved it early): never asked.
    const first = await espn.playerStats(games, sunday);
    expect(feeds.requests.filter((r) => r.path === SUMMARY).map((r) => r.query.event)).toEqual(["401800002"]);
    expect(first).toEqual({ stats: [], more: true });
    const second = await espn.playerStats(games, sunday);
    expect(feeds.requests.filter((r) => r.path === SUMMARY).map((r) => r.query.event)).toEqual([
      "401800002",
      "401800001",
    ]);
    expect(second.stats.map((s) => s.providerId)).toEqual(["espn-401800001"]);
    expect(second.more).toBe(false);
  });

  test("a box score not out yet is a notice, asked again after ten minutes, and given up after twelve hours of asking", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    feeds.summaries.set("401800001", "summary-no-boxscore");
    const games = (await espn.schedule(2026, AFTER_THURSDAY)).filter((g) => g.providerId === "espn-401800001");
    expect(await espn.playerStats(games, AFTER_THURSDAY)).toEqual({ stats: [], more: false });
    expect(espn.diagnostics()).toMatchObject({
      problems: [],
      notices: ["ESPN summary of event 401800001: no box score yet"],
    });
    await espn.playerStats(games, new Date(AFTER_THURSDAY.getTime() + SUMMARY_RETRY_MS - 1));
    expect(feeds.count(SUMMARY)).toBe(1);
    await espn.playerStats(games, new Date(AFTER_THURSDAY.getTime() + SUMMARY_RETRY_MS));
    expect(feeds.count(SUMMARY)).toBe(2);

    await espn.playerStats(games, new Date(AFTER_THURSDAY.getTime() + STATS_PATIENCE_MS));
    expect(feeds.count(SUMMARY)).toBe(3);
    expect(
      logs.lines().some((l) => String(l.skipped).includes("event 401800001: no box score after 12 hours of asking")),
    ).toBe(true);
    await espn.playerStats(games, new Date(AFTER_THURSDAY.getTime() + STATS_PATIENCE_MS + SUMMARY_RETRY_MS));
    expect(feeds.count(SUMMARY)).toBe(3);
  });

  test("a summary that fails or times out is a problem; the game is asked again later", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    feeds.failures.set(SUMMARY, "timeout");
    const games = (await espn.schedule(2026, AFTER_THURSDAY)).filter((g) => g.providerId === "espn-401800001");
    expect(await espn.playerStats(games, AFTER_THURSDAY)).toEqual({ stats: [], more: false });
    expect(espn.diagnostics().problems).toEqual(["ESPN summary of event 401800001: no answer within 200 ms"]);
    feeds.failures.clear();
    const later = await espn.playerStats(games, new Date(AFTER_THURSDAY.getTime() + SUMMARY_RETRY_MS));
    expect(later.stats.map((s) => s.providerId)).toEqual(["espn-401800001"]);
  });
});
