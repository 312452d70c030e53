import { describe, expect, test } from "bun:test";
import type { GameOdds, OddsMarket, ScheduledGame } from "../../src/modules/feeds/provider.ts";
import { EmbeddedProvider } from "../../src/modules/feeds/providers/embedded/index.ts";
import {
  impliedProbability,
  moneylines,
  probabilityToAmerican,
  snapSpread,
  snapTotal,
} from "../../src/modules/feeds/providers/embedded/lines.ts";
import { seasonStart } from "../../src/modules/games/rules.ts";

const DAY = 24 * 60 * 60 * 1000;
const provider = new EmbeddedProvider();

/** 00:00 UTC on the Thursday of a week, plus `days` and `hours`. */
function inWeek(season: number, week: number, days: number, hours = 0): Date {
  return new Date(seasonStart(season).getTime() + (7 * (week - 1) + days) * DAY + hours * 60 * 60 * 1000);
}

function market(odds: GameOdds, type: OddsMarket["marketType"]): OddsMarket {
  const found = odds.odds.find((m) => m.marketType === type);
  if (!found) throw new Error(`no ${type} market for ${odds.providerId}`);
  return found;
}

function outcome(m: OddsMarket, index: number) {
  const o = m.outcomes[index];
  if (!o) throw new Error(`no outcome ${index}`);
  return o;
}

const onHalfPointGrid = (x: number) => Number.isInteger(x * 2);

/** Every game of a season with its odds as of the Saturday of its own week. */
async function seasonOdds(season: number): Promise<{ game: ScheduledGame; odds: GameOdds }[]> {
  const games = await provider.schedule(season);
  const rows: { game: ScheduledGame; odds: GameOdds }[] = [];
  for (let week = 1; week <= 18; week++) {
    const weekGames = games.filter((g) => g.week === week);
    const odds = await provider.odds(weekGames, inWeek(season, week, 2, 15));
    expect(odds.map((o) => o.providerId)).toEqual(weekGames.map((g) => g.providerId));
    for (const [i, game] of weekGames.entries()) rows.push({ game, odds: odds[i] as GameOdds });
  }
  return rows;
}

describe("American odds helpers", () => {
  test("probabilityToAmerican: favourites negative, underdogs positive, never inside (−100, 100)", () => {
    expect(probabilityToAmerican(0.5238)).toBe(-110);
    expect(probabilityToAmerican(0.6)).toBe(-150);
    expect(probabilityToAmerican(0.4)).toBe(150);
    expect(probabilityToAmerican(0.5)).toBe(100);
    expect(probabilityToAmerican(0.499)).toBe(100);
    expect(impliedProbability(-110)).toBeCloseTo(0.5238, 4);
    expect(impliedProbability(150)).toBeCloseTo(0.4, 6);
  });

  test("a 3-point favourite is about −155/+130; pick'em is −110 both ways", () => {
    expect(moneylines(-3)).toEqual({ home: -155, away: 130 });
    expect(moneylines(0)).toEqual({ home: -110, away: -110 });
    expect(moneylines(7)).toEqual({ home: moneylines(-7).away, away: moneylines(-7).home });
  });

  test("posted lines are half points or key numbers", () => {
    expect(snapSpread(-3.1)).toBe(-3);
    expect(snapSpread(-4.1)).toBe(-4.5);
    expect(snapSpread(-5.9)).toBe(-5.5);
    expect(snapSpread(0.1)).toBe(0);
    expect(Object.is(snapSpread(-0.1), 0)).toBe(true);
    expect(snapTotal(44.1)).toBe(44);
    expect(snapTotal(45.1)).toBe(45.5);
    expect(snapTotal(38.9)).toBe(38.5);
  });
});

describe.each([2025, 2026])("odds for every game of %i", (season) => {
  let rows: { game: ScheduledGame; odds: GameOdds }[] = [];

  test("markets in order spreads, totals, h2h; outcomes away then home, Over then Under", async () => {
    rows = await seasonOdds(season);
    expect(rows).toHaveLength(272);
    for (const { game, odds } of rows) {
      expect(odds.odds.map((m) => m.marketType)).toEqual(["spreads", "totals", "h2h"]);
      expect(market(odds, "spreads").outcomes.map((o) => o.name)).toEqual([game.awayTeam, game.homeTeam]);
      expect(market(odds, "totals").outcomes.map((o) => o.name)).toEqual(["Over", "Under"]);
      expect(market(odds, "h2h").outcomes.map((o) => o.name)).toEqual([game.awayTeam, game.homeTeam]);
      for (const o of market(odds, "h2h").outcomes) expect(o.point).toBeUndefined();
    }
  });

  test("spreads: opposite points on the half-point grid, mostly .5, prices around −110 with a normal vig", () => {
    let halves = 0;
    let whole = 0;
    for (const { odds } of rows) {
      const spreads = market(odds, "spreads");
      const away = outcome(spreads, 0);
      const home = outcome(spreads, 1);
      expect(typeof away.point).toBe("number");
      expect(away.point).toBe(home.point === 0 ? 0 : -(home.point ?? NaN));
      expect(onHalfPointGrid(home.point ?? NaN)).toBe(true);
      expect(Math.abs(home.point ?? 99)).toBeLessThanOrEqual(20);
      if ((home.point ?? 0) % 1 !== 0) halves++;
      else whole++;
      for (const o of [away, home]) {
        expect(o.price === 100 || (o.price <= -100 && o.price >= -125)).toBe(true);
      }
      const overround = impliedProbability(away.price) + impliedProbability(home.price);
      expect(overround).toBeGreaterThan(1.03);
      expect(overround).toBeLessThan(1.06);
    }
    expect(halves).toBeGreaterThan(whole);
    expect(whole).toBeGreaterThan(0); // key numbers (3, 7, …) do occur
  });

  test("totals: one point on both sides, 37–54ish, prices around −110", () => {
    const points: number[] = [];
    for (const { odds } of rows) {
      const totals = market(odds, "totals");
      const over = outcome(totals, 0);
      const under = outcome(totals, 1);
      expect(over.point).toBe(under.point ?? NaN);
      const point = over.point ?? NaN;
      expect(onHalfPointGrid(point)).toBe(true);
      expect(point).toBeGreaterThanOrEqual(36);
      expect(point).toBeLessThanOrEqual(55);
      points.push(point);
      const overround = impliedProbability(over.price) + impliedProbability(under.price);
      expect(overround).toBeGreaterThan(1.03);
      expect(overround).toBeLessThan(1.06);
    }
    const mean = points.reduce((a, b) => a + b, 0) / points.length;
    expect(mean).toBeGreaterThan(41);
    expect(mean).toBeLessThan(47);
    expect(Math.max(...points) - Math.min(...points)).toBeGreaterThan(6); // they do vary
  });

  test("moneylines agree with the spread: same favourite, bigger spread → bigger price, pick'em near even", () => {
    const byFavourite: { spread: number; favourite: number; underdog: number }[] = [];
    for (const { odds } of rows) {
      const homePoint = outcome(market(odds, "spreads"), 1).point ?? NaN;
      const h2h = market(odds, "h2h");
      const away = impliedProbability(outcome(h2h, 0).price);
      const home = impliedProbability(outcome(h2h, 1).price);
      const overround = away + home;
      expect(overround).toBeGreaterThan(1.02);
      expect(overround).toBeLessThan(1.08);
      if (homePoint === 0) {
        expect(Math.abs(home - away)).toBeLessThan(0.03);
        continue;
      }
      const [favourite, underdog] = homePoint < 0 ? [home, away] : [away, home];
      expect(favourite).toBeGreaterThan(underdog);
      const favouritePrice = outcome(h2h, homePoint < 0 ? 1 : 0).price;
      if (Math.abs(homePoint) >= 2.5) {
        expect(favouritePrice).toBeLessThan(-100);
        expect(outcome(h2h, homePoint < 0 ? 0 : 1).price).toBeGreaterThan(100);
      }
      byFavourite.push({ spread: Math.abs(homePoint), favourite, underdog });
    }
    byFavourite.sort((a, b) => a.spread - b.spread);
    for (let i = 1; i < byFavourite.length; i++) {
      const prev = byFavourite[i - 1];
      const cur = byFavourite[i];
      if (!prev || !cur) continue;
      expect(cur.favourite).toBeGreaterThanOrEqual(prev.favourite);
      if (cur.spread > prev.spread + 2) expect(cur.favourite).toBeGreaterThan(prev.favourite);
    }
    // Spreads come in all sizes: close games and big favourites both exist.
    expect(byFavourite.some((r) => r.spread <= 2.5)).toBe(true);
    expect(byFavourite.some((r) => r.spread >= 7)).toBe(true);
  });

  test("home teams are favoured more often than not (home field is worth points)", () => {
    const homeFavoured = rows.filter(({ odds }) => (outcome(market(odds, "spreads"), 1).point ?? 0) < 0).length;
    expect(homeFavoured / rows.length).toBeGreaterThan(0.5);
    expect(homeFavoured / rows.length).toBeLessThan(0.75);
  });
});

describe("line drift", () => {
  test("lines move between Tuesday's opening and Sunday, never wildly (|Δspread| ≤ 2, |Δtotal| ≤ 2)", async () => {
    const games = await provider.schedule(2026);
    let movedSpreads = 0;
    let movedTotals = 0;
    let sundayGames = 0;
    for (let week = 1; week <= 18; week++) {
      const weekGames = games.filter((g) => g.week === week);
      const tuesday = await provider.odds(weekGames, inWeek(2026, week, -2, 12));
      const sunday = await provider.odds(weekGames, inWeek(2026, week, 3, 16)); // noon Eastern
      weekGames.forEach((_, i) => {
        const before = tuesday[i] as GameOdds;
        const after = sunday[i] as GameOdds;
        const spreadMove = Math.abs(
          (outcome(market(after, "spreads"), 1).point ?? 0) - (outcome(market(before, "spreads"), 1).point ?? 0),
        );
        const totalMove = Math.abs(
          (outcome(market(after, "totals"), 0).point ?? 0) - (outcome(market(before, "totals"), 0).point ?? 0),
        );
        expect(spreadMove).toBeLessThanOrEqual(2);
        expect(totalMove).toBeLessThanOrEqual(2);
        sundayGames++;
        if (spreadMove > 0) movedSpreads++;
        if (totalMove > 0) movedTotals++;
      });
    }
    expect(movedSpreads).toBeGreaterThan(sundayGames * 0.15);
    expect(movedSpreads).toBeLessThan(sundayGames * 0.9);
    expect(movedTotals).toBeGreaterThan(sundayGames * 0.15);
  });

  test("a game's line changes in half-day steps up to kick-off, then stays at the closing line", async () => {
    const games = (await provider.schedule(2026)).filter((g) => g.week === 6);
    const kickoffs = games.map((g) => Date.parse(g.commenceTime));
    for (const [i, game] of games.entries()) {
      const kickoff = kickoffs[i] ?? 0;
      const atKickoff = await provider.odds([game], new Date(kickoff));
      expect(await provider.odds([game], new Date(kickoff + 60 * 60 * 1000))).toEqual(atKickoff);
      expect(await provider.odds([game], new Date(kickoff + 30 * DAY))).toEqual(atKickoff);
    }
    // Within one half-day step nothing moves.
    const opening = inWeek(2026, 6, -2);
    expect(await provider.odds(games, new Date(opening.getTime() + 60 * 1000))).toEqual(
      await provider.odds(games, new Date(opening.getTime() + 11 * 60 * 60 * 1000)),
    );
    // Before the week opens, the line shown is the opening line.
    expect(await provider.odds(games, new Date("2026-09-05T00:00:00Z"))).toEqual(await provider.odds(games, opening));
    // Prices move too over the week: across a week's games some price changes between steps.
    const tuesday = await provider.odds(games, opening);
    const saturday = await provider.odds(games, inWeek(2026, 6, 2, 12));
    expect(saturday).not.toEqual(tuesday);
  });

  test("a game from someone else is ignored", async () => {
    const [game] = await provider.schedule(2026);
    if (!game) throw new Error("no game");
    const foreign = { ...game, providerId: "espn-401547353" };
    expect(await provider.odds([foreign, game], new Date("2026-09-01T00:00:00Z"))).toHaveLength(1);
    expect(
      await provider.odds([{ ...game, providerId: "emb-2026-w01-XXX-YYY" }], new Date("2026-09-01T00:00:00Z")),
    ).toEqual([]);
  });
});

describe("player props", () => {
  const RANGES: Record<string, [number, number]> = {
    passing_yards: [170, 310],
    passing_touchdowns: [0.5, 2.5],
    rushing_yards: [15, 125],
    receptions: [1.5, 9.5],
    receiving_yards: [15, 125], // a pass-catching back can sit in the 20s
  };

  test("3–6 props per game on the two teams' players, with sane lines and prices, stable keys", async () => {
    const games = await provider.schedule(2026);
    const odds = await provider.odds(games, new Date("2026-10-01T00:00:00Z"));
    const counts = new Set<number>();
    const types = new Set<string>();
    for (const [i, game] of games.entries()) {
      const { props } = odds[i] as GameOdds;
      expect(props.length).toBeGreaterThanOrEqual(3);
      expect(props.length).toBeLessThanOrEqual(6);
      counts.add(props.length);
      expect(new Set(props.map((p) => p.key)).size).toBe(props.length);
      for (const p of props) {
        expect([game.homeAbbr, game.awayAbbr]).toContain(p.team);
        expect(p.key).toBe(
          `${p.playerName
            .toLowerCase()
            .replace(/['.]/g, "")
            .replace(/[^a-z0-9]+/g, "-")}-${p.propType}`,
        );
        expect(p.key).toMatch(/^[a-z0-9-]+-[a-z_]+$/);
        const [min, max] = RANGES[p.propType] ?? [NaN, NaN];
        expect(p.line).toBeGreaterThanOrEqual(min);
        expect(p.line).toBeLessThanOrEqual(max);
        expect(p.line % 1).toBe(0.5);
        for (const price of [p.overOdds, p.underOdds]) {
          expect(price === 100 || price <= -100 || price > 100).toBe(true);
          expect(price).toBeGreaterThanOrEqual(-160);
          expect(price).toBeLessThanOrEqual(140);
        }
        const overround = impliedProbability(p.overOdds) + impliedProbability(p.underOdds);
        expect(overround).toBeGreaterThan(1.02);
        expect(overround).toBeLessThan(1.1);
        types.add(p.propType);
      }
    }
    expect([...counts].sort()).toEqual([3, 4, 5, 6]);
    expect([...types].sort()).toEqual([
      "passing_touchdowns",
      "passing_yards",
      "receiving_yards",
      "receptions",
      "rushing_yards",
    ]);
  });

  test("known stars show up for their teams", async () => {
    const games = await provider.schedule(2026);
    const odds = await provider.odds(games, new Date("2026-10-01T00:00:00Z"));
    const players = new Map(odds.flatMap((o) => o.props.map((p) => [p.playerName, p.team] as const)));
    expect(players.get("Jalen Hurts")).toBe("PHI");
    expect(players.get("Patrick Mahomes")).toBe("KC");
    expect(players.get("Ja'Marr Chase")).toBe("CIN");
    expect([...players.keys()].length).toBeGreaterThan(60);
  });

  test("props do not change during the week", async () => {
    const games = (await provider.schedule(2026)).filter((g) => g.week === 3);
    const early = await provider.odds(games, inWeek(2026, 3, -2));
    const late = await provider.odds(games, inWeek(2026, 3, 3, 16));
    expect(late.map((o) => o.props)).toEqual(early.map((o) => o.props));
  });
});
