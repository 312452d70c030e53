import { describe, expect, test } from "bun:test";
import { lineText, ownSettlements, settlementToast, signedMoney } from "../../src/web/app/settlements.ts";
import type { SettledPick, SettlementMessage } from "../../src/shared/contract/live.ts";

const ME = 7;

const pick = (over: Partial<SettledPick> = {}): SettledPick => ({
  betType: "spread",
  selection: "Los Angeles Chargers",
  point: "-3.5",
  team: "LAC",
  prop: null,
  status: "won",
  game: { awayAbbr: "LAC", homeAbbr: "KC", awayScore: 27, homeScore: 20 },
  ...over,
});

const message = (over: Partial<SettlementMessage> = {}): SettlementMessage => ({
  betId: 1,
  userId: ME,
  status: "won",
  result: "90.91",
  betDetails: {
    selection: "Los Angeles Chargers",
    wagerAmount: "100.00",
    gameInfo: { awayTeam: "Los Angeles Chargers", homeTeam: "Kansas City Chiefs", awayScore: 27, homeScore: 20 },
    pick: pick(),
  },
  ...over,
});

const kcMl = pick({
  betType: "moneyline",
  selection: "Buffalo Bills",
  team: "BUF",
  point: null,
  status: "pending",
  game: { awayAbbr: "BUF", homeAbbr: "MIA", awayScore: null, homeScore: null },
});
const over = pick({
  betType: "total",
  selection: "Over",
  team: null,
  point: "47.5",
  status: "pending",
  game: { awayAbbr: "DAL", homeAbbr: "PHI", awayScore: null, homeScore: null },
});

const parlay = (legs: SettledPick[], over: Partial<SettlementMessage> = {}): SettlementMessage =>
  message({
    betDetails: {
      selection: `${legs.length}-leg parlay`,
      wagerAmount: "300.00",
      gameInfo: { awayTeam: "Dallas Cowboys", homeTeam: "Philadelphia Eagles", awayScore: 17, homeScore: 24 },
      legs,
    },
    ...over,
  });

describe("the line a settlement toast names", () => {
  test("spreads and moneylines by the team's abbreviation, with a true minus; totals and props by their side", () => {
    expect(lineText(pick())).toBe("LAC −3.5");
    expect(lineText(pick({ point: "3" }))).toBe("LAC +3");
    expect(lineText(pick({ point: "0" }))).toBe("LAC PK");
    expect(lineText(kcMl)).toBe("BUF ML");
    expect(lineText(over)).toBe("Over 47.5");
    expect(
      lineText(
        pick({
          betType: "prop",
          selection: "Over",
          team: null,
          point: "245.5",
          prop: { playerName: "Patrick Mahomes", propType: "passing_yards" },
        }),
      ),
    ).toBe("Patrick Mahomes passing yards Over 245.5");
  });

  test("money is signed with a true minus and thousands separators", () => {
    expect(signedMoney("1088.12")).toBe("+$1,088.12");
    expect(signedMoney("-1200.00")).toBe("−$1,200.00");
    expect(signedMoney("0.00")).toBe("$0.00");
  });
});

describe("settlement toasts", () => {
  test("a won single names its line, the score and the profit with separators, toned up", () => {
    expect(settlementToast([message({ result: "1088.12" })])).toEqual({
      title: "Bet won!",
      description: "LAC −3.5 · LAC 27 – 20 KC · +$1,088.12",
      tone: "up",
    });
  });

  test("a loss is toned down, not like a win; a push is neutral and says the stake came back", () => {
    expect(
      settlementToast([
        message({
          status: "lost",
          result: "-300.00",
          betDetails: { ...message().betDetails, pick: pick({ status: "lost" }) },
        }),
      ]),
    ).toEqual({ title: "Bet lost", description: "LAC −3.5 · LAC 27 – 20 KC · −$300.00", tone: "down" });
    expect(settlementToast([message({ status: "push", result: "0.00" })])).toEqual({
      title: "Bet pushed",
      description: "LAC −3.5 · LAC 27 – 20 KC · stake refunded",
      tone: "neutral",
    });
  });

  test("a settled parlay names every game of it, graded or still to come", () => {
    const legs = [pick({ status: "lost" }), kcMl, over];
    expect(settlementToast([parlay(legs, { status: "lost", result: "-300.00" })])).toEqual({
      title: "Parlay lost",
      description:
        "LAC −3.5 lost (LAC 27 – 20 KC) · BUF ML to come (BUF @ MIA) · Over 47.5 to come (DAL @ PHI) · −$300.00",
      tone: "down",
    });
  });

  test("a graded leg of a running parlay: 'Parlay leg won: LAC −3.5 · 2 legs to go', the other games below", () => {
    const legs = [pick(), kcMl, over];
    expect(
      settlementToast([parlay(legs, { status: "pending", result: null, leg: { index: 0, legsLeft: 2 } })]),
    ).toEqual({
      title: "Parlay leg won: LAC −3.5 · 2 legs to go",
      description: "LAC 27 – 20 KC · BUF ML to come (BUF @ MIA) · Over 47.5 to come (DAL @ PHI)",
      tone: "up",
    });
    const pushed = [
      pick(),
      { ...kcMl, status: "push" as const, game: { ...kcMl.game, awayScore: 20, homeScore: 20 } },
      over,
    ];
    expect(
      settlementToast([parlay(pushed, { status: "pending", result: null, leg: { index: 1, legsLeft: 1 } })]),
    ).toEqual({
      title: "Parlay leg pushed: BUF ML (drops out) · 1 leg to go",
      description: "BUF 20 – 20 MIA · LAC −3.5 won (LAC 27 – 20 KC) · Over 47.5 to come (DAL @ PHI)",
      tone: "neutral",
    });
  });

  test("a regrade says 'Score corrected' with the old and new outcome and score, not a second 'Bet won!'", () => {
    const corrected = {
      status: "won" as const,
      result: "90.91",
      game: {
        awayAbbr: "LAC",
        homeAbbr: "KC",
        before: { awayScore: 27, homeScore: 20 },
        after: { awayScore: 20, homeScore: 27 },
      },
    };
    expect(
      settlementToast([
        message({
          status: "lost",
          result: "-100.00",
          corrected,
          betDetails: {
            ...message().betDetails,
            pick: pick({ status: "lost", game: { awayAbbr: "LAC", homeAbbr: "KC", awayScore: 20, homeScore: 27 } }),
          },
        }),
      ]),
    ).toEqual({
      title: "Score corrected",
      description: "LAC −3.5: won → lost · LAC 27 – 20 KC → LAC 20 – 27 KC · now −$100.00",
      tone: "down",
    });
    expect(
      settlementToast([
        parlay([pick(), kcMl], {
          status: "pending",
          result: null,
          corrected: { ...corrected, status: "lost", result: "-300.00" },
        }),
      ]),
    ).toMatchObject({
      title: "Score corrected",
      description:
        "2-leg parlay (LAC @ KC, BUF @ MIA): lost → pending · LAC 27 – 20 KC → LAC 20 – 27 KC · back to pending",
    });
  });

  test("several at once: each named, the title with their sum, toned by it", () => {
    const legs = [pick(), kcMl];
    expect(
      settlementToast([
        message({ result: "1088.12" }),
        message({ status: "lost", result: "-1200.00", betDetails: { ...message().betDetails, pick: over } }),
        parlay(legs, { status: "pending", result: null, leg: { index: 0, legsLeft: 1 } }),
      ]),
    ).toEqual({
      title: "3 bets and legs updated · −$111.88",
      description: "LAC −3.5 won +$1,088.12 · Over 47.5 lost −$1,200.00 · Parlay leg LAC −3.5 won, 1 leg to go",
      tone: "down",
    });
    // A settled parlay among them names its games.
    expect(
      settlementToast([message({ result: "90.91" }), parlay([pick(), over], { status: "won", result: "2000.00" })]),
    ).toEqual({
      title: "2 bets settled · +$2,090.91",
      description: "LAC −3.5 won +$90.91 · 2-leg parlay (LAC @ KC, DAL @ PHI) won +$2,000.00",
      tone: "up",
    });
  });

  test("only this player's messages that say something: outcomes, graded legs, corrections", () => {
    const raw = [
      message(),
      message({ userId: ME + 1 }),
      message({ status: "pending", result: null }),
      parlay([pick(), kcMl], { status: "pending", result: null, leg: { index: 0, legsLeft: 1 } }),
      "junk",
      null,
    ];
    expect(ownSettlements(raw, ME).map((s) => s.status)).toEqual(["won", "pending"]);
    expect(ownSettlements({ not: "a list" }, ME)).toEqual([]);
  });
});
