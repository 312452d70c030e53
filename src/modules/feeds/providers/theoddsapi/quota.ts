/**
 * The Odds API meters requests in credits, reported after each call in `x-requests-remaining`
 * (and `-used`, `-last`). These pure rules decide whether a call may spend, and how often each
 * kind of call may run so the month's credits last: never below the reserve, and spread over
 * what is left of the month.
 */

export type Purpose = "lines" | "props" | "scores";

export interface Quota {
  /** Credits left, as last reported; null before the first answer. */
  remaining: number | null;
  used: number | null;
}

/** Documented costs: markets × regions for odds, 2 for scores with daysFrom, 0 for the events list. */
export const COST = { lines: 3, propsPerEvent: 4, scores: 2 } as const;

/** Share of the spendable credits each kind of call may use over the month. */
const SHARE: Record<Purpose, number> = { lines: 0.4, props: 0.3, scores: 0.3 };
/** Never more often than this, however large the plan. */
export const MIN_SPACING_MS: Record<Purpose, number> = { lines: 60_000, props: 15 * 60_000, scores: 5 * 60_000 };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The plan's reset day is not in the headers: assume the 1st (UTC), but budget at least a week ahead. */
const MIN_HORIZON_MS = 7 * DAY_MS;

/** What may not be spent for a purpose: the reserve, half of which finals (scores) may use. */
export function floorFor(purpose: Purpose, reserve: number): number {
  return purpose === "scores" ? Math.floor(reserve / 2) : reserve;
}

/** Whether a call of this cost may run now. Unknown quota: yes, once, to learn it. */
export function canSpend(quota: Quota, cost: number, purpose: Purpose, reserve: number): boolean {
  return quota.remaining === null || quota.remaining - cost >= floorFor(purpose, reserve);
}

/** How long the credits left must last. */
export function budgetHorizonMs(now: Date): number {
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(MIN_HORIZON_MS, nextMonth - now.getTime());
}

/**
 * The least time between two calls of a purpose so its share of the spendable credits lasts the
 * horizon. `units` spreads the share over several things (props: the games in their window);
 * `near` (a kick-off within two hours) halves the wait for lines, when they move most.
 * Infinity when the reserve leaves nothing to spend.
 */
export function spacingMs(
  purpose: Purpose,
  cost: number,
  quota: Quota,
  reserve: number,
  now: Date,
  opts: { units?: number; near?: boolean } = {},
): number {
  if (quota.remaining === null) return MIN_SPACING_MS[purpose];
  const spendable = quota.remaining - floorFor(purpose, reserve);
  if (spendable < cost) return Number.POSITIVE_INFINITY;
  const perMs = (spendable * SHARE[purpose]) / budgetHorizonMs(now);
  let spacing = (cost * Math.max(1, opts.units ?? 1)) / perMs;
  if (purpose === "lines" && opts.near) spacing /= 2;
  return Math.max(MIN_SPACING_MS[purpose], spacing);
}

/** Reads the quota headers; a header missing or garbled leaves that figure as it was. */
export function quotaFrom(headers: Headers, previous: Quota): Quota {
  const read = (name: string) => {
    const raw = headers.get(name);
    if (raw === null || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return null;
    return Math.floor(Number(raw));
  };
  return {
    remaining: read("x-requests-remaining") ?? previous.remaining,
    used: read("x-requests-used") ?? previous.used,
  };
}
