/**
 * Pure parlay rules, shared by the server and the bet slip: what a parlay may hold, its price
 * (the product of its legs' decimal odds), and how it ends once its legs are graded.
 */
import type { BetStatus } from "./bets.ts";

export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 8;

/** A decimal price as an exact fraction, so a parlay's win is rounded once, like a single bet's. */
interface Fraction {
  num: bigint;
  den: bigint;
}

/** American odds as decimal odds: +150 → 5/2, −110 → 210/110. */
function decimalOdds(american: number): Fraction {
  if (!Number.isInteger(american) || Math.abs(american) < 100)
    throw new RangeError("American odds are whole numbers of at least 100 either way");
  return american > 0
    ? { num: BigInt(100 + american), den: 100n }
    : { num: BigInt(100 - american), den: BigInt(-american) };
}

function combined(americanOdds: readonly number[]): Fraction {
  return americanOdds.reduce<Fraction>(
    (acc, odds) => {
      const d = decimalOdds(odds);
      return { num: acc.num * d.num, den: acc.den * d.den };
    },
    { num: 1n, den: 1n },
  );
}

/**
 * What a parlay pays on top of its stake, in cents: stake × (product of decimal odds − 1), rounded
 * half-up once. With one leg it is exactly the single bet's potential win (money.ts).
 */
export function parlayWinCents(wagerCents: number, americanOdds: readonly number[]): number {
  if (!Number.isInteger(wagerCents) || wagerCents < 0) throw new RangeError("wager must be whole cents");
  if (americanOdds.length === 0) return 0;
  const { num, den } = combined(americanOdds);
  return Number((2n * BigInt(wagerCents) * (num - den) + den) / (2n * den));
}

/** The parlay's price as American odds, for display: decimal 6.96 → +596, decimal 1.5 → −200. */
export function parlayAmericanOdds(americanOdds: readonly number[]): number {
  const { num, den } = combined(americanOdds);
  const profit = Number(num - den) / Number(den);
  return profit >= 1 ? Math.round(profit * 100) : -Math.round(100 / profit);
}

export interface LegIdentity {
  gameId: string;
  betType: string;
  selection: string;
  propId?: number | null;
}

export interface LegsProblem {
  code: "parlay_too_few_legs" | "parlay_too_many_legs" | "parlay_same_game";
  message: string;
}

/** Why these legs cannot make a parlay (too few, too many, two on one game); null when they can. */
export function parlayLegsProblem(legs: readonly LegIdentity[]): LegsProblem | null {
  if (legs.length < PARLAY_MIN_LEGS)
    return {
      code: "parlay_too_few_legs",
      message: `legs: a parlay needs at least ${PARLAY_MIN_LEGS} legs (got ${legs.length})`,
    };
  if (legs.length > PARLAY_MAX_LEGS)
    return {
      code: "parlay_too_many_legs",
      message: `legs: a parlay takes at most ${PARLAY_MAX_LEGS} legs (got ${legs.length})`,
    };
  const seen = new Set<string>();
  for (const leg of legs) {
    if (seen.has(leg.gameId))
      return {
        code: "parlay_same_game",
        message: `legs: two legs are on the same game (${leg.gameId}); a parlay takes one leg per game`,
      };
    seen.add(leg.gameId);
  }
  return null;
}

/**
 * The legs' identity regardless of their order: equal for the same picks listed differently. Only
 * a prop leg's propId is part of its pick.
 */
export function parlayKey(legs: readonly LegIdentity[]): string {
  return legs
    .map((leg) => [leg.gameId, leg.betType, leg.betType === "prop" ? (leg.propId ?? "") : "", leg.selection].join("|"))
    .sort()
    .join(";");
}

export interface GradedLeg {
  status: BetStatus;
  odds: number;
}

/**
 * How a parlay ends as its legs are graded: lost as soon as any leg lost; else pending while any
 * leg is; otherwise pushed and void legs drop out and the rest pay at their own combined price (the
 * stored potential win when none dropped out); every leg pushed refunds the stake (push).
 */
export function settleParlay(
  legs: readonly GradedLeg[],
  wagerCents: number,
  potentialWinCents: number,
): { status: BetStatus; resultCents: number | null } {
  if (legs.some((leg) => leg.status === "lost")) return { status: "lost", resultCents: -wagerCents };
  if (legs.some((leg) => leg.status === "pending")) return { status: "pending", resultCents: null };
  const won = legs.filter((leg) => leg.status === "won");
  if (won.length === 0) return { status: "push", resultCents: 0 };
  if (won.length === legs.length) return { status: "won", resultCents: potentialWinCents };
  return {
    status: "won",
    resultCents: parlayWinCents(
      wagerCents,
      won.map((leg) => leg.odds),
    ),
  };
}
