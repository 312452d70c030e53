import { describe, expect, test } from "bun:test";
import {
  closingText,
  clvText,
  oddsText,
  pickText,
  placedAgo,
  rowMatchupText,
  scoreText,
  stakeText,
  tone,
} from "../../src/web/features/my-bets/bet-text.ts";

const NOW = Date.parse("2026-09-09T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("My Bets wording", () => {
  test("the pick in words for each bet type", () => {
    expect(pickText({ betType: "spread", selection: "Philadelphia Eagles", point: "-3.5", prop: null })).toBe(
      "Philadelphia Eagles -3.5",
    );
    expect(pickText({ betType: "spread", selection: "Dallas Cowboys", point: "3.5", prop: null })).toBe(
      "Dallas Cowboys +3.5",
    );
    expect(pickText({ betType: "spread", selection: "Dallas Cowboys", point: "0", prop: null })).toBe(
      "Dallas Cowboys PK",
    );
    expect(pickText({ betType: "total", selection: "Over", point: "45.5", prop: null })).toBe("Over 45.5");
    expect(pickText({ betType: "total", selection: "Under", point: "44.0", prop: null })).toBe("Under 44");
    expect(pickText({ betType: "moneyline", selection: "Kansas City Chiefs", point: null, prop: null })).toBe(
      "Kansas City Chiefs ML",
    );
    expect(
      pickText({
        betType: "prop",
        selection: "Over",
        point: "245.5",
        prop: { playerName: "Patrick Mahomes", propType: "passing_yards" },
      }),
    ).toBe("Patrick Mahomes passing yards Over 245.5");
    expect(pickText({ betType: "parlay", selection: "3-leg parlay", point: null, prop: null })).toBe("3-leg parlay");
  });

  test("odds carry their sign; stakes name units and dollars", () => {
    expect(oddsText("-110")).toBe("-110");
    expect(oddsText("150")).toBe("+150");
    expect(stakeText("1", "100.00")).toBe("1 unit · $100.00");
    expect(stakeText("3", "300.00")).toBe("3 units · $300.00");
  });

  test("the closing line writes its point as the pick does, then the price; moneylines show the price alone", () => {
    expect(closingText("spread", { odds: "-110", point: "-4.5" })).toBe("-4.5 (-110)");
    expect(closingText("spread", { odds: "-105", point: "4.5" })).toBe("+4.5 (-105)");
    expect(closingText("spread", { odds: "-110", point: "0" })).toBe("PK (-110)");
    expect(closingText("total", { odds: "-110", point: "44.0" })).toBe("44 (-110)");
    expect(closingText("prop", { odds: "110", point: "255.5" })).toBe("255.5 (+110)");
    expect(closingText("moneyline", { odds: "130", point: null })).toBe("+130");
  });

  test("CLV is a signed percentage with one decimal, coloured up, down or even", () => {
    expect(clvText(2.4)).toBe("+2.4%");
    expect(clvText(-1.3)).toBe("-1.3%");
    expect(clvText(0)).toBe("0.0%");
    expect(clvText(-4.5)).toBe("-4.5%");
    expect(tone(2.4)).toBe("bet-result-up");
    expect(tone(-0.1)).toBe("bet-result-down");
    expect(tone(0)).toBe("bet-result-even");
  });

  test("the score reads away first, like the matchup, and is absent before there is one", () => {
    const game = {
      awayTeam: "Dallas Cowboys",
      homeTeam: "Philadelphia Eagles",
      awayAbbr: "DAL",
      homeAbbr: "PHI",
      commenceTime: "",
      awayScore: 17,
      homeScore: 24,
    };
    expect(scoreText(game)).toBe("DAL 17 – 24 PHI");
    expect(scoreText({ ...game, awayScore: null, homeScore: null })).toBeNull();
  });

  test("a collapsed row's games, short: a single's matchup, a parlay's every game in leg order", () => {
    const game = (awayAbbr: string, homeAbbr: string) => ({
      awayTeam: "",
      homeTeam: "",
      awayAbbr,
      homeAbbr,
      commenceTime: "",
      awayScore: null,
      homeScore: null,
    });
    expect(rowMatchupText({ game: game("DAL", "PHI"), legs: null })).toBe("DAL @ PHI");
    const leg = (g: ReturnType<typeof game>) =>
      ({ game: g }) as NonNullable<Parameters<typeof rowMatchupText>[0]["legs"]>[number];
    expect(rowMatchupText({ game: game("KC", "BUF"), legs: [leg(game("DAL", "PHI")), leg(game("KC", "BUF"))] })).toBe(
      "DAL @ PHI, KC @ BUF",
    );
  });

  test("placed time: 'Just now' under an hour (no minutes), then whole hours, then whole days", () => {
    expect(placedAgo(ago(0), NOW)).toBe("Just now");
    expect(placedAgo(ago(59 * MIN), NOW)).toBe("Just now");
    expect(placedAgo(ago(-5 * MIN), NOW)).toBe("Just now");
    expect(placedAgo(ago(HOUR), NOW)).toBe("1 hour ago");
    expect(placedAgo(ago(3 * HOUR + 59 * MIN), NOW)).toBe("3 hours ago");
    expect(placedAgo(ago(23 * HOUR + 59 * MIN), NOW)).toBe("23 hours ago");
    expect(placedAgo(ago(DAY), NOW)).toBe("1 day ago");
    expect(placedAgo(ago(47 * HOUR), NOW)).toBe("1 day ago");
    expect(placedAgo(ago(50 * HOUR), NOW)).toBe("2 days ago");
    expect(placedAgo("not a date", NOW)).toBe("Just now");
  });
});
