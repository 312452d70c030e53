import { describe, expect, test } from "bun:test";
import { mulberry32 } from "../../src/lib/random.ts";
import { Ranking, sortInSteps, STEP_ROWS, type RankRow } from "../../src/modules/stats/ranking.ts";
import { compareRankFigures as compareFigures } from "../../src/shared/stats.ts";

const row = (userId: number, profitCents: number, wageredCents: number, settled: number): RankRow => ({
  userId,
  profitCents,
  wageredCents,
  settled,
  won: 0,
  lost: 0,
  pushed: 0,
});

/** What SQL's rank() over (units, ROI, bets) gives, the slow way: 1 + players strictly ahead. */
function referenceRanks(rows: RankRow[]): Map<number, number> {
  return new Map(rows.map((r) => [r.userId, 1 + rows.filter((o) => compareFigures(o, r) < 0).length]));
}

function randomRows(random: () => number, n: number, firstId = 1): RankRow[] {
  // Few distinct figures, so ties are common.
  return Array.from({ length: n }, (_, i) =>
    row(
      firstId + i,
      Math.round((random() - 0.5) * 10) * 100,
      (1 + Math.floor(random() * 4)) * 100,
      1 + Math.floor(random() * 3),
    ),
  );
}

const noPause = () => {};

describe("ranking", () => {
  test("units, then ROI, then bets; ties share a rank and the next rank skips", async () => {
    const ranking = new Ranking(
      await sortInSteps(
        [row(1, 100, 100, 1), row(2, 100, 200, 2), row(3, 100, 100, 1), row(4, -50, 100, 1), row(5, 100, 100, 3)],
        noPause,
      ),
    );
    expect(ranking.top(10).map(({ row, rank }) => [row.userId, rank])).toEqual([
      [5, 1],
      [1, 2],
      [3, 2],
      [2, 4],
      [4, 5],
    ]);
    expect(ranking.rankOf(3)).toBe(2);
    expect(ranking.rankOf(99)).toBeNull();
    // The cut at 2 keeps everyone tied at it.
    expect(ranking.top(2).map(({ row }) => row.userId)).toEqual([5, 1, 3]);
  });

  test("sorting in steps gives the one true order, across many steps", async () => {
    const rows = randomRows(mulberry32(7), STEP_ROWS * 3 + 17);
    let pauses = 0;
    const sorted = await sortInSteps([...rows], () => void pauses++);
    expect(pauses).toBeGreaterThan(4);
    const reference = [...rows].sort((a, b) => compareFigures(a, b) || a.userId - b.userId);
    expect(sorted.map((r) => r.userId)).toEqual(reference.map((r) => r.userId));
  });

  test("applying changed players equals ranking everyone again", async () => {
    const random = mulberry32(42);
    let rows = randomRows(random, 500);
    const ranking = new Ranking(await sortInSteps([...rows], noPause));
    for (let round = 0; round < 20; round++) {
      const changed = randomRows(random, 30, 1 + Math.floor(random() * 480)).map((r) =>
        random() < 0.1 ? { ...r, settled: 0 } : r,
      );
      changed.push(...randomRows(random, 3, 1000 + round * 3)); // newcomers
      ranking.apply(changed);
      const byId = new Map(rows.map((r) => [r.userId, r]));
      for (const c of changed) byId.set(c.userId, c);
      rows = [...byId.values()].filter((r) => r.settled > 0);
      const expected = referenceRanks(rows);
      expect(ranking.size).toBe(rows.length);
      for (const { row, rank } of ranking.all()) expect(rank).toBe(expected.get(row.userId)!);
      for (const r of rows) expect(ranking.rankOf(r.userId)).toBe(expected.get(r.userId)!);
    }
  });

  test("a player whose settled bets fell to none leaves the board", async () => {
    const ranking = new Ranking(await sortInSteps([row(1, 100, 100, 1), row(2, 0, 100, 1)], noPause));
    ranking.apply([row(1, 0, 0, 0)]);
    expect(ranking.rankOf(1)).toBeNull();
    expect(ranking.rankOf(2)).toBe(1);
  });
});
