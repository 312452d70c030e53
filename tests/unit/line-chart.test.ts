import { describe, expect, test } from "bun:test";
import type { Bet } from "../../src/shared/contract/betting.ts";
import type { LineChange } from "../../src/shared/contract/games.ts";
import {
  betMarks,
  chartPoints,
  lineSummary,
  marketSeries,
  quoteText,
} from "../../src/web/features/games/line-chart.ts";

const GAME = { id: "g1", homeTeam: "Kansas City Chiefs", commenceTime: "2026-09-13T17:00:00Z" };
const TUESDAY = Date.parse("2026-09-08T00:00:00Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let nextId = 1;
function change(market: LineChange["market"], selection: string, point: number | null, price: number, hours: number) {
  return { id: nextId++, market, selection, point, price, at: iso(TUESDAY + hours * HOUR), source: "embedded" };
}

const CHANGES: LineChange[] = [
  change("spreads", "Buffalo Bills", 3, -110, 0),
  change("spreads", "Kansas City Chiefs", -3, -110, 0),
  change("totals", "Over", 45.5, -110, 0),
  change("totals", "Under", 45.5, -110, 0),
  change("h2h", "Kansas City Chiefs", null, -150, 0),
  change("spreads", "Kansas City Chiefs", -3.5, -110, 12),
  change("spreads", "Kansas City Chiefs", -4.5, -105, 36),
  change("totals", "Over", 44.5, -110, 24),
  change("h2h", "Kansas City Chiefs", null, -190, 36),
];

function bet(fields: Partial<Bet>): Bet {
  return {
    id: 1,
    userId: 1,
    gameId: "g1",
    betType: "spread",
    selection: "Kansas City Chiefs",
    propId: null,
    odds: "-110",
    point: "-3.5",
    units: "1",
    wagerAmount: "100.00",
    potentialWin: "90.91",
    confidence: "medium",
    note: null,
    leagueId: null,
    isParlay: false,
    status: "pending",
    result: null,
    season: 2026,
    week: 1,
    placedAt: iso(TUESDAY + 20 * HOUR),
    pricedAt: iso(TUESDAY + 12 * HOUR),
    settledAt: null,
    game: {
      awayTeam: "Buffalo Bills",
      homeTeam: "Kansas City Chiefs",
      awayAbbr: "BUF",
      homeAbbr: "KC",
      commenceTime: GAME.commenceTime,
      homeScore: null,
      awayScore: null,
    },
    prop: null,
    league: null,
    closingLine: null,
    clv: null,
    legs: null,
    ...fields,
  };
}

const NOW = TUESDAY + 48 * HOUR;

describe("the summary a screen reader gets", () => {
  test("opening, now, and the viewer's bet against now (the issue's own example)", () => {
    const series = marketSeries(CHANGES, "spreads", GAME, [bet({})], NOW)!;
    expect(lineSummary(series)).toBe(
      "Kansas City Chiefs spread: opened -3 -110, now -4.5 -105 after 2 moves; your bet -3.5 -110, 1 point better than now.",
    );
  });

  test("a total's Over is better lower, a bet worse than now says so; a parlay leg counts", () => {
    const parlay = bet({
      id: 7,
      isParlay: true,
      betType: "parlay",
      gameId: "g9",
      legs: [
        {
          gameId: "g1",
          betType: "total",
          selection: "Over",
          propId: null,
          odds: "-110",
          point: "44",
          status: "pending",
          game: bet({}).game,
          prop: null,
        },
      ],
    });
    const series = marketSeries(CHANGES, "totals", GAME, [parlay], NOW)!;
    expect(series.selection).toBe("Over");
    expect(lineSummary(series)).toBe(
      "Over total: opened 45.5 -110, now 44.5 -110 after 1 move; your parlay leg 44 -110, 0.5 points better than now.",
    );
    const worse = marketSeries(
      CHANGES,
      "totals",
      GAME,
      [bet({ betType: "total", selection: "Over", point: "46" })],
      NOW,
    )!;
    expect(lineSummary(worse)).toEndWith("your bet 46 -110, 1.5 points worse than now.");
  });

  test("a moneyline compares prices; after kick-off it is the close", () => {
    const ml = bet({ betType: "moneyline", point: null, odds: "-150" });
    const after = Date.parse(GAME.commenceTime) + HOUR;
    const series = marketSeries(CHANGES, "h2h", GAME, [ml], after)!;
    expect(series.closed).toBe(true);
    expect(series.endAt).toBe(Date.parse(GAME.commenceTime));
    expect(lineSummary(series)).toBe(
      "Kansas City Chiefs moneyline: opened -150, closed -190 after 1 move; your bet -150, a better price than the close.",
    );
  });

  test("a line that never moved, and a market never quoted", () => {
    const series = marketSeries(CHANGES, "spreads", GAME, [bet({ selection: "Buffalo Bills", point: "3" })], NOW)!;
    expect(series.selection).toBe("Buffalo Bills");
    expect(lineSummary(series)).toBe(
      "Buffalo Bills spread: opened +3 -110, no move since; your bet +3 -110, the same as now.",
    );
    expect(marketSeries([], "spreads", GAME, [], NOW)).toBeNull();
  });
});

describe("the series the chart draws", () => {
  test("whole seconds, increasing, held to now, with a point on the line where each bet was placed", () => {
    const series = marketSeries(CHANGES, "spreads", GAME, [bet({})], NOW)!;
    const s = (hours: number) => (TUESDAY + hours * HOUR) / 1000;
    expect(chartPoints(series)).toEqual([
      { time: s(0), value: -3 },
      { time: s(12), value: -3.5 },
      { time: s(20), value: -3.5 },
      { time: s(36), value: -4.5 },
      { time: s(48), value: -4.5 },
    ]);
  });

  test("moves within one second keep the last; a moneyline charts its price", () => {
    const twice = [
      change("h2h", "Kansas City Chiefs", null, -150, 0),
      change("h2h", "Kansas City Chiefs", null, -160, 0),
    ];
    const series = marketSeries(twice, "h2h", GAME, [], TUESDAY)!;
    expect(chartPoints(series)).toEqual([{ time: TUESDAY / 1000, value: -160 }]);
  });

  test("only this game's bets on this market are marked, oldest first; props and other games are not", () => {
    const marks = betMarks(
      [
        bet({ id: 3, placedAt: iso(TUESDAY + 30 * HOUR) }),
        bet({ id: 2 }),
        bet({ id: 4, gameId: "g2" }),
        bet({ id: 5, betType: "prop", propId: 1 }),
      ],
      "g1",
      "spreads",
    );
    expect(marks.map((m) => m.betId)).toEqual([2, 3]);
    expect(quoteText("spreads", { point: 0, price: 100 })).toBe("PK +100");
  });
});
