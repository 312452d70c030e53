import { describe, expect, test } from "bun:test";
import {
  closingLineValue,
  decimalOdds,
  impliedProbability,
  normalCdf,
  normalQuantile,
  type ClvBet,
} from "../../src/modules/betting/clv.ts";
import type { PricedGame, PricedMarket } from "../../src/modules/betting/rules.ts";

const HOME = "Philadelphia Eagles";
const AWAY = "Dallas Cowboys";

/** A closing line: PHI −4.5 / DAL +4.5 at −110, total 45.5 at −110, ML DAL +130 / PHI −150, one QB prop. */
function closing(overrides: { odds?: PricedMarket[]; props?: PricedGame["playerProps"] } = {}): PricedGame {
  return {
    homeTeam: HOME,
    awayTeam: AWAY,
    odds: overrides.odds ?? [
      {
        marketType: "spreads",
        outcomes: [
          { name: AWAY, price: -110, point: 4.5 },
          { name: HOME, price: -110, point: -4.5 },
        ],
      },
      {
        marketType: "totals",
        outcomes: [
          { name: "Over", price: -110, point: 45.5 },
          { name: "Under", price: -110, point: 45.5 },
        ],
      },
      {
        marketType: "h2h",
        outcomes: [
          { name: AWAY, price: 130 },
          { name: HOME, price: -150 },
        ],
      },
    ],
    playerProps: overrides.props ?? [
      { id: 7, line: 255.5, overOdds: -115, underOdds: -105 },
      { id: 8, line: 5.5, overOdds: 110, underOdds: -130 },
      { id: 9, line: 2.5, overOdds: 110, underOdds: -130 },
    ],
  };
}

const bet = (
  betType: ClvBet["betType"],
  selection: string,
  odds: number,
  point: number | null,
  propId: number | null = null,
): ClvBet => ({
  betType,
  selection,
  odds,
  point,
  propId,
});
const clvOf = (b: ClvBet, game = closing()) => closingLineValue(b, game)?.clv ?? null;

describe("the odds arithmetic", () => {
  test("implied probability and decimal odds of American odds", () => {
    expect(impliedProbability(-110)).toBeCloseTo(110 / 210, 12);
    expect(impliedProbability(150)).toBeCloseTo(0.4, 12);
    expect(impliedProbability(100)).toBe(0.5);
    expect(impliedProbability(-100)).toBe(0.5);
    expect(decimalOdds(150)).toBe(2.5);
    expect(decimalOdds(-110)).toBeCloseTo(1 + 100 / 110, 12);
    expect(decimalOdds(-200)).toBe(1.5);
  });

  test("Φ and Φ⁻¹: known values, and one undoes the other", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232, 6);
    for (const p of [0.001, 0.02, 0.1, 0.3, 0.5, 0.55, 0.8, 0.97, 0.99, 0.9995])
      expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
    for (const x of [-3, -1.5, -0.2, 0.4, 2.5]) expect(normalQuantile(normalCdf(x))).toBeCloseTo(x, 5);
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
  });
});

describe("closing-line value", () => {
  test("a bet at the closing price of a -110/-110 market loses the vig: -4.5%", () => {
    expect(closingLineValue(bet("spread", HOME, -110, -4.5), closing())).toEqual({
      price: { odds: -110, point: -4.5 },
      clv: -4.5,
    });
    expect(clvOf(bet("total", "Under", -110, 45.5))).toBe(-4.5);
    // Both sides of a prop at its closing price carry the same vig.
    expect(clvOf(bet("prop", "Over", -115, 255.5, 7))).toBe(-4.5);
    expect(clvOf(bet("prop", "Under", -105, 255.5, 7))).toBe(-4.5);
  });

  test("beating the close is worth something: +150 when the close is +130/-150", () => {
    // Fair: 0.4348 / (0.4348 + 0.6) = 0.4202; × 2.5 − 1 = +5.0%.
    expect(closingLineValue(bet("moneyline", AWAY, 150, null), closing())).toEqual({
      price: { odds: 130, point: null },
      clv: 5,
    });
    // The other way round: the favourite taken at −175 when it closed at −150.
    expect(clvOf(bet("moneyline", HOME, -175, null))).toBeLessThan(-4.5);
  });

  test("with only one side at close, its implied probability stands as it is", () => {
    const oneSided = closing({ odds: [{ marketType: "h2h", outcomes: [{ name: AWAY, price: 130 }] }] });
    // 100/230 × 2.5 − 1 = +8.7%.
    expect(clvOf(bet("moneyline", AWAY, 150, null), oneSided)).toBe(8.7);
  });

  test("a better spread than the close moves the fair probability along the normal curve (σ 13.5)", () => {
    // PHI −3.5 when it closed −4.5: a point better. Φ(1/13.5) × 1.9091 − 1 = +1.1%.
    expect(closingLineValue(bet("spread", HOME, -110, -3.5), closing())).toEqual({
      price: { odds: -110, point: -4.5 },
      clv: 1.1,
    });
    // DAL +3.5 when it closed +4.5: a point worse. Φ(−1/13.5) × 1.9091 − 1 = −10.2%.
    expect(clvOf(bet("spread", AWAY, -110, 3.5))).toBe(-10.2);
  });

  test("totals: a lower Over or a higher Under beats the close (σ 10)", () => {
    // Over 44.5 against a 45.5 close: Φ(0.1) × 1.9091 − 1 = +3.1%.
    expect(clvOf(bet("total", "Over", -110, 44.5))).toBe(3.1);
    // Under 44.5 against a 45.5 close: Φ(−0.1) × 1.9091 − 1 = −12.1%.
    expect(clvOf(bet("total", "Under", -110, 44.5))).toBe(-12.1);
    expect(clvOf(bet("total", "Under", -110, 46.5))).toBe(3.1);
  });

  test("props shift by 0.35 × the closing line, at least 1", () => {
    // Over 245.5 against 255.5: σ = 89.425, fair(Over) = 0.5055 → Φ(Φ⁻¹(0.5055) + 10/89.425) × 1.8696 − 1 = +3.8%.
    expect(clvOf(bet("prop", "Over", -115, 245.5, 7))).toBe(3.8);
    expect(clvOf(bet("prop", "Under", -105, 245.5, 7))).toBe(-13.2);
    // Receptions: σ = 1.925, so one reception is a big edge: +38.6%.
    expect(clvOf(bet("prop", "Over", 110, 4.5, 8))).toBe(38.6);
    // A 2.5 line would give σ 0.875: the floor of 1 holds it (+37.1%, not +42.5%).
    expect(clvOf(bet("prop", "Over", 110, 2, 9))).toBe(37.1);
  });

  test("null without a closing price for the selection: no market, an unknown prop or team, a parlay", () => {
    expect(closingLineValue(bet("spread", HOME, -110, -3.5), closing({ odds: [] }))).toBeNull();
    expect(
      closingLineValue(
        bet("total", "Over", -110, 45.5),
        closing({ odds: [{ marketType: "h2h", outcomes: [{ name: AWAY, price: 130 }] }] }),
      ),
    ).toBeNull();
    expect(closingLineValue(bet("prop", "Over", -115, 245.5, 99), closing())).toBeNull();
    expect(closingLineValue(bet("prop", "Over", -115, 245.5, 7), closing({ props: [] }))).toBeNull();
    expect(closingLineValue(bet("moneyline", "New York Giants", 150, null), closing())).toBeNull();
    expect(closingLineValue(bet("parlay", "Parlay", 250, null), closing())).toBeNull();
  });
});
