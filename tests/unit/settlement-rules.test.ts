import { describe, expect, test } from "bun:test";
import { currentPrice, resultCents, settleBet, type PricedGame } from "../../src/modules/betting/rules.ts";

const game = { homeTeam: "Philadelphia Eagles", awayTeam: "Dallas Cowboys" };
const final = (homeScore: number, awayScore: number) => ({ ...game, homeScore, awayScore });
const spread = (selection: string, point: number) => ({ betType: "spread" as const, selection, point });
const total = (selection: "Over" | "Under", point: number) => ({ betType: "total" as const, selection, point });
const moneyline = (selection: string) => ({ betType: "moneyline" as const, selection, point: null });
const prop = (selection: "Over" | "Under", point: number) => ({ betType: "prop" as const, selection, point });

describe("spread: margin + point vs 0", () => {
  test("favourite must win by more than the line", () => {
    expect(settleBet(spread("Philadelphia Eagles", -3.5), final(24, 20))).toBe("won");
    expect(settleBet(spread("Philadelphia Eagles", -3.5), final(23, 20))).toBe("lost");
    expect(settleBet(spread("Dallas Cowboys", 3.5), final(23, 20))).toBe("won");
  });
  test("a whole-number line can push", () => {
    expect(settleBet(spread("Philadelphia Eagles", -3), final(23, 20))).toBe("push");
    expect(settleBet(spread("Dallas Cowboys", 3), final(23, 20))).toBe("push");
  });
  test("an underdog that wins outright covers", () => {
    expect(settleBet(spread("Dallas Cowboys", 6.5), final(17, 27))).toBe("won");
  });
});

describe("total: combined score vs the line", () => {
  test("over, under and a push on a whole number", () => {
    expect(settleBet(total("Over", 44.5), final(24, 21))).toBe("won");
    expect(settleBet(total("Under", 44.5), final(24, 21))).toBe("lost");
    expect(settleBet(total("Under", 44.5), final(20, 21))).toBe("won");
    expect(settleBet(total("Over", 45), final(24, 21))).toBe("push");
    expect(settleBet(total("Under", 45), final(24, 21))).toBe("push");
  });
});

describe("moneyline: the winner; a tie pushes", () => {
  test("home, away, tie", () => {
    expect(settleBet(moneyline("Philadelphia Eagles"), final(24, 21))).toBe("won");
    expect(settleBet(moneyline("Dallas Cowboys"), final(24, 21))).toBe("lost");
    expect(settleBet(moneyline("Dallas Cowboys"), final(17, 20))).toBe("won");
    expect(settleBet(moneyline("Philadelphia Eagles"), final(20, 20))).toBe("push");
    expect(settleBet(moneyline("Dallas Cowboys"), final(20, 20))).toBe("push");
  });
});

describe("props: the stat vs the line", () => {
  test("over, under, exact push", () => {
    expect(settleBet(prop("Over", 245.5), final(0, 0), { statValue: 260, didNotPlay: false })).toBe("won");
    expect(settleBet(prop("Under", 245.5), final(0, 0), { statValue: 260, didNotPlay: false })).toBe("lost");
    expect(settleBet(prop("Over", 5), final(0, 0), { statValue: 5, didNotPlay: false })).toBe("push");
  });
  test("a player who did not play voids the bet (push)", () => {
    expect(settleBet(prop("Over", 5.5), final(0, 0), { statValue: null, didNotPlay: true })).toBe("push");
  });
  test("an unknown stat keeps the bet pending", () => {
    expect(settleBet(prop("Over", 5.5), final(0, 0), { statValue: null, didNotPlay: false })).toBe("pending");
    expect(settleBet(prop("Over", 5.5), final(0, 0))).toBe("pending");
  });
});

describe("resultCents: the profit booked", () => {
  test("won pays the potential win, lost loses the stake, push refunds", () => {
    expect(resultCents("won", 10000, 9091)).toBe(9091);
    expect(resultCents("won", 10000, 15000)).toBe(15000);
    expect(resultCents("lost", 20000, 18182)).toBe(-20000);
    expect(resultCents("push", 30000, 27273)).toBe(0);
  });
});

describe("currentPrice", () => {
  const priced: PricedGame = {
    ...game,
    odds: [
      {
        marketType: "spreads",
        outcomes: [
          { name: "Dallas Cowboys", price: -105, point: 3.5 },
          { name: "Philadelphia Eagles", price: -115, point: -3.5 },
        ],
      },
      {
        marketType: "totals",
        outcomes: [
          { name: "Over", price: -110, point: 44.5 },
          { name: "Under", price: -110, point: 44.5 },
        ],
      },
      {
        marketType: "h2h",
        outcomes: [
          { name: "Dallas Cowboys", price: 160 },
          { name: "Philadelphia Eagles", price: -190 },
        ],
      },
    ],
    playerProps: [{ id: 7, line: 245.5, overOdds: -115, underOdds: -105 }],
  };
  test("finds the chosen side's price and line in each market", () => {
    expect(currentPrice(priced, "spread", "Dallas Cowboys")).toEqual({ odds: -105, point: 3.5 });
    expect(currentPrice(priced, "total", "Under")).toEqual({ odds: -110, point: 44.5 });
    expect(currentPrice(priced, "moneyline", "Philadelphia Eagles")).toEqual({ odds: -190, point: null });
    expect(currentPrice(priced, "prop", "Under", 7)).toEqual({ odds: -105, point: 245.5 });
  });
  test("null for what the game does not offer", () => {
    expect(currentPrice(priced, "spread", "New York Giants")).toBeNull();
    expect(currentPrice(priced, "total", "Sideways")).toBeNull();
    expect(currentPrice(priced, "prop", "Over", 8)).toBeNull();
    expect(currentPrice(priced, "prop", "Dallas Cowboys", 7)).toBeNull();
    expect(currentPrice(priced, "parlay", "Over")).toBeNull();
  });
});
