import { expect, test } from "bun:test";
import { nextChunkSize } from "../../src/modules/betting/settlement.ts";

test("settlement chunks grow when quick and shrink when slow, by at most half, within 50–1,000 bets", () => {
  expect(nextChunkSize(100, 2)).toBe(150); // well under the 10 ms budget: grow, at most 1.5×
  expect(nextChunkSize(300, 20)).toBe(150); // twice the budget: halve
  expect(nextChunkSize(300, 40)).toBe(150); // never more than halve at once
  expect(nextChunkSize(200, 10)).toBe(200); // on budget: keep
  expect(nextChunkSize(200, 12.5)).toBe(160); // a little over: a little smaller
  expect(nextChunkSize(60, 50)).toBe(50);
  expect(nextChunkSize(900, 0)).toBe(1000);
});
