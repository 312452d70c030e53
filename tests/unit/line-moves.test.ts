import { describe, expect, test } from "bun:test";
import type { Game } from "../../src/shared/contract/games.ts";
import {
  lineMoves,
  movesOfGame,
  parseMoves,
  refreshResultText,
  updatedAgoText,
} from "../../src/web/features/games/line-moves.ts";

const game = (id: string, spread: number, price: number, total: number, over: number): Game => ({
  id,
  season: 2026,
  week: 1,
  homeTeam: "Philadelphia Eagles",
  awayTeam: "Dallas Cowboys",
  homeAbbr: "PHI",
  awayAbbr: "DAL",
  commenceTime: "2026-09-11T00:20:00Z",
  status: "upcoming",
  homeScore: null,
  awayScore: null,
  odds: [
    {
      marketType: "spreads",
      outcomes: [
        { name: "Dallas Cowboys", price, point: -spread },
        { name: "Philadelphia Eagles", price: -110, point: spread },
      ],
    },
    { marketType: "totals", outcomes: [{ name: "Over", price: -110, point: total }] },
  ],
  playerProps: [
    {
      id: 7,
      playerName: "Jalen Hurts",
      team: "PHI",
      propType: "passing_yards",
      line: 245.5,
      overOdds: over,
      underOdds: -110,
    },
  ],
});

describe("line moves (issue 29: freshness on the board)", () => {
  test("a moved point wins over its price; a price alone moves too; props count; nothing moved is nothing", () => {
    const moves = lineMoves([game("g1", -3.5, -110, 45.5, -115)], [game("g1", -2.5, -120, 46.5, -105)]);
    expect(Object.fromEntries(moves)).toEqual({
      "g1|spread||Dallas Cowboys": "down",
      "g1|spread||Philadelphia Eagles": "up",
      "g1|total||Over": "up",
      "g1|prop|7|Over": "up",
    });
    expect(lineMoves([game("g1", -3.5, -110, 45.5, -115)], [game("g1", -3.5, -110, 45.5, -115)]).size).toBe(0);
    // A game that was not on the board before has nothing to compare.
    expect(lineMoves([], [game("g2", -3.5, -110, 45.5, -115)]).size).toBe(0);
  });

  test("a card's moves travel as one string and come back", () => {
    const moves = lineMoves(
      [game("g1", -3.5, -110, 45.5, -115), game("g2", -1, -110, 40, -110)],
      [game("g1", -3.5, -105, 45.5, -115), game("g2", -2, -110, 40, -110)],
    );
    const g1 = movesOfGame(moves, "g1");
    expect(g1).toBe("g1|spread||Dallas Cowboys=up");
    expect(Object.fromEntries(parseMoves(g1))).toEqual({ "g1|spread||Dallas Cowboys": "up" });
    expect(parseMoves("").size).toBe(0);
  });

  test("the words", () => {
    expect(refreshResultText(0)).toBe("No change: the odds are the same.");
    expect(refreshResultText(1)).toBe("1 line moved.");
    expect(refreshResultText(3)).toBe("3 lines moved.");
    const now = Date.parse("2026-09-10T12:00:00Z");
    expect(updatedAgoText("2026-09-10T11:59:30Z", now)).toBe("updated just now");
    expect(updatedAgoText("2026-09-10T11:56:00Z", now)).toBe("updated 4 min ago");
    expect(updatedAgoText("2026-09-10T09:30:00Z", now)).toBe("updated 2 h ago");
    expect(updatedAgoText("2026-09-09T12:00:00Z", now)).toBe("updated 1 day ago");
    expect(updatedAgoText("2026-09-10T12:05:00Z", now)).toBe("updated just now");
  });
});
