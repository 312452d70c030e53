import { describe, expect, test } from "bun:test";
import { DEFAULT_SCORING, type ScoringSettings, scoringProblem } from "../../src/shared/league-scoring.ts";
import {
  type MemberWeek,
  reachedAt,
  seasonStandings,
  weeklyStandings,
} from "../../src/modules/leagues/scoring-rules.ts";

/** A member's week: `n` settled bets of 100 cents each, by default all pushes (nothing won, nothing lost). */
function wk(userId: number, week: number, f: Partial<MemberWeek> = {}): MemberWeek {
  return {
    userId,
    season: 2026,
    week,
    settled: 1,
    won: 0,
    lost: 0,
    wageredCents: 100,
    profitCents: 0,
    clvSum: 0,
    clvCount: 0,
    lastWinAt: null,
    lastMoveAt: null,
    lastSettledAt: null,
    ...f,
  };
}

const settings = (s: Partial<ScoringSettings>): ScoringSettings => ({ ...DEFAULT_SCORING, ...s });
const order = (rows: { userId: number; rank: number | null }[]) => rows.map((r) => [r.userId, r.rank]);

describe("scoring", () => {
  const weeks = [
    // 1: +3 units on 10 bets (4 won); 2: +2 on 2 bets (2 won); 3: +1 on 6 bets (5 won)
    wk(1, 1, { settled: 10, won: 4, lost: 6, wageredCents: 1000, profitCents: 300 }),
    wk(2, 1, { settled: 2, won: 2, wageredCents: 100, profitCents: 200 }),
    wk(3, 1, { settled: 6, won: 5, lost: 1, wageredCents: 600, profitCents: 100 }),
  ];

  test("units (the default) ranks by profit", () => {
    expect(order(weeklyStandings(DEFAULT_SCORING, [1, 2, 3], weeks))).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  test("ROI ranks by profit over stake; members below the minimum of bets are unranked, saying why", () => {
    const rows = weeklyStandings(settings({ scoring: "roi", roiMinBets: 3 }), [1, 2, 3], weeks);
    expect(order(rows)).toEqual([
      [1, 1], // 30 %
      [3, 2], // 16.7 %
      [2, null], // 200 % on 2 bets
    ]);
    expect(rows[2]!.unranked).toBe("Fewer than 3 settled bets for ROI");
    const anyone = weeklyStandings(settings({ scoring: "roi", roiMinBets: 0 }), [1, 2, 3], weeks);
    expect(order(anyone)).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
    ]);
  });

  test("wins ranks by bets won", () => {
    expect(order(weeklyStandings(settings({ scoring: "wins" }), [1, 2, 3], weeks))).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });
});

describe("tiebreakers, each with a hand-made tie on the score", () => {
  // Both +1 unit. 1: 4 bets, 2 won, ROI 25 %, reached at 12:00, CLV +1 %; 2: 2 bets, 1 won, ROI 50 %,
  // reached at 11:00, CLV +3 %.
  const tie = [
    wk(1, 1, {
      settled: 4,
      won: 2,
      lost: 2,
      wageredCents: 400,
      profitCents: 100,
      lastMoveAt: "2026-09-13T12:00:00.000Z",
      clvSum: 2,
      clvCount: 2,
    }),
    wk(2, 1, {
      settled: 2,
      won: 1,
      lost: 1,
      wageredCents: 200,
      profitCents: 100,
      lastMoveAt: "2026-09-13T11:00:00.000Z",
      clvSum: 3,
      clvCount: 1,
    }),
  ];
  const by = (tiebreakers: ScoringSettings["tiebreakers"]) => weeklyStandings(settings({ tiebreakers }), [1, 2], tie);

  test("ROI: the higher ROI first, and the row says what decided it", () => {
    const rows = by(["roi"]);
    expect(order(rows)).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(rows.map((r) => r.tiebreak)).toEqual([null, "roi"]);
  });

  test("win rate: equal (50 %) does not separate, so the next tiebreaker decides", () => {
    const rows = by(["winRate", "moreBets"]);
    expect(order(rows)).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(rows[1]!.tiebreak).toBe("moreBets");
  });

  test("win rate separates when it differs", () => {
    const rows = weeklyStandings(
      settings({ tiebreakers: ["winRate"] }),
      [1, 2],
      [
        wk(1, 1, { settled: 3, won: 1, lost: 1, profitCents: 0 }),
        wk(2, 1, { settled: 2, won: 1, lost: 1, profitCents: 0 }),
      ],
    );
    expect(order(rows)).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  test("fewer bets and more bets", () => {
    expect(order(by(["fewerBets"]))).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(order(by(["moreBets"]))).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  test("earliest to reach the total; never moving counts as earliest of all", () => {
    expect(order(by(["earliest"]))).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const rows = weeklyStandings(
      settings({ tiebreakers: ["earliest"] }),
      [1, 2],
      [wk(1, 1, { lastMoveAt: "2026-09-13T11:00:00.000Z", lastSettledAt: "2026-09-13T11:00:00.000Z" }), wk(2, 1)],
    );
    expect(order(rows)).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  test("closing-line value: the higher average CLV first; no closing line goes last", () => {
    expect(order(by(["clv"]))).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const rows = weeklyStandings(
      settings({ tiebreakers: ["clv"] }),
      [1, 2],
      [wk(1, 1), wk(2, 1, { clvSum: -5, clvCount: 1 })],
    );
    expect(order(rows)).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  test("the commissioner's order decides: the first tiebreaker that separates wins", () => {
    expect(order(by(["moreBets", "roi"]))).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(order(by(["roi", "moreBets"]))).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  test("members tied on every tiebreaker share a rank and keep the member order (not alphabetical)", () => {
    const rows = weeklyStandings(
      settings({ tiebreakers: ["roi", "winRate"] }),
      [3, 1, 2],
      [wk(3, 1), wk(1, 1), wk(2, 1)],
    );
    expect(order(rows)).toEqual([
      [3, 1],
      [1, 1],
      [2, 1],
    ]);
    expect(rows.map((r) => r.tiebreak)).toEqual([null, null, null]);
  });

  test("no tiebreakers: equal scores share the rank", () => {
    expect(order(by([]))).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  test("the default settings rank as the site's rule did: units, ROI, more bets", () => {
    const rows = weeklyStandings(
      DEFAULT_SCORING,
      [1, 2, 3],
      [
        wk(1, 1, { settled: 2, wageredCents: 200, profitCents: 100 }),
        wk(2, 1, { settled: 4, wageredCents: 400, profitCents: 200 }),
        wk(3, 1, { settled: 1, wageredCents: 100, profitCents: 100 }),
      ],
    );
    expect(order(rows)).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
  });
});

describe("reached at: the settlement that brought the member to their final figure", () => {
  const f = {
    ...wk(1, 1),
    lastWinAt: "2026-09-13T10:00:00.000Z",
    lastMoveAt: "2026-09-13T11:00:00.000Z",
    lastSettledAt: "2026-09-13T12:00:00.000Z",
  };
  test("units move on a win or loss, wins on a win, ROI on any settlement", () => {
    expect(reachedAt("units", f)).toBe("2026-09-13T11:00:00.000Z");
    expect(reachedAt("wins", f)).toBe("2026-09-13T10:00:00.000Z");
    expect(reachedAt("roi", f)).toBe("2026-09-13T12:00:00.000Z");
  });
});

describe("minimum bets per week", () => {
  const weeks = [wk(1, 1, { settled: 1, profitCents: 500 }), wk(2, 1, { settled: 3, profitCents: 100 })];

  test("a member below it is listed unranked for that week, saying why", () => {
    const rows = weeklyStandings(settings({ minBetsPerWeek: 2 }), [1, 2, 3], weeks);
    expect(order(rows)).toEqual([
      [2, 1],
      [1, null],
      [3, null],
    ]);
    expect(rows[1]!.unranked).toBe("Fewer than 2 settled bets this week");
  });

  test("the week still counts toward the season", () => {
    expect(order(seasonStandings(settings({ minBetsPerWeek: 2 }), [1, 2], weeks))).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});

describe("drop worst N weeks (season standings only)", () => {
  // 1: weeks +5, -4, +1 (sum +2); 2: +3 in week 1 only (sum +3).
  const weeks = [
    wk(1, 1, { profitCents: 500, lastMoveAt: "2026-09-08T00:00:00.000Z" }),
    wk(1, 2, { profitCents: -400, lastMoveAt: "2026-09-15T00:00:00.000Z" }),
    wk(1, 3, { profitCents: 100, lastMoveAt: "2026-09-22T00:00:00.000Z" }),
    wk(2, 1, { profitCents: 300 }),
  ];

  test("without dropping, the season adds every week", () => {
    const rows = seasonStandings(DEFAULT_SCORING, [1, 2], weeks);
    expect(order(rows)).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(rows[1]!.profitCents).toBe(200);
  });

  test("each member's worst week is left out, a week not bet counting as zero", () => {
    const rows = seasonStandings(settings({ dropWorstWeeks: 1 }), [1, 2], weeks);
    expect(order(rows)).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(rows[0]).toMatchObject({ profitCents: 600, droppedWeeks: ["2026-2"] });
    // Member 2 drops a week they did not bet (zero), never their winning one.
    expect(rows[1]).toMatchObject({ profitCents: 300, droppedWeeks: ["2026-2"] });
  });

  test("dropping two: of equally bad weeks the earliest goes, and the reach time follows the kept weeks", () => {
    const rows = seasonStandings(settings({ dropWorstWeeks: 2 }), [1, 2], weeks);
    expect(rows.find((r) => r.userId === 1)).toMatchObject({
      profitCents: 500,
      droppedWeeks: ["2026-2", "2026-3"],
      lastMoveAt: "2026-09-08T00:00:00.000Z",
    });
    expect(rows.find((r) => r.userId === 2)!.droppedWeeks).toEqual(["2026-2", "2026-3"]);
  });

  test("with wins scoring, the worst week has the fewest wins, then the most losses", () => {
    const rows = seasonStandings(
      settings({ scoring: "wins", dropWorstWeeks: 1 }),
      [1],
      [wk(1, 1, { won: 1, lost: 3 }), wk(1, 2, { won: 1, lost: 0 }), wk(1, 3, { won: 2 })],
    );
    expect(rows[0]).toMatchObject({ won: 3, droppedWeeks: ["2026-1"] });
  });

  test("nothing is dropped until the league has played more weeks than it drops", () => {
    const rows = seasonStandings(settings({ dropWorstWeeks: 3 }), [1, 2], weeks);
    expect(rows.find((r) => r.userId === 1)).toMatchObject({ droppedWeeks: [] });
    const single = seasonStandings(settings({ dropWorstWeeks: 1 }), [1], [wk(1, 4, { profitCents: -100 })]);
    expect(single[0]).toMatchObject({ profitCents: -100, droppedWeeks: [] });
    const two = seasonStandings(settings({ dropWorstWeeks: 2 }), [1, 2], weeks);
    expect(two.find((r) => r.userId === 1)!.droppedWeeks).toHaveLength(2); // three weeks played: two dropped
  });

  test("ROI's minimum applies to the season's kept bets", () => {
    const rows = seasonStandings(settings({ scoring: "roi", roiMinBets: 3, dropWorstWeeks: 1 }), [1, 2], weeks);
    expect(order(rows)).toEqual([
      [1, null],
      [2, null],
    ]);
  });
});

describe("scoringProblem", () => {
  test("the defaults are fine", () => expect(scoringProblem(DEFAULT_SCORING)).toBeNull());
  test("a tiebreaker twice", () =>
    expect(scoringProblem(settings({ tiebreakers: ["roi", "roi"] }))?.field).toBe("scoring.tiebreakers"));
  test("fewer and more bets together", () =>
    expect(scoringProblem(settings({ tiebreakers: ["fewerBets", "moreBets"] }))?.field).toBe("scoring.tiebreakers"));
  test("numbers out of range", () => {
    expect(scoringProblem(settings({ dropWorstWeeks: 18 }))?.field).toBe("scoring.dropWorstWeeks");
    expect(scoringProblem(settings({ minBetsPerWeek: -1 }))?.field).toBe("scoring.minBetsPerWeek");
    expect(scoringProblem(settings({ roiMinBets: 1.5 }))?.field).toBe("scoring.roiMinBets");
  });
});
