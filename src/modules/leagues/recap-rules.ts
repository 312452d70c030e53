/**
 * A league's week in review (issue 44 item 7), pure: the highlights of the week's picks and each
 * member's record following another. The service gives only picks the league shows.
 */

/** A settled pick as the recap weighs it. */
export interface RecapPick {
  id: number;
  userId: number;
  status: "won" | "lost" | "push" | "pending";
  profitCents: number;
  wagerCents: number;
  clv: number | null;
  /** Points it covered (positive) or missed by (negative) on the final score; null when no score decides it. */
  margin: number | null;
  /** How many of the week's picks the league shows tailed it. */
  tails: number;
}

export interface Highlights {
  /** The largest win. */
  biggestHit: { id: number; profitCents: number } | null;
  /** The loss that came closest: the fewest points short, the larger stake first. */
  worstBeat: { id: number; missedBy: number } | null;
  /** The best closing-line value. */
  bestClv: { id: number; clv: number } | null;
  /** The pick tailed most (at least once). */
  mostTailed: { id: number; tails: number } | null;
}

/** The first of `items` by `better` (a is better than b), or null; ties keep the earlier pick. */
function best<T>(items: readonly T[], better: (a: T, b: T) => boolean): T | null {
  return items.reduce<T | null>((top, item) => (top === null || better(item, top) ? item : top), null);
}

export function highlights(picks: readonly RecapPick[]): Highlights {
  const hit = best(
    picks.filter((p) => p.status === "won"),
    (a, b) => a.profitCents > b.profitCents,
  );
  const beat = best(
    picks.filter((p) => p.status === "lost" && p.margin !== null),
    (a, b) => a.margin! > b.margin! || (a.margin === b.margin && a.wagerCents > b.wagerCents),
  );
  const clv = best(
    picks.filter((p) => p.clv !== null && p.status !== "pending"),
    (a, b) => a.clv! > b.clv!,
  );
  const tailed = best(
    picks.filter((p) => p.tails > 0),
    (a, b) => a.tails > b.tails,
  );
  return {
    biggestHit: hit && { id: hit.id, profitCents: hit.profitCents },
    worstBeat: beat && { id: beat.id, missedBy: -beat.margin! },
    bestClv: clv && { id: clv.id, clv: clv.clv! },
    mostTailed: tailed && { id: tailed.id, tails: tailed.tails },
  };
}

/** A settled tail: who placed it, whom it followed, how it ended, and what the later price cost in CLV. */
export interface SettledTail {
  tailerId: number;
  followedId: number;
  status: "won" | "lost" | "push";
  profitCents: number;
  clvCost: number | null;
}

export interface TailRecord {
  tailerId: number;
  followedId: number;
  won: number;
  lost: number;
  pushed: number;
  profitCents: number;
  /** The average CLV the later prices cost, to a tenth of a point; null when none had one. */
  clvCost: number | null;
}

/** Each member's record following each other member, most tails first. */
export function tailRecords(tails: readonly SettledTail[]): TailRecord[] {
  const pairs = Map.groupBy(tails, (t) => `${t.tailerId}:${t.followedId}`);
  return [...pairs.values()]
    .map((group) => {
      const costs = group.map((t) => t.clvCost).filter((c): c is number => c !== null);
      return {
        tailerId: group[0]!.tailerId,
        followedId: group[0]!.followedId,
        won: group.filter((t) => t.status === "won").length,
        lost: group.filter((t) => t.status === "lost").length,
        pushed: group.filter((t) => t.status === "push").length,
        profitCents: group.reduce((sum, t) => sum + t.profitCents, 0),
        clvCost: costs.length ? Math.round((costs.reduce((a, b) => a + b, 0) / costs.length) * 10) / 10 : null,
      };
    })
    .sort((a, b) => b.won + b.lost + b.pushed - (a.won + a.lost + a.pushed) || a.tailerId - b.tailerId);
}
