import { expect, test } from "bun:test";
import { coverMargin } from "../../src/shared/cover.ts";

const game = { awayTeam: "Atlanta Falcons", homeTeam: "Buffalo Bills", awayScore: 21, homeScore: 20 };

test("spread: the team's margin plus its points", () => {
  expect(coverMargin({ betType: "spread", selection: "Buffalo Bills", point: -13.5 }, game)).toBe(-14.5);
  expect(coverMargin({ betType: "spread", selection: "Atlanta Falcons", point: 13.5 }, game)).toBe(14.5);
  expect(coverMargin({ betType: "spread", selection: "Atlanta Falcons", point: -1 }, game)).toBe(0);
});

test("moneyline: the team's margin; total: the combined score against the line, turned for an Under", () => {
  expect(coverMargin({ betType: "moneyline", selection: "Buffalo Bills", point: null }, game)).toBe(-1);
  expect(coverMargin({ betType: "total", selection: "Over", point: 45.5 }, game)).toBe(-4.5);
  expect(coverMargin({ betType: "total", selection: "Under", point: 45.5 }, game)).toBe(4.5);
});

test("nothing a score decides: a prop, a parlay, a team not in the game", () => {
  expect(coverMargin({ betType: "prop", selection: "Over", point: 5.5 }, game)).toBeNull();
  expect(coverMargin({ betType: "parlay", selection: "2-leg parlay", point: null }, game)).toBeNull();
  expect(coverMargin({ betType: "spread", selection: "Dallas Cowboys", point: 3 }, game)).toBeNull();
});
