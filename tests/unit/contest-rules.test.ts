import { describe, expect, test } from "bun:test";
import { ineligibility, linkedAccounts, selectWinners } from "../../src/modules/contest/rules.ts";

const week = (gamesScheduled: number) => ({ gamesScheduled, firstKickoff: "2026-09-11T00:20:00Z" });
const player = { isBot: false, isAdmin: false, registeredAt: "2026-09-01T00:00:00Z", gamesBet: 14 };

describe("eligibility (spec §1, DESIGN)", () => {
  test("all games but one: 14 of 15 is enough, 13 is not", () => {
    expect(ineligibility(player, week(15))).toEqual([]);
    expect(ineligibility({ ...player, gamesBet: 13 }, week(15))).toEqual(["bet 13 of the 14 games required"]);
  });
  test("one game: no requirement; no games: none either", () => {
    expect(ineligibility({ ...player, gamesBet: 0 }, week(1))).toEqual([]);
    expect(ineligibility({ ...player, gamesBet: 0 }, week(0))).toEqual([]);
  });
  test("bots, site admins and late sign-ups cannot win", () => {
    expect(ineligibility({ ...player, isBot: true }, week(15))).toEqual(["bot"]);
    expect(ineligibility({ ...player, isAdmin: true }, week(15))).toEqual(["site admin"]);
    expect(ineligibility({ ...player, registeredAt: "2026-09-11T00:20:00Z" }, week(15))).toEqual([
      "registered after the week's first kick-off",
    ]);
    expect(ineligibility({ ...player, registeredAt: "2026-09-11T00:19:59Z" }, week(15))).toEqual([]);
  });
});

const r = (userId: number, profitCents: number, wageredCents = 30000, settled = 3) => ({
  userId,
  profitCents,
  wageredCents,
  settled,
});

describe("selectWinners", () => {
  test("the top three places in board order", () => {
    const winners = selectWinners([r(1, 900), r(2, 800), r(3, 700), r(4, 600)]);
    expect(winners.map((w) => [w.entry.userId, w.place, w.tied])).toEqual([
      [1, 1, false],
      [2, 2, false],
      [3, 3, false],
    ]);
  });
  test("ties share a place; everyone tied at the cut-off is listed as tied", () => {
    const winners = selectWinners([r(1, 900), r(2, 800), r(3, 700), r(4, 700), r(5, 600)]);
    expect(winners.map((w) => [w.entry.userId, w.place, w.tied])).toEqual([
      [1, 1, false],
      [2, 2, false],
      [3, 3, true],
      [4, 3, true],
    ]);
  });
  test("a tie for first pushes the next player down", () => {
    const winners = selectWinners([r(1, 900), r(2, 900), r(3, 700), r(4, 600)]);
    expect(winners.map((w) => [w.entry.userId, w.place])).toEqual([
      [1, 1],
      [2, 1],
      [3, 3],
    ]);
  });
  test("equal units with a different ROI are not tied", () => {
    const winners = selectWinners([r(1, 900, 20000, 2), r(2, 900, 30000, 3), r(3, 100)]);
    expect(winners.map((w) => w.place)).toEqual([1, 2, 3]);
  });
  test("fewer than three eligible players: fewer winners", () => {
    expect(selectWinners([r(1, -100)])).toHaveLength(1);
    expect(selectWinners([])).toEqual([]);
  });
});

describe("linkedAccounts", () => {
  const a = { userId: 1, username: "a", address: "203.0.113.9", createdAt: "2026-09-01T10:00:00Z" };
  test("same sign-up address within two days looks linked; other addresses and distant times do not", () => {
    const others = [
      { userId: 2, username: "b", address: "203.0.113.9", createdAt: "2026-09-02T09:00:00Z" },
      { userId: 3, username: "c", address: "203.0.113.9", createdAt: "2026-09-20T10:00:00Z" },
      { userId: 4, username: "d", address: "198.51.100.1", createdAt: "2026-09-01T10:00:00Z" },
      a,
    ];
    expect(linkedAccounts(a, others).map((o) => o.username)).toEqual(["b"]);
    expect(linkedAccounts({ ...a, address: null }, others)).toEqual([]);
  });
});
