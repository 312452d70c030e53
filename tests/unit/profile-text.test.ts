import { describe, expect, test } from "bun:test";
import {
  closeText,
  gamesText,
  priceText,
  profileCards,
  recordText,
  resultText,
  visibilityNote,
} from "../../src/web/features/profiles/profile-text.ts";
import { shareCardText } from "../../src/web/features/profiles/share-card.ts";

const figures = {
  won: 12,
  lost: 8,
  pushed: 1,
  units: "3.20",
  roi: 10.46,
  winRate: 57.14,
  averageClv: 1.2,
  beatClose: 58.3,
  clvBets: 12,
};

describe("profile text", () => {
  test("the record's cards: W-L-P, signed units and ROI with their tone, CLV over how many bets", () => {
    const cards = Object.fromEntries(profileCards(figures).map((c) => [c.label, [c.value, c.note, c.tone ?? null]]));
    expect(cards).toEqual({
      Record: ["12-8-1", "21 settled (W-L-P)", null],
      Units: ["+3.20U", "profit", "up"],
      ROI: ["+10.5%", "of amount wagered", "up"],
      "Win Rate": ["57.1%", "pushes count as settled", null],
      "Avg CLV": ["+1.2%", "over 12 bets with a closing line", "up"],
      "Beat the Close": ["58.3%", "of 12 bets", null],
    });
    const none = profileCards({ ...figures, units: "-1.00", roi: -5, averageClv: null, beatClose: null, clvBets: 0 });
    expect(none.map((c) => [c.value, c.tone ?? null])).toEqual([
      ["12-8-1", null],
      ["-1.00U", "down"],
      ["-5.0%", "down"],
      ["57.1%", null],
      ["—", null],
      ["—", null],
    ]);
    expect(none[4]!.note).toBe("No closing lines yet");
  });

  test("prices, the close, games and results as a bettor writes them", () => {
    expect(priceText({ betType: "spread", odds: "-110", point: "-3.50" })).toBe("-3.5 -110");
    expect(priceText({ betType: "spread", odds: "-105", point: "3.00" })).toBe("+3 -105");
    expect(priceText({ betType: "total", odds: "-110", point: "45.50" })).toBe("45.5 -110");
    expect(priceText({ betType: "moneyline", odds: "150", point: null })).toBe("+150");
    expect(closeText({ betType: "spread", closingLine: { odds: "-115", point: "-4.00" } })).toBe("-4 -115");
    expect(closeText({ betType: "spread", closingLine: null })).toBe("—");
    const game = (awayAbbr: string, homeAbbr: string) => ({ awayAbbr, homeAbbr }) as never;
    expect(gamesText({ game: game("DAL", "PHI"), legs: null } as never)).toBe("DAL @ PHI");
    expect(
      gamesText({ game: game("SF", "SEA"), legs: [{ game: game("KC", "BUF") }, { game: game("SF", "SEA") }] } as never),
    ).toBe("KC @ BUF, SF @ SEA");
    expect(resultText({ status: "won", result: "181.82" })).toBe("Won +1.82U");
    expect(resultText({ status: "lost", result: "-100.00" })).toBe("Lost -1.00U");
    expect(resultText({ status: "push", result: "0.00" })).toBe("Push");
    expect(resultText({ status: "pending", result: null })).toBe("In play");
    expect(recordText({ won: 0, lost: 0, pushed: 0 })).toBe("0-0-0");
  });

  test("what the owner reads about who sees it", () => {
    expect(visibilityNote("everyone")).toBe("Everyone can see your profile.");
    expect(visibilityNote("friends")).toBe("Only your friends can see your profile.");
    expect(visibilityNote("league_mates")).toBe("Your friends and league-mates can see your profile.");
    expect(visibilityNote("only_me")).toBe("Only you can see your profile.");
  });
});

describe("the week's share card", () => {
  const row = {
    season: 2026,
    week: 3,
    figures: { ...figures, won: 3, lost: 1, pushed: 0, units: "2.45", roi: 20.42 },
    best: {
      betType: "spread",
      selection: "Philadelphia Eagles",
      point: "-3.50",
      odds: "-110",
      prop: null,
      status: "won",
      result: "181.82",
    } as never,
  };

  test("names the player, the week, the record, units, ROI and the best bet; says it all in its alt text", () => {
    expect(shareCardText("ann_lee", row)).toEqual({
      player: "ann_lee",
      period: "Week 3 · 2026",
      record: "3-1-0",
      units: "+2.45U",
      roi: "+20.4% ROI",
      best: "Best bet: Philadelphia Eagles -3.5 (-110) · +1.82U",
      alt: "NFL Paper Trading — ann_lee, Week 3 · 2026: 3-1-0, +2.45U, +20.4% ROI. Best bet: Philadelphia Eagles -3.5 (-110) · +1.82U.",
      fileName: "nfl-paper-trading-ann_lee-2026-week-3.png",
    });
  });

  test("a week without a win says so", () => {
    expect(shareCardText("ann_lee", { ...row, best: null }).best).toBe("No winning bet this week");
  });
});
