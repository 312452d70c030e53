import { describe, expect, test } from "bun:test";
import {
  averageClv,
  betTypeRows,
  clvCardText,
  dayLabel,
  periodOf,
  profitSeries,
  settledInPeriod,
  summaryOf,
  type AnalyticsBet,
} from "../../src/web/features/analytics/figures.ts";
import { boardInitials, emptyWeekText, rankedText } from "../../src/web/features/leaderboard/board-text.ts";
import { medalLabel } from "../../src/web/components/Medal.tsx";
import {
  dollarsText,
  percentText,
  profitText,
  signedPercentText,
  streakText,
  unitsText,
} from "../../src/web/lib/stats-format.ts";

const NOW = Date.parse("2026-10-12T12:00:00Z");
let id = 0;
function bet(
  status: AnalyticsBet["status"],
  wager: string,
  result: string | null,
  settledAt: string | null,
  betType = "spread",
  clv: number | null = null,
): AnalyticsBet {
  return { id: ++id, betType, status, wagerAmount: wager, result, settledAt, clv };
}

describe("the stats screens' wording", () => {
  test("money, rates, units and streaks", () => {
    expect(profitText(8182)).toBe("+$81.82");
    expect(profitText(-909)).toBe("-$9.09");
    expect(profitText(0)).toBe("+$0.00");
    expect(profitText(123456)).toBe("+$1,234.56");
    expect(dollarsText(16000)).toBe("$160.00");
    expect(dollarsText(0)).toBe("$0.00");
    expect(percentText(200 / 3)).toBe("66.7%");
    expect(percentText(0)).toBe("0.0%");
    expect(signedPercentText(90.909)).toBe("+90.9%");
    expect(signedPercentText(-4.545)).toBe("-4.5%");
    expect(signedPercentText(-0.04)).toBe("0.0%");
    expect(unitsText("3.64")).toBe("+3.64U");
    expect(unitsText("-0.09")).toBe("-0.09U");
    expect(unitsText("0.00")).toBe("0.00U");
    expect(streakText({ type: "win", count: 4 })).toBe("4W");
    expect(streakText({ type: "loss", count: 1 })).toBe("1L");
  });

  test("leaderboard: initials are the first two letters, medals for ranks 1 to 3, the spec's sentences", () => {
    expect(boardInitials("john_doe")).toBe("JO");
    expect(boardInitials("a")).toBe("A");
    expect(medalLabel(1)).toBe("Gold trophy, 1st place");
    expect(medalLabel(3)).toBe("Bronze medal, 3rd place");
    expect(medalLabel(4)).toBeNull();
    expect(emptyWeekText(5)).toBe(
      "No settled bets for Week 5 yet. Place your bets and check back after games complete!",
    );
    expect(rankedText(12)).toBe("You are currently ranked #12 on the leaderboard.");
  });
});

describe("analytics figures", () => {
  const bets: AnalyticsBet[] = [
    bet("pending", "100.00", null, null),
    bet("won", "300.00", "272.73", "2026-10-10T03:00:00Z"),
    bet("lost", "200.00", "-200.00", "2026-10-10T01:00:00Z", "total"),
    bet("push", "100.00", "0.00", "2026-09-20T01:00:00Z", "moneyline"),
    bet("won", "100.00", "86.96", "2026-08-01T01:00:00Z", "prop"),
  ];

  test("a period keeps the bets settled within it, in settlement order; pending bets never count", () => {
    expect(settledInPeriod(bets, periodOf("7D"), NOW).map((b) => b.result)).toEqual(["-200.00", "272.73"]);
    expect(settledInPeriod(bets, periodOf("30D"), NOW).map((b) => b.result)).toEqual(["0.00", "-200.00", "272.73"]);
    expect(settledInPeriod(bets, periodOf("ALL"), NOW)).toHaveLength(4);
  });

  test("the summary reuses the server's rules: average stake, longest win streak", () => {
    const summary = summaryOf(settledInPeriod(bets, periodOf("ALL"), NOW));
    expect(summary).toMatchObject({
      totalBets: 4,
      totalProfitCents: 15969,
      averageBetCents: 17500,
      longestWinStreak: 1,
      wonBets: 2,
      pushedBets: 1,
    });
    expect(summaryOf([])).toMatchObject({ totalBets: 0, averageBetCents: 0, longestWinStreak: 0 });
  });

  test("bet types: four rows always, Parlays only once the player has one", () => {
    const settled = settledInPeriod(bets, periodOf("ALL"), NOW);
    const rows = betTypeRows(settled, bets);
    expect(rows.map((r) => r.label)).toEqual(["Spreads", "Totals (Over/Under)", "Moneylines", "Player Props"]);
    expect(rows[1]!.summary).toMatchObject({ totalBets: 1, totalProfitCents: -20000, roi: -100, winRate: 0 });
    const withParlay = [...bets, bet("pending", "100.00", null, null, "parlay")];
    expect(betTypeRows(settled, withParlay).at(-1)).toMatchObject({ label: "Parlays", summary: { totalBets: 0 } });
  });

  test("Avg CLV: the mean over the period's settled bets with a closing line; none says so", () => {
    const withClv: AnalyticsBet[] = [
      bet("pending", "100.00", null, null, "spread", 9.9), // pending: never counts
      bet("won", "100.00", "90.91", "2026-10-10T03:00:00Z", "spread", 1.1),
      bet("lost", "100.00", "-100.00", "2026-10-09T03:00:00Z", "total", -4.5),
      bet("push", "100.00", "0.00", "2026-10-08T03:00:00Z", "moneyline", null), // no closing line
      bet("won", "100.00", "86.96", "2026-10-07T03:00:00Z", "prop", 5.2),
      bet("lost", "100.00", "-100.00", "2026-08-01T03:00:00Z", "spread", -21), // outside 30D
    ];
    const month = averageClv(settledInPeriod(withClv, periodOf("30D"), NOW));
    expect(month.count).toBe(3);
    expect(month.average).toBeCloseTo((1.1 - 4.5 + 5.2) / 3, 10);
    expect(clvCardText(month)).toEqual({ value: "+0.6%", note: "over 3 bets with a closing line" });
    const all = averageClv(settledInPeriod(withClv, periodOf("ALL"), NOW));
    expect(clvCardText(all)).toEqual({ value: "-4.8%", note: "over 4 bets with a closing line" });
    expect(clvCardText(averageClv(settledInPeriod(withClv.slice(1, 2), periodOf("ALL"), NOW)))).toEqual({
      value: "+1.1%",
      note: "over 1 bet with a closing line",
    });
    expect(averageClv(settledInPeriod(withClv.slice(3, 4), periodOf("ALL"), NOW))).toEqual({ average: null, count: 0 });
    expect(clvCardText({ average: null, count: 0 })).toEqual({ value: "—", note: "No closing lines yet" });
  });

  test("the profit line: cumulative by day from $0 the day before, and labelled by short month and day", () => {
    // Days are the machine's local ones, so the times are built in local time.
    const local = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h).toISOString();
    const series = profitSeries([
      { ...bet("won", "100.00", "90.91", local(2026, 10, 1, 20)), status: "won", settledAt: local(2026, 10, 1, 20) },
      {
        ...bet("lost", "100.00", "-100.00", local(2026, 10, 1, 22)),
        status: "lost",
        settledAt: local(2026, 10, 1, 22),
      },
      { ...bet("won", "200.00", "181.82", local(2026, 10, 4, 9)), status: "won", settledAt: local(2026, 10, 4, 9) },
    ]);
    expect(series).toEqual([
      { day: "2026-09-30", profitCents: 0 },
      { day: "2026-10-01", profitCents: -909 },
      { day: "2026-10-04", profitCents: 17273 },
    ]);
    expect(profitSeries([])).toEqual([]);
    expect(dayLabel("2026-10-12")).toMatch(/Oct 12|12 Oct/);
  });
});
