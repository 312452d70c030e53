import { expect, test } from "bun:test";
import { ASK_AGAIN_AFTER_MS, mayAskForPush } from "../../src/web/lib/push-ask.ts";

const NOW = Date.parse("2026-09-13T18:40:00Z");

test("the push opt-in is shown at most once a week on a browser (issue 46 item 5)", () => {
  expect(mayAskForPush(null, NOW)).toBe(true);
  expect(mayAskForPush(NOW - 60_000, NOW)).toBe(false);
  expect(mayAskForPush(NOW - ASK_AGAIN_AFTER_MS + 1, NOW)).toBe(false);
  expect(mayAskForPush(NOW - ASK_AGAIN_AFTER_MS, NOW)).toBe(true);
});

test("once push was turned on here (or answered for good before), never again", () => {
  expect(mayAskForPush(true, NOW)).toBe(false);
  expect(mayAskForPush(false, NOW)).toBe(true);
});
