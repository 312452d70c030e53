import { describe, expect, test } from "bun:test";
import { potentialWinCents } from "../../src/shared/money.ts";
import {
  parlayAmericanOdds,
  parlayKey,
  parlayLegsProblem,
  parlayWinCents,
  settleParlay,
} from "../../src/shared/parlays.ts";

describe("parlay pricing: the product of the legs' decimal odds", () => {
  test("two −110 legs: 1.9091² = 3.6446, so $100 wins $264.46 (+264)", () => {
    expect(parlayWinCents(100_00, [-110, -110])).toBe(264_46);
    expect(parlayAmericanOdds([-110, -110])).toBe(264);
  });

  test("−110, +150 and −175: 1.9091 × 2.5 × 1.5714 = 7.5 exactly, so $300 wins $1,950.00 (+650)", () => {
    expect(parlayWinCents(300_00, [-110, 150, -175])).toBe(1950_00);
    expect(parlayAmericanOdds([-110, 150, -175])).toBe(650);
  });

  test("a short price reads as negative American odds: −500 and −500 is decimal 1.44, −227", () => {
    expect(parlayWinCents(100_00, [-500, -500])).toBe(44_00);
    expect(parlayAmericanOdds([-500, -500])).toBe(-227);
  });

  test("one leg pays exactly what the single bet pays, rounding included", () => {
    for (const odds of [-110, -105, -115, -175, 150, 110, -333, 777]) {
      for (const wager of [100_00, 200_00, 300_00])
        expect(parlayWinCents(wager, [odds])).toBe(potentialWinCents(wager, odds));
    }
  });

  test("eight legs stay exact (no floating error): 8 × +100 is 2⁸, $100 wins $25,500.00", () => {
    expect(parlayWinCents(100_00, Array(8).fill(100))).toBe(25_500_00);
    expect(parlayAmericanOdds(Array(8).fill(100))).toBe(25_500);
  });

  test("refuses odds that are not American odds", () => {
    expect(() => parlayWinCents(100_00, [-110, 50])).toThrow(RangeError);
    expect(() => parlayWinCents(100_00, [-110.5, 120])).toThrow(RangeError);
  });
});

describe("which legs make a parlay", () => {
  const leg = (gameId: string, selection = "Over") => ({ gameId, betType: "total", selection });

  test("2 to 8 legs on different games are fine", () => {
    expect(parlayLegsProblem([leg("a"), leg("b")])).toBeNull();
    expect(parlayLegsProblem("abcdefgh".split("").map((g) => leg(g)))).toBeNull();
  });

  test("one leg, nine legs and two legs on one game are named", () => {
    expect(parlayLegsProblem([leg("a")])).toEqual({
      code: "parlay_too_few_legs",
      message: "legs: a parlay needs at least 2 legs (got 1)",
    });
    expect(parlayLegsProblem([])?.message).toBe("legs: a parlay needs at least 2 legs (got 0)");
    expect(parlayLegsProblem("abcdefghi".split("").map((g) => leg(g)))).toEqual({
      code: "parlay_too_many_legs",
      message: "legs: a parlay takes at most 8 legs (got 9)",
    });
    expect(parlayLegsProblem([leg("a"), leg("b"), leg("a", "Under")])).toEqual({
      code: "parlay_same_game",
      message: "legs: two legs are on the same game (a); a parlay takes one leg per game",
    });
  });

  test("the same picks in another order are the same parlay; another side is not", () => {
    expect(parlayKey([leg("a"), leg("b")])).toBe(parlayKey([leg("b"), leg("a")]));
    expect(parlayKey([leg("a"), leg("b")])).not.toBe(parlayKey([leg("a"), leg("b", "Under")]));
  });

  test("a propId counts only on a prop leg: on another leg it cannot make the same picks a new parlay", () => {
    expect(parlayKey([leg("a"), { ...leg("b"), propId: 7 }])).toBe(parlayKey([leg("a"), leg("b")]));
    const prop = (propId: number) => ({ gameId: "b", betType: "prop", selection: "Over", propId });
    expect(parlayKey([leg("a"), prop(7)])).not.toBe(parlayKey([leg("a"), prop(8)]));
  });
});

describe("how a parlay settles", () => {
  const won = (odds: number) => ({ status: "won" as const, odds });
  const lost = (odds: number) => ({ status: "lost" as const, odds });
  const push = (odds: number) => ({ status: "push" as const, odds });
  const pending = (odds: number) => ({ status: "pending" as const, odds });
  const WAGER = 100_00;
  const WIN = parlayWinCents(WAGER, [-110, 150, -175]); // 650.00

  test("every leg won: won, paying the price fixed at placement", () => {
    expect(settleParlay([won(-110), won(150), won(-175)], WAGER, WIN)).toEqual({ status: "won", resultCents: 650_00 });
  });

  test("one lost leg loses the stake, whatever the others did", () => {
    expect(settleParlay([won(-110), lost(150), push(-175)], WAGER, WIN)).toEqual({
      status: "lost",
      resultCents: -100_00,
    });
  });

  test("a pushed leg drops out: the rest pay their own price (−110 × −175 = 3.0, $200.00)", () => {
    expect(settleParlay([won(-110), push(150), won(-175)], WAGER, WIN)).toEqual({ status: "won", resultCents: 200_00 });
  });

  test("a void leg (a prop whose player sat out grades as push) drops out the same way; one leg left pays as a single", () => {
    expect(settleParlay([push(-110), push(150), won(-175)], WAGER, WIN)).toEqual({
      status: "won",
      resultCents: potentialWinCents(WAGER, -175),
    });
  });

  test("every leg pushed or void refunds the stake: a push", () => {
    expect(settleParlay([push(-110), push(150)], WAGER, WIN)).toEqual({ status: "push", resultCents: 0 });
  });

  test("waits while any leg is pending, but a lost leg loses the parlay at once (issue 27: Sunday is not silent)", () => {
    expect(settleParlay([won(-110), pending(150)], WAGER, WIN)).toEqual({ status: "pending", resultCents: null });
    expect(settleParlay([push(-110), pending(150)], WAGER, WIN)).toEqual({ status: "pending", resultCents: null });
    expect(settleParlay([lost(-110), pending(150)], WAGER, WIN)).toEqual({ status: "lost", resultCents: -WAGER });
    expect(settleParlay([pending(-110), lost(150)], WAGER, WIN)).toEqual({ status: "lost", resultCents: -WAGER });
  });
});
