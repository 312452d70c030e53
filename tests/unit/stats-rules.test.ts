import { describe, expect, test } from "bun:test";
import {
  currentStreak,
  longestWinStreak,
  nextStreak,
  roiPercent,
  summarize,
  winRatePercent,
  type Outcome,
} from "../../src/shared/stats.ts";
import { requiredGamesForPrize } from "../../src/shared/contest.ts";

const bet = (status: "pending" | Outcome, units = 1, odds = -110) => {
  const wagerCents = units * 10000;
  const win = odds > 0 ? (wagerCents * odds) / 100 : (wagerCents * 100) / -odds;
  const resultCents =
    status === "won" ? Math.round(win) : status === "lost" ? -wagerCents : status === "push" ? 0 : null;
  return { status, wagerCents, resultCents };
};

describe("ROI and win rate", () => {
  test("ROI is profit over amount wagered, in percent", () => {
    expect(roiPercent(9091, 20000)).toBeCloseTo(45.455, 3);
    expect(roiPercent(-10000, 10000)).toBe(-100);
    expect(roiPercent(0, 0)).toBe(0);
  });
  test("win rate counts pushes as settled but not won", () => {
    expect(winRatePercent(1, 2)).toBe(50);
    expect(winRatePercent(1, 3)).toBeCloseTo(33.333, 3); // won, lost, push
    expect(winRatePercent(0, 0)).toBe(0);
  });
});

describe("streaks", () => {
  test("count back from the latest settled bet, pushes skipped", () => {
    expect(currentStreak(["won", "lost", "won", "won"])).toEqual({ type: "win", count: 2 });
    expect(currentStreak(["won", "won", "push", "won"])).toEqual({ type: "win", count: 3 });
    expect(currentStreak(["won", "lost", "push", "lost"])).toEqual({ type: "loss", count: 2 });
    expect(currentStreak(["push"])).toBeNull();
    expect(currentStreak([])).toBeNull();
    expect(nextStreak({ type: "loss", count: 4 }, "won")).toEqual({ type: "win", count: 1 });
  });
  test("the longest win streak is the longest run of wins, pushes neither extending nor breaking it", () => {
    expect(longestWinStreak(["won", "won", "lost", "won", "push", "won", "won", "lost"])).toBe(3);
    expect(longestWinStreak(["won", "won", "won", "won", "lost", "won"])).toBe(4);
    expect(longestWinStreak(["lost", "lost"])).toBe(0);
    expect(longestWinStreak([])).toBe(0);
  });
});

describe("summarize", () => {
  test("leaves pending bets out and totals the rest", () => {
    const s = summarize([bet("won", 2), bet("lost"), bet("push", 3), bet("pending", 3), bet("won", 1, 150)]);
    expect(s).toMatchObject({
      totalBets: 4,
      wonBets: 2,
      lostBets: 1,
      pushedBets: 1,
      totalWageredCents: 70000,
      totalProfitCents: 18182 - 10000 + 0 + 15000,
      currentStreak: { type: "win", count: 1 },
      longestWinStreak: 1,
      averageBetCents: 17500,
    });
    expect(s.winRate).toBe(50);
    expect(s.roi).toBeCloseTo((23182 / 70000) * 100, 6);
  });
  test("units won is total profit over 100 dollars", () => {
    const s = summarize([bet("won", 3), bet("won", 3)]);
    expect(s.totalProfitCents / 10000).toBeCloseTo(5.4546, 4);
  });
  test("an empty list gives zeros", () => {
    expect(summarize([])).toMatchObject({
      totalBets: 0,
      roi: 0,
      winRate: 0,
      averageBetCents: 0,
      currentStreak: null,
      longestWinStreak: 0,
    });
  });
});

describe("prize coverage (spec §1)", () => {
  test("all games but one; no requirement with one game or none", () => {
    expect(requiredGamesForPrize(15)).toBe(14);
    expect(requiredGamesForPrize(2)).toBe(1);
    expect(requiredGamesForPrize(1)).toBe(0);
    expect(requiredGamesForPrize(0)).toBe(0);
  });
});
