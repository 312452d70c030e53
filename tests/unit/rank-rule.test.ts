/**
 * The one ranking rule (shared/stats.ts `compareRankFigures`): leaderboards, league standings and
 * the weekly prize all order players by it, so they can never disagree on who is ahead.
 */
import { describe, expect, test } from "bun:test";
import { mulberry32 } from "../../src/lib/random.ts";
import { selectWinners } from "../../src/modules/contest/rules.ts";
import { Ranking, sortInSteps } from "../../src/modules/stats/ranking.ts";
import { compareRankFigures, type RankFigures } from "../../src/shared/stats.ts";

const f = (profitCents: number, wageredCents: number, settled: number): RankFigures => ({
  profitCents,
  wageredCents,
  settled,
});

describe("compareRankFigures (DESIGN: units won, then ROI, then bets)", () => {
  test("more units won ranks first, whatever the ROI or the bets", () => {
    expect(compareRankFigures(f(500, 100_000, 1), f(400, 100, 9))).toBeLessThan(0);
    expect(compareRankFigures(f(-100, 100, 1), f(0, 0, 0))).toBeGreaterThan(0);
  });

  test("equal units: the higher ROI first (profit over amount wagered)", () => {
    expect(compareRankFigures(f(1000, 10_000, 1), f(1000, 20_000, 9))).toBeLessThan(0);
    // Losses: losing the same on more wagered is the better ROI.
    expect(compareRankFigures(f(-1000, 40_000, 4), f(-1000, 10_000, 1))).toBeLessThan(0);
  });

  test("equal units and ROI: more settled bets first", () => {
    expect(compareRankFigures(f(1000, 10_000, 3), f(1000, 10_000, 2))).toBeLessThan(0);
  });

  test("0 only when every figure ties; the same ROI reached two ways ties", () => {
    expect(compareRankFigures(f(900, 30_000, 3), f(900, 30_000, 3))).toBe(0);
    expect(compareRankFigures(f(0, 10_000, 3), f(0, 0, 3))).toBe(0);
    expect(compareRankFigures(f(900, 30_000, 3), f(900, 30_000, 2))).not.toBe(0);
  });

  test("it is a consistent order: antisymmetric and transitive over random figures", () => {
    const random = mulberry32(17);
    const figures = Array.from({ length: 300 }, () =>
      f(Math.round((random() - 0.5) * 8) * 100, Math.floor(random() * 4) * 100, Math.floor(random() * 3)),
    );
    for (const a of figures.slice(0, 60))
      for (const b of figures.slice(0, 60))
        expect(Math.sign(compareRankFigures(a, b)) + Math.sign(compareRankFigures(b, a))).toBe(0);
    const sorted = [...figures].sort(compareRankFigures);
    for (let i = 1; i < sorted.length; i++)
      expect(compareRankFigures(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
  });

  test("the boards' ranking and the weekly prize's places follow it", async () => {
    const random = mulberry32(5);
    const players = Array.from({ length: 40 }, (_, i) => ({
      userId: i + 1,
      won: 0,
      lost: 0,
      pushed: 0,
      ...f(Math.round((random() - 0.5) * 6) * 100, (1 + Math.floor(random() * 3)) * 100, 1 + Math.floor(random() * 2)),
    }));
    const ranking = new Ranking(await sortInSteps(players, () => {}));
    const byRule = (p: RankFigures) => 1 + players.filter((o) => compareRankFigures(o, p) < 0).length;
    for (const { row, rank } of ranking.all()) expect(rank).toBe(byRule(row));
    // The prize places the board's order with the same ties.
    const inOrder = ranking.all().map(({ row }) => row);
    for (const { entry, place } of selectWinners(inOrder, 40)) expect(place).toBe(byRule(entry));
  });
});
