import { describe, expect, test } from "bun:test";
import { dollars, signedDollars, signedUnits, stakeText } from "../../src/web/features/my-bets/bet-text.ts";
import {
  betsQuery,
  defaultTab,
  filtersFromSearch,
  NO_FILTERS,
  narrowing,
  searchChanges,
} from "../../src/web/features/my-bets/filters.ts";

describe("My Bets tracker: money and the list's query", () => {
  test("money has thousands separators; profit is signed with a true minus", () => {
    expect(dollars("1088.12")).toBe("$1,088.12");
    expect(dollars("90.91")).toBe("$90.91");
    expect(stakeText("3", "1200.00")).toBe("3 units · $1,200.00");
    expect(signedDollars("1088.12")).toBe("+$1,088.12");
    expect(signedDollars("-100.00")).toBe("−$100.00");
    expect(signedDollars("0.00")).toBe("$0.00");
    expect(signedUnits("-2.09")).toBe("−2.09u");
    expect(signedUnits("10.88")).toBe("+10.88u");
  });

  test("the tab, filters, search and sort become the API's search parameters, a page at a time", () => {
    expect(betsQuery({ ...NO_FILTERS, tab: "open" }, 0)).toBe("status=open&limit=51");
    expect(betsQuery({ ...NO_FILTERS, tab: "all" }, 2)).toBe("limit=51&offset=100");
    const all = {
      tab: "settled",
      week: "3",
      type: "parlay",
      book: "individual",
      result: "won",
      q: "  wind & rain ",
      sort: "payout",
    } as const;
    expect(betsQuery(all, 0)).toBe(
      "status=settled&week=3&type=parlay&book=individual&result=won&q=wind+%26+rain&sort=payout&limit=51",
    );
    // Open bets have no result yet: a result picked on another tab is not sent.
    expect(betsQuery({ ...all, tab: "open" }, 0)).not.toContain("result=");
    expect(narrowing(all)).toBe(5);
    expect(narrowing({ ...all, tab: "open" })).toBe(4);
    expect(narrowing({ ...NO_FILTERS, tab: "all" })).toBe(0);
    // Before the player picks a tab: open bets while there are any, else the settled ones.
    expect(defaultTab(2)).toBe("open");
    expect(defaultTab(0)).toBe("settled");
  });
});

describe("My Bets' filters in the address", () => {
  test("read back what was written; defaults leave the address", () => {
    const changes = searchChanges({
      tab: "settled",
      type: "parlay",
      sort: "payout",
      q: "bye week",
      week: "",
      book: "",
    });
    expect(changes).toEqual({ tab: "settled", type: "parlay", sort: "payout", q: "bye week", week: null, book: null });
    const search = new URLSearchParams(
      Object.entries(changes).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    expect(filtersFromSearch(search)).toEqual({
      ...NO_FILTERS,
      tab: "settled",
      type: "parlay",
      sort: "payout",
      q: "bye week",
    });
    expect(searchChanges({ sort: "newest", tab: null })).toEqual({ sort: null, tab: null });
  });

  test("what is not a filter is as if absent", () => {
    const search = new URLSearchParams(
      `tab=closed&week=0&type=<script>&book=league-1&result=maybe&sort=random&q=${"x".repeat(150)}`,
    );
    expect(filtersFromSearch(search)).toEqual({ ...NO_FILTERS, q: "x".repeat(100) });
    expect(filtersFromSearch(new URLSearchParams("week=07&book=individual&result=push"))).toEqual({
      ...NO_FILTERS,
      week: "7",
      book: "individual",
      result: "push",
    });
    expect(filtersFromSearch(new URLSearchParams("book=12"))).toEqual({ ...NO_FILTERS, book: "12" });
  });
});
