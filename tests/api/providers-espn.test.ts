import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { EspnProvider, STATS_PATIENCE_MS } from "../../src/modules/games/providers/espn/index.ts";
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
    expect(games.map((g) => g.providerId)).toEqual(["espn-401800001", "espn-401800002", "espn-401800003", "espn-401800011", "espn-401800012", "espn-401800015"]);
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
    expect(games.find((g) => g.providerId === "espn-401800002")).toMatchObject({ homeAbbr: "BUF", awayAbbr: "KC", homeTeam: "Buffalo Bills" });
  });

  test("skips events it cannot use — unknown team, a side missing, another season — and logs each reason once", async () => {
    await espn.schedule(2026, BEFORE);
    const skipped = logs.lines().filter((l) => l.msg === "odds provider record skipped").map((l) => String(l.skipped));
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
    expect(espn.diagnostics().problems).toEqual(["ESPN scoreboard 2026 week 1: HTTP 500", "ESPN scoreboard 2026 week 2: HTTP 500"]);

    feeds.failures.clear();
    expect(await espn.schedule(2026, BEFORE)).toHaveLength(6);
    expect(espn.diagnostics().problems).toEqual([]);
    feeds.failures.set(SCOREBOARD, "badjson");
    // A day on, weeks 1 and 2 are due again; both fail, so the six games read before are kept.
    expect(await espn.schedule(2026, EVE)).toHaveLength(6);
    expect(espn.diagnostics().problems).toEqual(["ESPN scoreboard 2026 week 1: the answer is not JSON", "ESPN scoreboard 2026 week 2: the answer is not JSON"]);
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
        { marketType: "spreads", outcomes: [{ name: "Dallas Cowboys", price: -105, point: 3.5 }, { name: "Philadelphia Eagles", price: -115, point: -3.5 }] },
        { marketType: "totals", outcomes: [{ name: "Over", price: -110, point: 47.5 }, { name: "Under", price: -110, point: 47.5 }] },
        { marketType: "h2h", outcomes: [{ name: "Dallas Cowboys", price: 150 }, { name: "Philadelphia Eagles", price: -175 }] },
      ],
      props: [],
    });
    // "KC -2.5" with Kansas City away: Buffalo (home) gets +2.5.
    expect(odds[1]!.odds).toEqual([
      { marketType: "spreads", outcomes: [{ name: "Kansas City Chiefs", price: -108, point: -2.5 }, { name: "Buffalo Bills", price: -112, point: 2.5 }] },
      { marketType: "totals", outcomes: [{ name: "Over", price: -105, point: 49.5 }, { name: "Under", price: -115, point: 49.5 }] },
      { marketType: "h2h", outcomes: [{ name: "Kansas City Chiefs", price: -142 }, { name: "Buffalo Bills", price: 120 }] },
    ]);
  });
});

describe("ESPN results", () => {
  test("a final game gives its score and the box score's figures; live and scheduled games give nothing", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    const games = await espn.schedule(2026, AFTER_THURSDAY);
    const results = await espn.results(games, AFTER_THURSDAY);
    expect(results.map((r) => r.providerId)).toEqual(["espn-401800001"]);
    const [dalPhi] = results;
    expect(dalPhi).toMatchObject({ homeScore: 24, awayScore: 20 });
    expect(dalPhi!.statsUnknown).toBeUndefined();
    expect(feeds.requests.find((r) => r.path === SUMMARY)!.query).toEqual({ event: "401800001" });
    const stat = (player: string, propType: string) => dalPhi!.playerStats.find((s) => s.playerName === player && s.propType === propType)?.value;
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

  test("a tie after overtime is a final; without a box score it waits, then completes with stats unknown", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    const sunday = new Date("2026-09-13T21:00:00Z");
    const games = await espn.schedule(2026, sunday);
    expect((await espn.results(games, sunday)).map((r) => r.providerId)).toEqual(["espn-401800001"]);
    expect(espn.diagnostics().problems).toEqual(["ESPN summary of event 401800002: HTTP 404"]);
    const later = new Date(Date.parse("2026-09-13T17:00:00Z") + STATS_PATIENCE_MS);
    const tie = (await espn.results(games, later)).find((r) => r.providerId === "espn-401800002");
    expect(tie).toEqual({ providerId: "espn-401800002", homeScore: 27, awayScore: 27, playerStats: [], statsUnknown: true });
  });

  test("postponed games and finals with a garbled score never complete", async () => {
    const monday = new Date("2026-09-22T12:00:00Z");
    const games = await espn.schedule(2026, monday);
    const results = await espn.results(games, monday);
    expect(results.map((r) => r.providerId)).not.toContain("espn-401800012");
    expect(results.map((r) => r.providerId)).not.toContain("espn-401800015");
  });

  test("an empty box score is not a game with no players: the game waits, shown as a notice rather than a failure", async () => {
    feeds.espnWeeks.set(1, "scoreboard-2026-w1-final");
    feeds.summaries.set("401800001", "summary-no-boxscore");
    const games = await espn.schedule(2026, AFTER_THURSDAY);
    expect(await espn.results(games, AFTER_THURSDAY)).toEqual([]);
    expect(espn.diagnostics()).toEqual({ problems: ["ESPN summary of event 401800002: HTTP 404"], notices: ["ESPN summary of event 401800001: no box score yet"] });
  });
});
