/** My Bets' tabs, filters and sort, and the list query they make (pure, unit-tested). */

export type BetsTab = "open" | "settled" | "all";
export type BetsSort = "newest" | "oldest" | "stake" | "payout";

export interface BetFilters {
  /** null until the player picks one: Open while anything is open, else Settled (defaultTab). */
  tab: BetsTab | null;
  /** "" = any; else the value the API takes. */
  week: string;
  type: string;
  /** "individual" or a league's id. */
  book: string;
  /** won, lost or push (settled bets only). */
  result: string;
  /** Words searched in journal notes. */
  q: string;
  sort: BetsSort;
}

export const NO_FILTERS: BetFilters = { tab: null, week: "", type: "", book: "", result: "", q: "", sort: "newest" };

/** Bets per page; one more is asked for, so its presence says another page exists. */
export const BETS_PAGE_SIZE = 50;

/** The tab shown before the player picks one: their open bets, or once none is open the settled ones (just-settled first). */
export const defaultTab = (openBets: number): BetsTab => (openBets > 0 ? "open" : "settled");

/** The filters that narrow the list (not the tab, not the sort); a pending tab has no result. */
export function narrowing(filters: BetFilters & { tab: BetsTab }): number {
  const result = filters.tab === "open" ? "" : filters.result;
  return [filters.week, filters.type, filters.book, result, filters.q.trim()].filter((v) => v !== "").length;
}

/** GET /api/users/{id}/bets's search parameters for one page of the list. */
export function betsQuery(filters: BetFilters & { tab: BetsTab }, page: number): string {
  const params = new URLSearchParams();
  if (filters.tab !== "all") params.set("status", filters.tab);
  if (filters.week) params.set("week", filters.week);
  if (filters.type) params.set("type", filters.type);
  if (filters.book) params.set("book", filters.book);
  if (filters.result && filters.tab !== "open") params.set("result", filters.result);
  const q = filters.q.trim().slice(0, 100);
  if (q) params.set("q", q);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  params.set("limit", String(BETS_PAGE_SIZE + 1));
  if (page > 0) params.set("offset", String(page * BETS_PAGE_SIZE));
  return params.toString();
}
