import { describe, expect, test } from "bun:test";
import { FAR_INTERVAL_MS, MAX_BACKOFF_MS, NEAR_INTERVAL_MS, nextSyncDelay } from "../../src/modules/feeds/cadence.ts";
import { playerKey } from "../../src/modules/feeds/player-names.ts";
import { currentNflSeason, nflOpener, regularSeasonWindow } from "../../src/modules/feeds/providers/nfl.ts";
import { budgetHorizonMs, canSpend, quotaFrom, spacingMs } from "../../src/modules/feeds/providers/theoddsapi/quota.ts";

const NOW = new Date("2026-09-13T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("sync cadence", () => {
  test("every minute within two hours of a kick-off or while games are under way, every ten minutes otherwise", () => {
    expect(nextSyncDelay(NOW, { nextKickoff: at("2026-09-13T13:30:00Z"), liveGames: 0 }, 0)).toBe(NEAR_INTERVAL_MS);
    expect(nextSyncDelay(NOW, { nextKickoff: null, liveGames: 2 }, 0)).toBe(NEAR_INTERVAL_MS);
    expect(nextSyncDelay(NOW, { nextKickoff: at("2026-09-14T00:20:00Z"), liveGames: 0 }, 0)).toBe(FAR_INTERVAL_MS);
    expect(nextSyncDelay(NOW, { nextKickoff: null, liveGames: 0 }, 0)).toBe(FAR_INTERVAL_MS);
  });

  test("wakes when the next kick-off's two-hour window opens", () => {
    expect(nextSyncDelay(NOW, { nextKickoff: at("2026-09-13T14:05:00Z"), liveGames: 0 }, 0)).toBe(5 * 60_000);
  });

  test("backs off after failures, doubling up to fifteen minutes", () => {
    const live = { nextKickoff: null, liveGames: 1 };
    expect([1, 2, 3, 4, 5, 10].map((f) => nextSyncDelay(NOW, live, f) / 60_000)).toEqual([2, 4, 8, 15, 15, 15]);
    expect(nextSyncDelay(NOW, { nextKickoff: null, liveGames: 0 }, 1)).toBe(FAR_INTERVAL_MS);
    expect(nextSyncDelay(NOW, { nextKickoff: null, liveGames: 0 }, 9)).toBe(MAX_BACKOFF_MS);
  });
});

describe("The Odds API quota", () => {
  test("never spends below the reserve; finals may use half of it", () => {
    const quota = { remaining: 30, used: 470 };
    expect(canSpend(quota, 3, "lines", 25)).toBe(true);
    expect(canSpend(quota, 6, "lines", 25)).toBe(false);
    expect(canSpend({ remaining: 14, used: 0 }, 2, "scores", 25)).toBe(true);
    expect(canSpend({ remaining: 13, used: 0 }, 2, "scores", 25)).toBe(false);
    expect(canSpend({ remaining: null, used: null }, 3, "lines", 25)).toBe(true);
  });

  test("spreads what is left over the rest of the month, at least a week", () => {
    expect(budgetHorizonMs(at("2026-09-16T00:00:00Z"))).toBe(15 * 86_400_000);
    expect(budgetHorizonMs(at("2026-09-29T00:00:00Z"))).toBe(7 * 86_400_000);
    // 20,000 credits (a paid plan), 15 days, 40% for lines: every 8 minutes, 4 near a kick-off.
    const big = { remaining: 20_025, used: 0 };
    const day = at("2026-09-16T00:00:00Z");
    expect(Math.round(spacingMs("lines", 3, big, 25, day) / 60_000)).toBe(8);
    expect(Math.round(spacingMs("lines", 3, big, 25, day, { near: true }) / 60_000)).toBe(4);
    // The free plan: a few times a day.
    expect(Math.round(spacingMs("lines", 3, { remaining: 500, used: 0 }, 25, day) / 3_600_000)).toBe(6);
    // Props share their part among the games in their window.
    expect(spacingMs("props", 4, big, 25, day, { units: 16 })).toBeGreaterThan(spacingMs("props", 4, big, 25, day));
    expect(spacingMs("lines", 3, { remaining: 27, used: 0 }, 25, day)).toBe(Number.POSITIVE_INFINITY);
    expect(spacingMs("lines", 3, { remaining: null, used: null }, 25, day)).toBe(60_000);
  });

  test("reads the headers; a missing or garbled one keeps the last figure", () => {
    const headers = new Headers({ "x-requests-remaining": "417", "x-requests-used": "83", "x-requests-last": "3" });
    expect(quotaFrom(headers, { remaining: null, used: null })).toEqual({ remaining: 417, used: 83 });
    expect(quotaFrom(new Headers({ "x-requests-remaining": "lots" }), { remaining: 417, used: 83 })).toEqual({
      remaining: 417,
      used: 83,
    });
  });
});

describe("NFL calendar", () => {
  test("opens the Thursday after Labor Day; the regular season is 18 weeks", () => {
    expect(nflOpener(2025).toISOString()).toBe("2025-09-04T00:00:00.000Z");
    expect(nflOpener(2026).toISOString()).toBe("2026-09-10T00:00:00.000Z");
    expect(regularSeasonWindow(2026).end.toISOString()).toBe("2027-01-14T00:00:00.000Z");
  });

  test("the season in progress, else the next once the last one's results are in", () => {
    expect(currentNflSeason(at("2026-09-01T00:00:00Z"))).toBe(2026);
    expect(currentNflSeason(at("2027-01-10T00:00:00Z"))).toBe(2026);
    expect(currentNflSeason(at("2027-03-01T00:00:00Z"))).toBe(2027);
  });
});

describe("player names across sources", () => {
  test("ignore case, accents, punctuation and suffixes", () => {
    expect(playerKey("A.J. Brown")).toBe(playerKey("AJ Brown"));
    expect(playerKey("Kenneth Walker III")).toBe(playerKey("kenneth walker"));
    expect(playerKey("Amon-Ra St. Brown")).toBe(playerKey("Amon-Ra St Brown"));
    expect(playerKey("Ja'Marr Chase")).toBe("jamarr chase");
    expect(playerKey("Marvin Harrison Jr.")).toBe("marvin harrison");
    expect(playerKey("Michael Pittman")).not.toBe(playerKey("Michael Pittman Sr. Jr. Carter"));
  });
});
