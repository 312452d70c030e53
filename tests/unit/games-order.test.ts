import { expect, test } from "bun:test";
import { bettableFirst } from "../../src/web/features/games/filter.ts";

const NOW = Date.parse("2026-12-13T19:40:00Z"); // a Sunday, 2:40 PM Eastern
const game = (id: string, commenceTime: string, status: "upcoming" | "live" | "completed" = "upcoming") => ({
  id,
  commenceTime,
  status,
});

test("on a Sunday afternoon the games still open come first, then those under way, each in kick-off order", () => {
  const week = [
    game("early-1", "2026-12-13T18:00:00Z", "live"),
    game("early-2", "2026-12-13T18:00:00Z"), // kicked off, the feed not yet saying so: locked all the same
    game("late-1", "2026-12-13T21:05:00Z"),
    game("late-2", "2026-12-13T21:25:00Z"),
    game("snf", "2026-12-14T01:20:00Z"),
  ];
  const { upcoming, live } = bettableFirst(week, NOW);
  expect(upcoming.map((g) => g.id)).toEqual(["late-1", "late-2", "snf"]);
  expect(live.map((g) => g.id)).toEqual(["early-1", "early-2"]);
});

test("before the first kick-off every game is upcoming; once all have started, none is", () => {
  const week = [game("a", "2026-12-13T21:05:00Z"), game("b", "2026-12-14T01:20:00Z")];
  expect(bettableFirst(week, Date.parse("2026-12-13T12:00:00Z"))).toEqual({ upcoming: week, live: [] });
  expect(bettableFirst(week, Date.parse("2026-12-14T02:00:00Z"))).toEqual({ upcoming: [], live: week });
});
