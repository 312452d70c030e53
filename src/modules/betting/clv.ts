/**
 * Closing-line value: how a bet's price compares with the market's last word before kick-off.
 * Pure, no I/O. The closing price comes from `currentPrice` over the closing line, so a bet finds
 * its closing price exactly the way it found its price at placement.
 *
 * CLV is the expected value of the bet, in percent of its stake, if the closing line was the true
 * price: the closing line's fair probability of the bet's side (the vig taken out when the other
 * side closed too), moved along a normal curve when the bet got a different point than the close,
 * times the bet's decimal odds, minus 1. A bet at the closing price of a -110/-110 market is -4.5%
 * (the vig); beating the close gives a positive figure.
 */
import { currentPrice, type Price, type PricedGame } from "./rules.ts";
import type { BetType } from "../../shared/bets.ts";

/** The probability American odds imply, vig included: -110 → 0.5238, +150 → 0.4. */
export function impliedProbability(odds: number): number {
  return odds < 0 ? -odds / (-odds + 100) : 100 / (odds + 100);
}

/** What a winning bet returns per unit staked, stake included: +150 → 2.5, -110 → 1.9091. */
export function decimalOdds(odds: number): number {
  return odds > 0 ? 1 + odds / 100 : 1 + 100 / Math.abs(odds);
}

/**
 * erfc by the Chebyshev fit of Numerical Recipes (`erfcc`): fractional error below 1.2e-7
 * everywhere, so Φ stays accurate in the tails, where a plain erf fit (Abramowitz & Stegun 7.1.26,
 * absolute error 1.5e-7) loses most of its digits.
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(-z * z + poly);
  return x >= 0 ? r : 2 - r;
}

/** Φ, the standard normal distribution function. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

// Acklam's rational approximation of Φ⁻¹ (relative error below 1.2e-9).
const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

/** Φ⁻¹, the standard normal quantile, for 0 < p < 1 (±Infinity at 0 and 1). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((C[0]! * q + C[1]!) * q + C[2]!) * q + C[3]!) * q + C[4]!) * q + C[5]!) /
      ((((D[0]! * q + D[1]!) * q + D[2]!) * q + D[3]!) * q + 1)
    );
  }
  if (p > 1 - P_LOW) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return (
      -(((((C[0]! * q + C[1]!) * q + C[2]!) * q + C[3]!) * q + C[4]!) * q + C[5]!) /
      ((((D[0]! * q + D[1]!) * q + D[2]!) * q + D[3]!) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((A[0]! * r + A[1]!) * r + A[2]!) * r + A[3]!) * r + A[4]!) * r + A[5]!) * q) /
    (((((B[0]! * r + B[1]!) * r + B[2]!) * r + B[3]!) * r + B[4]!) * r + 1)
  );
}

/** What CLV needs of a bet. */
export interface ClvBet {
  betType: BetType;
  selection: string;
  propId: number | null;
  odds: number;
  point: number | null;
}

export interface ClosingLine {
  /** The closing price of the bet's own selection. */
  price: Price;
  /** Closing-line value in percent of the stake, one decimal. */
  clv: number;
}

/** The same market's other side: the other team, or Over ↔ Under. */
function otherSide(game: PricedGame, betType: BetType, selection: string): string | null {
  if (betType === "spread" || betType === "moneyline") {
    if (selection === game.homeTeam) return game.awayTeam;
    if (selection === game.awayTeam) return game.homeTeam;
    return null;
  }
  if (selection === "Over") return "Under";
  if (selection === "Under") return "Over";
  return null;
}

/** Points the bettor got better than the close, and how many points one standard deviation of the outcome spans. */
function pointShift(bet: ClvBet, close: Price): { advantage: number; sigma: number } | null {
  if (bet.point === null || close.point === null || bet.point === close.point) return null;
  switch (bet.betType) {
    case "spread":
      return { advantage: bet.point - close.point, sigma: 13.5 };
    case "total":
    case "prop": {
      const advantage = bet.selection === "Under" ? bet.point - close.point : close.point - bet.point;
      return { advantage, sigma: bet.betType === "total" ? 10 : Math.max(1, 0.35 * close.point) };
    }
    default:
      return null;
  }
}

/**
 * The bet's closing price and its CLV, from the game's closing line (odds and props as they stood
 * at kick-off); null when the closing line has no such selection (none recorded, market missing,
 * a parlay).
 */
export function closingLineValue(bet: ClvBet, closing: PricedGame): ClosingLine | null {
  const close = currentPrice(closing, bet.betType, bet.selection, bet.propId);
  if (!close) return null;
  const other = otherSide(closing, bet.betType, bet.selection);
  const otherClose = other === null ? null : currentPrice(closing, bet.betType, other, bet.propId);
  const side = impliedProbability(close.odds);
  let fair = otherClose ? side / (side + impliedProbability(otherClose.odds)) : side;
  const shift = pointShift(bet, close);
  if (shift) fair = normalCdf(normalQuantile(fair) + shift.advantage / shift.sigma);
  const clv = Math.round((fair * decimalOdds(bet.odds) - 1) * 1000) / 10;
  return { price: close, clv: clv === 0 ? 0 : clv };
}
