import { describe, expect, test } from "bun:test";
import { coverMargin } from "../../src/shared/cover.ts";
import { coverStatus, coverStatusText, coverTone, finalCoverText } from "../../src/web/lib/cover-status.ts";

/** The game: ATL 21 – 20 BUF. */
const game = { awayTeam: "Atlanta Falcons", homeTeam: "Buffalo Bills", awayScore: 21, homeScore: 20 };
const at = (awayScore: number, homeScore: number) => ({ ...game, awayScore, homeScore });

describe("live cover status in words", () => {
  test("spread: covering or not, by how much; on the number", () => {
    expect(coverStatusText({ betType: "spread", selection: "Buffalo Bills", point: "-13.5" }, game)).toBe(
      "not covering by 14.5",
    );
    expect(coverStatusText({ betType: "spread", selection: "Atlanta Falcons", point: "13.5" }, game)).toBe(
      "covering by 14.5",
    );
    expect(coverStatusText({ betType: "spread", selection: "Buffalo Bills", point: 3.5 }, at(10, 10))).toBe(
      "covering by 3.5",
    );
    expect(coverStatusText({ betType: "spread", selection: "Atlanta Falcons", point: -3 }, at(14, 12))).toBe(
      "not covering by 1",
    );
    expect(coverStatus({ betType: "spread", selection: "Atlanta Falcons", point: -1 }, game)).toEqual({
      text: "on the number",
      standing: "level",
    });
  });

  test("total: what an Over still needs in whole points, how far under an Under is, and either gone past", () => {
    expect(coverStatusText({ betType: "total", selection: "Over", point: "45" }, at(20, 16))).toBe(
      "needs 10 more points",
    );
    expect(coverStatusText({ betType: "total", selection: "Over", point: "45.5" }, at(20, 16))).toBe(
      "needs 10 more points",
    );
    expect(coverStatusText({ betType: "total", selection: "Over", point: "44.5" }, at(24, 20))).toBe(
      "needs 1 more point",
    );
    expect(coverStatus({ betType: "total", selection: "Over", point: "44" }, at(24, 20))).toEqual({
      text: "needs 1 more point",
      standing: "level",
    });
    expect(coverStatus({ betType: "total", selection: "Over", point: "38.5" }, game)).toEqual({
      text: "over by 2.5",
      standing: "ahead",
    });
    expect(coverStatus({ betType: "total", selection: "Under", point: "47" }, game)).toEqual({
      text: "under by 6",
      standing: "ahead",
    });
    expect(coverStatus({ betType: "total", selection: "Under", point: "39.5" }, game)).toEqual({
      text: "over by 1.5",
      standing: "behind",
    });
    expect(coverStatusText({ betType: "total", selection: "Under", point: "41" }, game)).toBe("on the number");
  });

  test("moneyline: leading or trailing by the margin, or tied", () => {
    expect(coverStatus({ betType: "moneyline", selection: "Atlanta Falcons", point: null }, game)).toEqual({
      text: "leading by 1",
      standing: "ahead",
    });
    expect(coverStatusText({ betType: "moneyline", selection: "Buffalo Bills", point: null }, at(24, 20))).toBe(
      "trailing by 4",
    );
    expect(coverStatusText({ betType: "moneyline", selection: "Buffalo Bills", point: null }, at(7, 7))).toBe("tied");
  });

  test("props: only with the player's stat so far", () => {
    const over = { betType: "prop", selection: "Over", point: "245.5", propType: "passing_yards" };
    expect(coverStatusText(over, game)).toBeNull();
    expect(coverStatusText(over, game, null)).toBeNull();
    expect(coverStatusText(over, game, 225)).toBe("needs 21 more passing yards");
    expect(coverStatusText(over, game, 260)).toBe("over by 14.5");
    expect(coverStatusText({ ...over, selection: "Under" }, game, 225)).toBe("under by 20.5");
  });

  test("nothing to say: no score yet, a team not in the game, a parlay", () => {
    const before = { ...game, awayScore: null, homeScore: null };
    expect(coverStatusText({ betType: "spread", selection: "Buffalo Bills", point: "-3" }, before)).toBeNull();
    expect(coverStatusText({ betType: "total", selection: "Over", point: "45" }, before)).toBeNull();
    expect(coverStatusText({ betType: "moneyline", selection: "Dallas Cowboys", point: null }, game)).toBeNull();
    expect(coverStatusText({ betType: "parlay", selection: "2-leg parlay", point: null }, game)).toBeNull();
  });
});

describe("cover status at the final score (the sweat room once a game is over)", () => {
  const ended = (betType: string, selection: string, point: number | null) =>
    finalCoverText(coverMargin({ betType, selection, point }, game), betType, selection);
  test("how each ended", () => {
    expect(ended("spread", "Atlanta Falcons", 2.5)).toBe("covered by 3.5");
    expect(ended("spread", "Buffalo Bills", -13.5)).toBe("missed by 14.5");
    expect(ended("spread", "Atlanta Falcons", -1)).toBe("pushed on the number");
    expect(ended("total", "Over", 50)).toBe("fell short by 9 points");
    expect(ended("total", "Over", 37.5)).toBe("went over by 3.5");
    expect(ended("total", "Under", 47)).toBe("stayed under by 6");
    expect(ended("total", "Under", 39)).toBe("went over by 2");
    expect(ended("moneyline", "Atlanta Falcons", null)).toBe("won by 1");
    expect(ended("moneyline", "Buffalo Bills", null)).toBe("lost by 1");
    expect(finalCoverText(0, "moneyline")).toBe("ended in a tie");
    expect(finalCoverText(null, "spread")).toBeNull();
    expect(finalCoverText(3, "parlay")).toBeNull();
  });

  test("the tone of a margin", () => {
    expect([coverTone(3.5), coverTone(-2), coverTone(0), coverTone(null)]).toEqual(["up", "down", "even", null]);
  });
});
