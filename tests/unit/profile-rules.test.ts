import { describe, expect, test } from "bun:test";
import type { Bet } from "../../src/shared/contract/betting.ts";
import {
  bestBet,
  byBetType,
  byWeek,
  profileAccess,
  recordFigures,
  showable,
} from "../../src/modules/profiles/rules.ts";

const bet = (
  id: number,
  status: "won" | "lost" | "push" | "pending",
  clv: number | null,
  extra: Partial<{ betType: string; week: number; result: string }> = {},
) =>
  ({
    id,
    status,
    clv,
    wagerAmount: "100.00",
    result:
      extra.result ?? (status === "won" ? "90.91" : status === "lost" ? "-100.00" : status === "push" ? "0.00" : null),
    settledAt: status === "pending" ? null : `2026-09-1${id}T00:00:00Z`,
    betType: extra.betType ?? "spread",
    season: 2026,
    week: extra.week ?? 1,
    selection: `pick ${id}`,
    legs: null,
  }) as unknown as Bet;

describe("profileAccess", () => {
  const facts = { isOwner: false, isFriend: false, isLeagueMate: false, isBot: false };
  test("friends and league-mates: a friend or a league-mate, not a stranger", () => {
    expect(profileAccess({ ...facts, visibility: "league_mates" })).toBe("league_mates_only");
    expect(profileAccess({ ...facts, visibility: "league_mates", isLeagueMate: true })).toBe("allowed");
    expect(profileAccess({ ...facts, visibility: "league_mates", isFriend: true })).toBe("allowed");
    expect(profileAccess({ ...facts, visibility: "friends", isLeagueMate: true })).toBe("friends_only");
  });
  test("everyone / friends / only me, for a stranger, a friend and the owner; bots always public", () => {
    expect(profileAccess({ ...facts, visibility: "everyone" })).toBe("allowed");
    expect(profileAccess({ ...facts, visibility: "friends" })).toBe("friends_only");
    expect(profileAccess({ ...facts, visibility: "friends", isFriend: true })).toBe("allowed");
    expect(profileAccess({ ...facts, visibility: "only_me", isFriend: true })).toBe("only_me");
    expect(profileAccess({ ...facts, visibility: "only_me", isOwner: true })).toBe("allowed");
    expect(profileAccess({ ...facts, visibility: "only_me", isBot: true })).toBe("allowed");
  });
});

describe("recordFigures", () => {
  test("record, units, rates; CLV averaged over the bets that have one, and the share that beat the close", () => {
    const figures = recordFigures([bet(1, "won", 2.5), bet(2, "lost", -1.5), bet(3, "push", null), bet(4, "won", 4)]);
    expect(figures).toEqual({
      won: 2,
      lost: 1,
      pushed: 1,
      units: "0.82",
      roi: 20.5,
      winRate: 50,
      averageClv: 1.7,
      beatClose: 66.7,
      clvBets: 3,
    });
  });

  test("no settled bets: zeros, and no CLV figures rather than a made-up 0", () => {
    expect(recordFigures([bet(1, "pending", null)])).toEqual({
      won: 0,
      lost: 0,
      pushed: 0,
      units: "0.00",
      roi: 0,
      winRate: 0,
      averageClv: null,
      beatClose: null,
      clvBets: 0,
    });
  });
});

test("by bet type in the app's order; by week newest first", () => {
  const settled = [
    bet(1, "won", null, { betType: "parlay", week: 1 }),
    bet(2, "lost", null, { betType: "moneyline", week: 2 }),
    bet(3, "won", null, { betType: "spread", week: 10 }),
  ];
  expect(byBetType(settled).map((r) => r.betType)).toEqual(["spread", "moneyline", "parlay"]);
  expect(byWeek(settled).map((r) => r.week)).toEqual([10, 2, 1]);
  expect(byWeek(settled).map((r) => r.best?.id ?? null)).toEqual([3, null, 1]);
});

test("the best bet is the biggest win, the earlier on a tie; none when nothing won", () => {
  const week = [
    bet(1, "won", null, { result: "90.91" }),
    bet(2, "won", null, { result: "250.00" }),
    bet(3, "won", null, { result: "250.00" }),
    bet(4, "lost", null),
  ];
  expect(bestBet(week)?.selection).toBe("pick 2");
  expect(bestBet([bet(5, "lost", null), bet(6, "push", null)])).toBeNull();
});

test("showable: a settled straight bet always; a pending one once its game has kicked off", () => {
  const game = { commenceTime: "2026-09-13T17:00:00Z" } as never;
  const now = new Date("2026-09-13T16:59:59Z");
  expect(showable({ status: "pending", game, legs: null }, now)).toBe(false);
  expect(showable({ status: "pending", game, legs: null }, new Date("2026-09-13T17:00:00Z"))).toBe(true);
  expect(showable({ status: "lost", game, legs: null }, now)).toBe(true);
});

test("showable: a parlay once every leg's game has kicked off or is final, lost early or not (issue 40)", () => {
  const early = { status: "lost", game: { commenceTime: "2026-09-13T17:00:00Z" } } as never;
  const evening = { status: "pending", game: { commenceTime: "2026-09-14T00:20:00Z" } } as never;
  const resolvedEarly = { status: "won", game: { commenceTime: "2026-09-14T00:20:00Z" } } as never;
  const afternoon = new Date("2026-09-13T20:00:00Z");
  const parlay = (legs: never[]) => ({
    status: "lost" as const,
    game: { commenceTime: "2026-09-14T00:20:00Z" } as never,
    legs,
  });
  expect(showable(parlay([early, evening]), afternoon)).toBe(false);
  expect(showable(parlay([early, evening]), new Date("2026-09-14T00:20:00Z"))).toBe(true);
  expect(showable(parlay([early, resolvedEarly]), afternoon)).toBe(true);
});
