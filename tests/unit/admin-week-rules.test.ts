import { describe, expect, test } from "bun:test";
import { actionNeeded, compareActions } from "../../src/modules/admin/rules.ts";
import { isBotBettingDay, nextBotBettingDay } from "../../src/modules/bots/rules.ts";

const NOW = new Date("2026-11-29T22:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const H = 3600_000;

describe("the action queue's rule", () => {
  test("a game before kick-off or completed needs nothing", () => {
    expect(actionNeeded({ commenceTime: ago(-H), status: "upcoming", liveStatus: null }, NOW)).toBeNull();
    expect(actionNeeded({ commenceTime: ago(10 * H), status: "completed", liveStatus: null }, NOW)).toBeNull();
  });

  test("under way until 4 hours past kick-off, then a final missing its score; a feed's Final at once", () => {
    expect(actionNeeded({ commenceTime: ago(H), status: "live", liveStatus: "Q3 - 4:12" }, NOW)).toEqual({
      reason: "in-progress",
      why: "Under way: kicked off 60 minutes ago. Resolve it once it ends.",
    });
    expect(actionNeeded({ commenceTime: ago(4 * H), status: "live", liveStatus: null }, NOW)?.reason).toBe(
      "final-missing",
    );
    expect(actionNeeded({ commenceTime: ago(2 * H), status: "live", liveStatus: "Final/OT" }, NOW)?.reason).toBe(
      "final-missing",
    );
  });

  test("finals first, then the earliest kick-off, then the id", () => {
    const items = [
      { gameId: "c", reason: "in-progress" as const, commenceTime: ago(3 * H) },
      { gameId: "b", reason: "final-missing" as const, commenceTime: ago(5 * H) },
      { gameId: "a", reason: "final-missing" as const, commenceTime: ago(5 * H) },
      { gameId: "d", reason: "final-missing" as const, commenceTime: ago(30 * H) },
    ];
    expect(items.sort(compareActions).map((i) => i.gameId)).toEqual(["d", "a", "b", "c"]);
  });
});

describe("the bots' betting days", () => {
  test("Tuesday and Wednesday in US Eastern time, whatever the UTC date says", () => {
    expect(isBotBettingDay(new Date("2026-12-01T04:59:00Z"))).toBe(false); // Monday 23:59 EST
    expect(isBotBettingDay(new Date("2026-12-01T05:00:00Z"))).toBe(true); // Tuesday 00:00 EST
    expect(isBotBettingDay(new Date("2026-12-03T04:59:00Z"))).toBe(true); // Wednesday 23:59 EST
    expect(isBotBettingDay(new Date("2026-12-03T05:00:00Z"))).toBe(false); // Thursday
  });

  test("the next Tuesday starts at midnight Eastern, with daylight saving or without", () => {
    expect(nextBotBettingDay(new Date("2026-09-16T12:00:00Z")).toISOString()).toBe("2026-09-22T04:00:00.000Z");
    expect(nextBotBettingDay(new Date("2026-11-27T01:00:00Z")).toISOString()).toBe("2026-12-01T05:00:00.000Z");
    // Across the autumn change (1 November 2026): the Tuesday after is on EST.
    expect(nextBotBettingDay(new Date("2026-10-30T12:00:00Z")).toISOString()).toBe("2026-11-03T05:00:00.000Z");
  });
});
