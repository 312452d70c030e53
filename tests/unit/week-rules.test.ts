import { describe, expect, test } from "bun:test";
import {
  currentWeek,
  isBettingOpen,
  seasonStart,
  seasonYearOf,
  statusAt,
  weekNumber,
} from "../../src/modules/games/rules.ts";

describe("seasonStart: the first Thursday on or after 1 September (spec §5)", () => {
  test.each([
    [2024, "2024-09-05"],
    [2025, "2025-09-04"],
    [2026, "2026-09-03"],
    [2027, "2027-09-02"],
    [2033, "2033-09-01"], // 1 September itself is a Thursday
  ])("%i → %s", (year, date) => expect(seasonStart(year).toISOString().slice(0, 10)).toBe(date));
});

describe("weekNumber (spec §5)", () => {
  test("whole 7-day periods since the start, plus one", () => {
    expect(weekNumber(new Date("2026-09-03T00:00:00Z"))).toBe(1);
    expect(weekNumber(new Date("2026-09-09T23:59:59Z"))).toBe(1);
    expect(weekNumber(new Date("2026-09-10T00:00:00Z"))).toBe(2);
    expect(weekNumber(new Date("2026-11-22T12:00:00Z"))).toBe(12);
  });
  test("clamps to 18 late in the season", () => {
    expect(weekNumber(new Date("2026-12-31T12:00:00Z"))).toBe(18);
    expect(weekNumber(new Date("2027-02-10T12:00:00Z"))).toBe(18);
  });
  test("before this year's start, the previous year's start is used (year boundary)", () => {
    expect(seasonYearOf(new Date("2027-01-03T12:00:00Z"))).toBe(2026);
    expect(weekNumber(new Date("2027-01-03T12:00:00Z"))).toBe(18);
    expect(seasonYearOf(new Date("2026-09-02T23:59:59Z"))).toBe(2025);
    expect(weekNumber(new Date("2026-09-02T23:59:59Z"))).toBe(18);
    expect(seasonYearOf(new Date("2026-09-03T00:00:00Z"))).toBe(2026);
  });
});

describe("statusAt and isBettingOpen", () => {
  const game = { commenceTime: "2026-09-13T17:00:00Z", completed: false };
  test("upcoming before kick-off, live from kick-off, completed once resolved", () => {
    expect(statusAt(game, new Date("2026-09-13T16:59:59Z"))).toBe("upcoming");
    expect(statusAt(game, new Date("2026-09-13T17:00:00Z"))).toBe("live");
    expect(statusAt({ ...game, completed: true }, new Date("2026-09-13T10:00:00Z"))).toBe("completed");
  });
  test("betting locks at kick-off and on completed games", () => {
    expect(isBettingOpen(game, new Date("2026-09-13T16:59:59Z"))).toBe(true);
    expect(isBettingOpen(game, new Date("2026-09-13T17:00:00Z"))).toBe(false);
    expect(isBettingOpen({ ...game, completed: true }, new Date("2026-09-13T10:00:00Z"))).toBe(false);
  });
});

describe("currentWeek: the advancing week (spec §4)", () => {
  const games = [
    { week: 1, commenceTime: "2026-09-13T17:00:00Z", completed: false },
    { week: 1, commenceTime: "2026-09-15T00:15:00Z", completed: false },
    { week: 2, commenceTime: "2026-09-20T17:00:00Z", completed: false },
  ];
  test("stays while a game of the week is unfinished and started at most 4 hours ago", () => {
    expect(currentWeek(games, new Date("2026-09-15T04:15:00Z"))).toBe(1);
  });
  test("advances once every game is completed or began more than 4 hours ago", () => {
    expect(currentWeek(games, new Date("2026-09-15T04:15:01Z"))).toBe(2);
    expect(
      currentWeek(
        games.map((g) => ({ ...g, completed: g.week === 1 })),
        new Date("2026-09-13T12:00:00Z"),
      ),
    ).toBe(2);
  });
  test("is 18 when everything is over", () => {
    expect(currentWeek(games, new Date("2027-01-20T00:00:00Z"))).toBe(18);
  });
});
