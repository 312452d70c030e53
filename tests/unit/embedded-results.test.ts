import { describe, expect, test } from "bun:test";
import type { GameOdds, GameResult, ScheduledGame } from "../../src/modules/feeds/provider.ts";
import { EmbeddedProvider } from "../../src/modules/feeds/providers/embedded/index.ts";

const HOUR = 60 * 60 * 1000;
const provider = new EmbeddedProvider();
const SEASONS = [2025, 2026, 2027];

interface Row {
  game: ScheduledGame;
  closing: GameOdds;
  result: GameResult;
}

/** Every game of a season with its closing odds and its result, once the season is over. */
async function season(year: number): Promise<Row[]> {
  const games = await provider.schedule(year);
  const after = new Date(`${year + 1}-03-01T00:00:00Z`);
  const odds = await provider.odds(games, after);
  const results = await provider.results(games, after);
  expect(results.map((r) => r.providerId)).toEqual(games.map((g) => g.providerId));
  return games.map((game, i) => ({ game, closing: odds[i] as GameOdds, result: results[i] as GameResult }));
}

function homePoint(odds: GameOdds): number {
  return odds.odds.find((m) => m.marketType === "spreads")?.outcomes[1]?.point ?? NaN;
}
function totalPoint(odds: GameOdds): number {
  return odds.odds.find((m) => m.marketType === "totals")?.outcomes[0]?.point ?? NaN;
}

describe("results: only games that have finished", () => {
  test("a game has a result from kick-off + 3.5 h, not before", async () => {
    const games = (await provider.schedule(2026)).filter((g) => g.week === 4);
    for (const game of games) {
      const kickoff = Date.parse(game.commenceTime);
      expect(await provider.results([game], new Date(kickoff - HOUR))).toEqual([]);
      expect(await provider.results([game], new Date(kickoff + 3.5 * HOUR - 1))).toEqual([]);
      const [result] = await provider.results([game], new Date(kickoff + 3.5 * HOUR));
      expect(result?.providerId).toBe(game.providerId);
      // The same result however late it is asked for.
      expect(await provider.results([game], new Date(kickoff + 100 * 24 * HOUR))).toEqual([result as GameResult]);
    }
  });

  test("mid-season, exactly the games finished by then", async () => {
    const games = await provider.schedule(2026);
    const now = new Date("2026-11-15T21:00:00Z"); // a Sunday afternoon in week 11
    const results = await provider.results(games, now);
    const finished = games.filter((g) => Date.parse(g.commenceTime) + 3.5 * HOUR <= now.getTime());
    expect(results.map((r) => r.providerId)).toEqual(finished.map((g) => g.providerId));
    expect(finished.length).toBeGreaterThan(130);
    expect(finished.length).toBeLessThan(272);
    // Sunday's 1 pm games (kick-off 18:00 UTC) are still being played at 21:00 UTC.
    expect(
      results.some(
        (r) => games.find((g) => g.providerId === r.providerId)?.commenceTime === "2026-11-15T18:00:00.000Z",
      ),
    ).toBe(false);
  });

  test("nothing for a game that is not ours", async () => {
    const [game] = await provider.schedule(2026);
    if (!game) throw new Error("no game");
    expect(await provider.results([{ ...game, providerId: "odds-api-abc" }], new Date("2030-01-01T00:00:00Z"))).toEqual(
      [],
    );
  });
});

describe.each(SEASONS)("season %i's scores", (year) => {
  let rows: Row[] = [];

  test("football-like: no impossible scores, common scores common, few ties", async () => {
    rows = await season(year);
    const scores = rows.flatMap(({ result }) => [result.homeScore, result.awayScore]);
    for (const s of scores) {
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(70);
      expect(s).not.toBe(1);
    }
    // Scores built from 3s and 7s dominate.
    const usual = new Set([0, 3, 6, 7, 10, 13, 14, 16, 17, 20, 21, 23, 24, 27, 28, 30, 31, 34, 35, 38]);
    expect(scores.filter((s) => usual.has(s)).length / scores.length).toBeGreaterThan(0.6);
    const frequency = new Map<number, number>();
    for (const s of scores) frequency.set(s, (frequency.get(s) ?? 0) + 1);
    const top = [...frequency]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([s]) => s);
    expect(top.filter((s) => [13, 17, 20, 23, 24, 27, 10, 31, 14, 21].includes(s)).length).toBeGreaterThanOrEqual(4);
    const ties = rows.filter(({ result }) => result.homeScore === result.awayScore).length;
    expect(ties).toBeLessThanOrEqual(4);
    const shutouts = scores.filter((s) => s === 0).length;
    expect(shutouts).toBeLessThan(scores.length * 0.04);
  });

  test("consistent with the lines: favourites win 55–80%, totals average near the posted totals", () => {
    let favouriteWins = 0;
    let decided = 0;
    let totalPoints = 0;
    let postedTotals = 0;
    let homeMargin = 0;
    let favouredMargin = 0;
    for (const { closing, result } of rows) {
      const spread = homePoint(closing);
      totalPoints += result.homeScore + result.awayScore;
      postedTotals += totalPoint(closing);
      homeMargin += result.homeScore - result.awayScore;
      favouredMargin += -spread;
      if (spread === 0 || result.homeScore === result.awayScore) continue;
      decided++;
      if (spread < 0 === result.homeScore > result.awayScore) favouriteWins++;
    }
    const rate = favouriteWins / decided;
    expect(rate).toBeGreaterThan(0.55);
    expect(rate).toBeLessThan(0.8);
    expect(Math.abs(totalPoints - postedTotals) / rows.length).toBeLessThan(3);
    expect(Math.abs(homeMargin - favouredMargin) / rows.length).toBeLessThan(2.5);
  });

  test("scores vary like real games: margins spread about two touchdowns around the line", () => {
    const errors = rows.map(({ closing, result }) => result.homeScore - result.awayScore + homePoint(closing));
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    const sd = Math.sqrt(errors.reduce((a, b) => a + (b - mean) ** 2, 0) / errors.length);
    expect(sd).toBeGreaterThan(10);
    expect(sd).toBeLessThan(17);
    // Covers: about half the time each way.
    const homeCovers = errors.filter((e) => e > 0).length / errors.length;
    expect(homeCovers).toBeGreaterThan(0.38);
    expect(homeCovers).toBeLessThan(0.62);
  });

  test("player stats for every prop, except a few players who did not play", () => {
    let offered = 0;
    let missingPlayers = 0;
    let players = 0;
    const overs: Record<string, { over: number; all: number }> = {};
    for (const { closing, result } of rows) {
      const byPlayer = new Map<string, string[]>();
      for (const p of closing.props) byPlayer.set(p.playerName, [...(byPlayer.get(p.playerName) ?? []), p.propType]);
      for (const stat of result.playerStats) {
        expect(Number.isInteger(stat.value)).toBe(true);
        expect(byPlayer.get(stat.playerName)).toContain(stat.propType);
      }
      for (const [name, types] of byPlayer) {
        players++;
        const stats = result.playerStats.filter((s) => s.playerName === name);
        if (stats.length === 0) {
          missingPlayers++;
          continue;
        }
        // A player who played has a stat for each of his props.
        expect(stats.map((s) => s.propType).sort()).toEqual([...types].sort());
      }
      for (const p of closing.props) {
        offered++;
        const stat = result.playerStats.find((s) => s.playerName === p.playerName && s.propType === p.propType);
        if (!stat) continue;
        const bucket = (overs[p.propType] ??= { over: 0, all: 0 });
        bucket.all++;
        if (stat.value > p.line) bucket.over++;
        if (p.propType === "passing_yards") {
          expect(stat.value).toBeGreaterThanOrEqual(0);
          expect(stat.value).toBeLessThan(550);
        }
        if (p.propType === "receptions" || p.propType === "passing_touchdowns")
          expect(stat.value).toBeGreaterThanOrEqual(0);
      }
    }
    expect(offered).toBeGreaterThan(272 * 3);
    expect(missingPlayers).toBeGreaterThan(0);
    expect(missingPlayers / players).toBeLessThan(0.08);
    // Lines are fair-ish: each kind of prop goes over between about a third and two thirds of the time.
    for (const [type, { over, all }] of Object.entries(overs)) {
      expect(all, type).toBeGreaterThan(20);
      expect(over / all, type).toBeGreaterThan(0.3);
      expect(over / all, type).toBeLessThan(0.7);
    }
  });
});
