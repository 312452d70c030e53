import { describe, expect, test } from "bun:test";
import { isTailable, noEarlierThan, revealWindows } from "../../src/shared/league-reveal.ts";
import { feedPick, tailedFromOf } from "../../src/modules/leagues/feed-rules.ts";
import { emptyFeedText, feedResultText, tailedText } from "../../src/web/features/leagues/feed-text.ts";
import type { Bet } from "../../src/shared/contract/betting.ts";

const at = (iso: string) => new Date(iso);
const pick = { lastKickoff: "2026-09-13T17:00:00Z" };

describe("Tail (decision 0056)", () => {
  test("Tail: a straight pick whose game has not kicked off; never a parlay", () => {
    expect(isTailable({ isParlay: false, lastKickoff: pick.lastKickoff }, at("2026-09-12T00:00:00Z"))).toBe(true);
    expect(isTailable({ isParlay: false, lastKickoff: pick.lastKickoff }, at("2026-09-13T17:00:00Z"))).toBe(false);
    expect(isTailable({ isParlay: true, lastKickoff: pick.lastKickoff }, at("2026-09-12T00:00:00Z"))).toBe(false);
  });
});

const bet = (over: Partial<Bet>): Bet =>
  ({
    id: 1,
    userId: 7,
    gameId: "g",
    betType: "spread",
    selection: "Buffalo Bills",
    propId: null,
    odds: "-110",
    point: "-3.5",
    units: "1",
    wagerAmount: "100.00",
    potentialWin: "90.91",
    confidence: "high",
    note: "secret reasoning",
    leagueId: 3,
    isParlay: false,
    status: "pending",
    result: null,
    season: 2026,
    week: 1,
    placedAt: "2026-09-09T12:00:00Z",
    pricedAt: null,
    settledAt: null,
    game: {} as Bet["game"],
    prop: null,
    league: { name: "Private League" },
    closingLine: null,
    clv: null,
    legs: null,
    ...over,
  }) as Bet;

describe("a feed row", () => {
  test("what the later price cost: the original's CLV minus the tail's, once both have one", () => {
    expect(tailedFromOf(bet({ clv: 1.1 }), "pat", bet({ id: 2, clv: -3.54 }))).toEqual({
      betId: 1,
      username: "pat",
      odds: "-110",
      point: "-3.5",
      clv: 1.1,
      clvCost: 4.6,
    });
    expect(tailedFromOf(bet({ clv: 1.1 }), "pat", bet({ id: 2 })).clvCost).toBeNull();
  });
  test("keeps the note, confidence and book private", () => {
    const row = feedPick(bet({}), "pat", null, null);
    for (const key of ["note", "confidence", "league", "leagueId", "potentialWin"]) expect(row).not.toHaveProperty(key);
    expect(row.player).toEqual({ userId: 7, username: "pat" });
  });
  test("in words", () => {
    const from = { betId: 1, username: "pat", odds: "-110", point: "-3.5", clv: 1.1, clvCost: 4.6 };
    expect(tailedText({ betType: "spread" }, { ...from, clvCost: null })).toBe("Tailed pat at -3.5 -110");
    expect(tailedText({ betType: "spread" }, from)).toBe("Tailed pat at -3.5 -110 · the later price cost 4.6% CLV");
    expect(feedResultText({ status: "won", result: "90.91" })).toBe("Won +$90.91");
    expect(feedResultText({ status: "lost", result: "-100.00" })).toBe("Lost -$100.00");
    expect(emptyFeedText("never")).toBe("This league keeps members' picks private.");
  });
});

describe("revealWindows: the rule a pick was placed under, and the rule now (decision 0062)", () => {
  const T1 = "2026-09-12T12:00:00.000Z";
  const T2 = "2026-09-12T13:00:00.000Z";

  test("no change: the rule now governs every pick; 'never' shows nothing", () => {
    expect(revealWindows("kickoff", [])).toEqual({ current: "kickoff", earlier: [] });
    expect(revealWindows("week_start", [])).toEqual({ current: "week_start", earlier: [] });
    expect(revealWindows("never", [{ at: T1, from: "kickoff", to: "never" }])).toBeNull();
  });

  test("loosened: picks placed before the change keep the old rule as a condition too", () => {
    expect(revealWindows("week_start", [{ at: T1, from: "kickoff", to: "week_start" }])).toEqual({
      current: "week_start",
      earlier: [{ rule: "kickoff", ranges: [{ from: "", before: T1 }] }],
    });
    expect(revealWindows("kickoff", [{ at: T1, from: "never", to: "kickoff" }])).toEqual({
      current: "kickoff",
      earlier: [{ rule: "never", ranges: [{ from: "", before: T1 }] }],
    });
    expect(revealWindows("picked", [{ at: T1, from: "week_start", to: "picked" }])).toEqual({
      current: "picked",
      earlier: [{ rule: "week_start", ranges: [{ from: "", before: T1 }] }],
    });
  });

  test("tightened: the rule now alone decides, whenever a pick was placed", () => {
    expect(revealWindows("kickoff", [{ at: T1, from: "week_start", to: "kickoff" }])).toEqual({
      current: "kickoff",
      earlier: [],
    });
    expect(revealWindows("kickoff", [{ at: T1, from: "picked", to: "kickoff" }])).toEqual({
      current: "kickoff",
      earlier: [],
    });
  });

  test("flipped back and forth: each earlier period keeps its own rule, adjacent ones merged", () => {
    const changes = [
      { at: T2, from: "never", to: "week_start" },
      { at: T1, from: "week_start", to: "never" },
    ] as const;
    expect(revealWindows("week_start", changes)).toEqual({
      current: "week_start",
      earlier: [{ rule: "never", ranges: [{ from: T1, before: T2 }] }],
    });
  });

  test("noEarlierThan: never shows nothing earlier than any rule; each game's kick-off than the others", () => {
    expect(noEarlierThan("never", "week_start")).toBe(true);
    expect(noEarlierThan("kickoff", "week_start")).toBe(true);
    expect(noEarlierThan("kickoff", "picked")).toBe(true);
    expect(noEarlierThan("week_start", "kickoff")).toBe(false);
    expect(noEarlierThan("picked", "week_start")).toBe(false);
    expect(noEarlierThan("week_start", "picked")).toBe(false);
  });
});
