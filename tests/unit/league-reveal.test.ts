import { describe, expect, test } from "bun:test";
import { isTailable, revealWindows, stricterReveal } from "../../src/shared/league-reveal.ts";
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
    expect(revealWindows("kickoff", [])).toEqual({ never: [], weekStart: [] });
    expect(revealWindows("week_start", [])).toEqual({ never: [], weekStart: [{ from: "", before: "~" }] });
    expect(revealWindows("never", [{ at: T1, from: "kickoff", to: "never" }])).toBeNull();
  });

  test("loosened: only picks placed from the change on show early", () => {
    expect(revealWindows("week_start", [{ at: T1, from: "kickoff", to: "week_start" }])).toEqual({
      never: [],
      weekStart: [{ from: T1, before: "~" }],
    });
    expect(revealWindows("kickoff", [{ at: T1, from: "never", to: "kickoff" }])).toEqual({
      never: [{ from: "", before: T1 }],
      weekStart: [],
    });
  });

  test("tightened: every pick follows the stricter rule now, whenever it was placed", () => {
    expect(revealWindows("kickoff", [{ at: T1, from: "week_start", to: "kickoff" }])).toEqual({
      never: [],
      weekStart: [],
    });
  });

  test("flipped back and forth: each period keeps the stricter of its rule and the rule now", () => {
    const changes = [
      { at: T2, from: "never", to: "week_start" },
      { at: T1, from: "week_start", to: "never" },
    ] as const;
    expect(revealWindows("week_start", changes)).toEqual({
      never: [{ from: T1, before: T2 }],
      weekStart: [
        { from: "", before: T1 },
        { from: T2, before: "~" },
      ],
    });
  });

  test("stricterReveal orders week_start < kickoff < never", () => {
    expect(stricterReveal("week_start", "kickoff")).toBe("kickoff");
    expect(stricterReveal("never", "kickoff")).toBe("never");
    expect(stricterReveal("week_start", "week_start")).toBe("week_start");
  });
});
