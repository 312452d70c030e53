import { describe, expect, test } from "bun:test";
import { coverMargin } from "../../src/shared/cover.ts";
import { coverStatusText, coverTone } from "../../src/web/lib/cover-status.ts";

// The issue's own example: "ATL 21–20 BUF" beside "BUF −13.5".
const game = { awayTeam: "Atlanta Falcons", homeTeam: "Buffalo Bills", awayScore: 21, homeScore: 20 };
const words = (betType: string, selection: string, point: number | null, final = false) =>
  coverStatusText(coverMargin({ betType, selection, point }, game), betType, { selection, final });

describe("cover status while the game is played", () => {
  test("spread: covering by, not covering by, right on the number", () => {
    expect(words("spread", "Buffalo Bills", -13.5)).toBe("not covering by 14.5");
    expect(words("spread", "Atlanta Falcons", 2.5)).toBe("covering by 3.5");
    expect(words("spread", "Atlanta Falcons", -1)).toBe("right on the number");
  });

  test("total: an Over needs more points or is over by; an Under is under by or over by", () => {
    expect(words("total", "Over", 50)).toBe("needs 9 more points");
    expect(words("total", "Over", 42)).toBe("needs 1 more point");
    expect(words("total", "Over", 37.5)).toBe("over by 3.5");
    expect(words("total", "Under", 47)).toBe("under by 6");
    expect(words("total", "Under", 39)).toBe("over by 2");
    expect(words("total", "Over", 41)).toBe("right on the number");
  });

  test("moneyline: leading by, trailing by, tied", () => {
    expect(words("moneyline", "Atlanta Falcons", null)).toBe("leading by 1");
    expect(words("moneyline", "Buffalo Bills", null)).toBe("trailing by 1");
    expect(coverStatusText(-4, "moneyline")).toBe("trailing by 4");
    expect(coverStatusText(0, "moneyline")).toBe("tied");
  });

  test("a prop reads like a total, from a margin its caller worked out from the stat", () => {
    expect(coverStatusText(-12.5, "prop", { selection: "Over" })).toBe("needs 12.5 more points");
    expect(coverStatusText(3, "prop", { selection: "Under" })).toBe("under by 3");
  });

  test("nothing to say: no margin (no score, a pick no score decides), an unknown type", () => {
    expect(coverStatusText(null, "spread")).toBeNull();
    expect(words("prop", "Over", 5.5)).toBeNull();
    expect(coverStatusText(Number.NaN, "spread")).toBeNull();
    expect(coverStatusText(3, "parlay")).toBeNull();
  });
});

describe("cover status at the final score", () => {
  test("how each ended", () => {
    expect(words("spread", "Atlanta Falcons", 2.5, true)).toBe("covered by 3.5");
    expect(words("spread", "Buffalo Bills", -13.5, true)).toBe("missed by 14.5");
    expect(words("spread", "Atlanta Falcons", -1, true)).toBe("pushed on the number");
    expect(words("total", "Over", 50, true)).toBe("fell short by 9 points");
    expect(words("total", "Over", 37.5, true)).toBe("went over by 3.5");
    expect(words("total", "Under", 47, true)).toBe("stayed under by 6");
    expect(words("total", "Under", 39, true)).toBe("went over by 2");
    expect(words("moneyline", "Atlanta Falcons", null, true)).toBe("won by 1");
    expect(words("moneyline", "Buffalo Bills", null, true)).toBe("lost by 1");
    expect(coverStatusText(0, "moneyline", { final: true })).toBe("ended in a tie");
  });
});

test("the tone of a margin", () => {
  expect([coverTone(3.5), coverTone(-2), coverTone(0), coverTone(null)]).toEqual(["up", "down", "even", null]);
});
