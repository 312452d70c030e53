/**
 * A pool's standings, pure (decision 0072): pick'em and confidence rank by points (a week's ties by
 * the tiebreaker guess, the season's by correct picks); survivor by who is alive, then who lasted
 * longest, then fewer strikes, then the boldest surviving picks (the lowest sum of their implied
 * probabilities). Members tied on everything share a rank and keep the members' order.
 */
import { impliedProbability, type PoolOptions } from "../../shared/pools.ts";

export type PoolTiebreak = "tiebreaker" | "correct" | "strikes" | "boldness";

interface Key<T> {
  name: PoolTiebreak | null;
  /** Negative when `a` ranks above `b`. */
  compare(a: T, b: T): number;
}

/**
 * Ranks rows by the keys in order (the first is the score; the others break its ties), stable in
 * the given order; ties on every key share a rank. `tiebreak` names the key that placed a row below
 * the one above it when their scores tie.
 */
export function rankBy<T>(
  rows: readonly T[],
  keys: readonly Key<T>[],
): (T & { rank: number; tiebreak: PoolTiebreak | null })[] {
  const sorted = [...rows].sort((a, b) => {
    for (const key of keys) {
      const c = key.compare(a, b);
      if (c !== 0) return c;
    }
    return 0;
  });
  const ranked: (T & { rank: number; tiebreak: PoolTiebreak | null })[] = [];
  for (const [i, row] of sorted.entries()) {
    const above = sorted[i - 1];
    const decided = above === undefined ? -1 : keys.findIndex((k) => k.compare(above, row) !== 0);
    const rank = above === undefined || decided !== -1 ? i + 1 : ranked[i - 1]!.rank;
    ranked.push({ ...row, rank, tiebreak: decided > 0 ? keys[decided]!.name : null });
  }
  return ranked;
}

export interface PointsRow {
  userId: number;
  /** Hundredths of a point. */
  points: number;
  won: number;
  lost: number;
  pushes: number;
  /** A week's tiebreak: how far the member's guess was from the last game's total; null without a guess (or a final). */
  distance: number | null;
}

const byPoints: Key<PointsRow> = { name: null, compare: (a, b) => b.points - a.points };
const byCorrect: Key<PointsRow> = { name: "correct", compare: (a, b) => b.won - a.won };
const byGuess: Key<PointsRow> = {
  name: "tiebreaker",
  compare: (a, b) => (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY),
};

/** A week: points, then the closest tiebreaker guess (when the pool has one), then correct picks. */
export function rankWeek(rows: readonly PointsRow[], tiebreaker: boolean) {
  return rankBy(rows, tiebreaker ? [byPoints, byGuess, byCorrect] : [byPoints, byCorrect]);
}

/** The season: points, then correct picks. */
export function rankSeason(rows: readonly PointsRow[]) {
  return rankBy(rows, [byPoints, byCorrect]);
}

/** A week of the pool as one member's survivor run sees it. */
export interface SurvivorWeek {
  week: number;
  /** The week's picks are all locked: a member without a pick has missed it. */
  closed: boolean;
}

export interface SurvivorPick {
  week: number;
  result: "won" | "lost" | "push" | null;
  odds: number | null;
}

export interface SurvivorStatus {
  alive: boolean;
  /** Losses taken (a miss counts as one), the eliminating one included. */
  strikes: number;
  /** The week whose loss took the member out; null while alive. */
  eliminatedWeek: number | null;
  /** Weeks won (a tie too, where it advances). */
  survived: number;
  /** The sum of the surviving picks' implied probabilities (lower = bolder). */
  boldness: number;
}

/**
 * One member's survivor run through the pool's weeks, in order: a win (or a tie that advances)
 * survives the week; a loss, a tie that counts as one, or a closed week without a pick spends a
 * strike, and the loss after the last strike eliminates. A pick not graded yet decides nothing.
 */
export function survivorStatus(
  weeks: readonly SurvivorWeek[],
  picks: readonly SurvivorPick[],
  options: Pick<PoolOptions, "strikes" | "tieIs">,
): SurvivorStatus {
  const byWeek = new Map(picks.map((p) => [p.week, p]));
  const status: SurvivorStatus = { alive: true, strikes: 0, eliminatedWeek: null, survived: 0, boldness: 0 };
  for (const { week, closed } of [...weeks].sort((a, b) => a.week - b.week)) {
    const pick = byWeek.get(week);
    const advances = pick?.result === "won" || (pick?.result === "push" && options.tieIs === "win");
    const loses = pick ? pick.result === "lost" || (pick.result === "push" && options.tieIs === "loss") : closed;
    if (advances) {
      status.survived += 1;
      status.boldness += impliedProbability(pick!.odds);
    } else if (loses) {
      status.strikes += 1;
      if (status.strikes > options.strikes) {
        status.alive = false;
        status.eliminatedWeek = week;
        break;
      }
    }
  }
  return status;
}

const lastedTo = (s: SurvivorStatus) => (s.alive ? Number.POSITIVE_INFINITY : s.eliminatedWeek!);

/** Survivors first, then who lasted longest; ties by fewer strikes, then the boldest (lowest) surviving picks. */
export function rankSurvivors<T extends SurvivorStatus>(rows: readonly T[]) {
  return rankBy(rows, [
    { name: null, compare: (a, b) => (lastedTo(a) === lastedTo(b) ? 0 : lastedTo(a) > lastedTo(b) ? -1 : 1) },
    { name: "strikes", compare: (a, b) => a.strikes - b.strikes },
    { name: "boldness", compare: (a, b) => Math.round((a.boldness - b.boldness) * 1e6) },
  ]);
}
