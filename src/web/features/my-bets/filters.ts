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

const TABS: readonly BetsTab[] = ["open", "settled", "all"];
const SORTS: readonly BetsSort[] = ["newest", "oldest", "stake", "payout"];
export const BET_TYPES = ["spread", "total", "moneyline", "prop", "parlay"] as const;
export const RESULTS = ["won", "lost", "push"] as const;
/** The longest notes search sent (the API's limit). */
export const SEARCH_MAX = 100;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | null =>
  allowed.includes(value as T) ? (value as T) : null;

/**
 * The filters in the address (`?tab=settled&type=parlay&q=bye`), so Back, reload and a shared link
 * keep them. What the address says is checked, never trusted: an unknown value is as if absent.
 */
export function filtersFromSearch(search: URLSearchParams): BetFilters {
  const week = search.get("week") ?? "";
  const book = search.get("book") ?? "";
  return {
    tab: oneOf(TABS, search.get("tab")),
    week: /^\d{1,2}$/.test(week) && Number(week) >= 1 ? String(Number(week)) : "",
    type: oneOf(BET_TYPES, search.get("type")) ?? "",
    book: book === "individual" || /^\d{1,10}$/.test(book) ? book : "",
    result: oneOf(RESULTS, search.get("result")) ?? "",
    q: (search.get("q") ?? "").slice(0, SEARCH_MAX),
    sort: oneOf(SORTS, search.get("sort")) ?? "newest",
  };
}

/** The address parameters for a change of filters: a filter back at its default leaves the address. */
export function searchChanges(next: Partial<BetFilters>): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(next)) {
    const isDefault = value === null || value === "" || (name === "sort" && value === "newest");
    changes[name] = isDefault ? null : String(value);
  }
  return changes;
}

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
  const q = filters.q.trim().slice(0, SEARCH_MAX);
  if (q) params.set("q", q);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  params.set("limit", String(BETS_PAGE_SIZE + 1));
  if (page > 0) params.set("offset", String(page * BETS_PAGE_SIZE));
  return params.toString();
}
