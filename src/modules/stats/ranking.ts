/**
 * A leaderboard's ranking kept in memory and maintained by changes, so no read ever sorts 100,000
 * players at once (issue 16). Order: shared/stats.ts `compareRankFigures` (units won, then ROI, then
 * settled bets); tied players share a rank (SQL's rank()). Pure: no I/O; the work is split into steps of a few
 * milliseconds that the caller may yield between.
 */

import { compareRankFigures, type RankFigures } from "../../shared/stats.ts";

/** A player's figures on one board (a week's or all time): the aggregates' sums. */
export interface RankRow extends RankFigures {
  userId: number;
  won: number;
  lost: number;
  pushed: number;
}

/** Board order: the ranking rule, then user id, so every player has one place. */
function compareRows(a: RankRow, b: RankRow): number {
  return compareRankFigures(a, b) || a.userId - b.userId;
}

/** Rows this many at a time are sorted or merged before the caller may yield (about 2 ms each). */
export const STEP_ROWS = 4000;

type Step = () => Promise<void> | void;

function merge(a: RankRow[], b: RankRow[]): RankRow[] {
  const out = new Array<RankRow>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareRows(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** Sorts in runs of STEP_ROWS, then merges runs pairwise, calling `pause` between steps. */
export async function sortInSteps(rows: RankRow[], pause: Step): Promise<RankRow[]> {
  let runs: RankRow[][] = [];
  for (let i = 0; i < rows.length; i += STEP_ROWS) {
    runs.push(rows.slice(i, i + STEP_ROWS).sort(compareRows));
    await pause();
  }
  while (runs.length > 1) {
    const next: RankRow[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      next.push(i + 1 < runs.length ? merge(runs[i]!, runs[i + 1]!) : runs[i]!);
      await pause();
    }
    runs = next;
  }
  return runs[0] ?? [];
}

export class Ranking {
  readonly #byUser = new Map<number, RankRow>();
  /** The previous order's array, reused by the next apply (no garbage of 100,000 slots each time). */
  #spare: RankRow[] = [];

  /** `sorted` must be in board order (sortInSteps). */
  constructor(private rows: RankRow[]) {
    for (const row of rows) this.#byUser.set(row.userId, row);
  }

  get size(): number {
    return this.rows.length;
  }

  /** The first index whose row does not rank ahead of `row` by `compare` (the order is sorted by it). */
  #firstNotAhead(row: RankRow, compare: (a: RankRow, b: RankRow) => number): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.rows[mid]!, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A player's rank (1-based, shared by ties), or null when they are not on the board. */
  rankOf(userId: number): number | null {
    const row = this.#byUser.get(userId);
    // Ranks are shared: the first row tied with this one on every figure holds it.
    return row ? this.#firstNotAhead(row, compareRankFigures) + 1 : null;
  }

  rowOf(userId: number): RankRow | undefined {
    return this.#byUser.get(userId);
  }

  /** The rows ranked `limit` or better (more when players tie at the cut), with their ranks. */
  top(limit: number): { row: RankRow; rank: number }[] {
    const out: { row: RankRow; rank: number }[] = [];
    let rank = 0;
    for (let i = 0; i < this.rows.length; i++) {
      const row = this.rows[i]!;
      if (i === 0 || compareRankFigures(this.rows[i - 1]!, row) !== 0) rank = i + 1;
      if (rank > limit) break;
      out.push({ row, rank });
    }
    return out;
  }

  /** Every row with its rank, in board order. */
  all(): { row: RankRow; rank: number }[] {
    return this.top(Number.POSITIVE_INFINITY);
  }

  /**
   * Takes in new figures for some players: their old rows leave, the new ones are merged in
   * (one linear pass; a player whose figures fell to no settled bets leaves the board).
   */
  apply(changed: RankRow[]): void {
    if (changed.length === 0) return;
    const leaving = new Set<RankRow>();
    for (const r of changed) {
      const old = this.#byUser.get(r.userId);
      if (old) leaving.add(old);
      this.#byUser.delete(r.userId);
    }
    const incoming = changed.filter((r) => r.settled > 0).sort(compareRows);
    for (const row of incoming) this.#byUser.set(row.userId, row);
    // Where each incoming row goes (binary search: the order is strict), and which rows leave (by
    // index): then one pass copies the rest without comparing or hashing each of 100,000 rows.
    const at = incoming.map((row) => this.#firstNotAhead(row, compareRows));
    const gone = [...leaving].map((row) => this.#indexOf(row)).sort((a, b) => a - b);
    const out = this.#spare;
    let k = 0;
    let j = 0;
    let g = 0;
    const rows = this.rows;
    for (let i = 0; i < rows.length; i++) {
      while (j < incoming.length && at[j] === i) out[k++] = incoming[j++]!;
      if (g < gone.length && gone[g] === i) {
        g++;
        continue;
      }
      out[k++] = rows[i]!;
    }
    while (j < incoming.length) out[k++] = incoming[j++]!;
    out.length = k;
    this.#spare = rows;
    this.rows = out;
  }

  /** Where a row of the ranking stands. */
  #indexOf(row: RankRow): number {
    const i = this.#firstNotAhead(row, compareRows);
    return this.rows[i] === row ? i : this.rows.indexOf(row);
  }
}
