import { describe, expect, test } from "bun:test";
import { CATCH_UP_MARGIN_MS, mayHaveMissedEvents } from "../../src/web/lib/live.ts";

describe("the live channel's first open (mayHaveMissedEvents)", () => {
  const hello = 10_000;

  test("a query asked for well before the socket was registered may lack events and is refetched", () => {
    expect(mayHaveMissedEvents(hello - 5_000, hello)).toBe(true);
    expect(mayHaveMissedEvents(hello - CATCH_UP_MARGIN_MS - 1, hello)).toBe(true);
  });

  test("one asked for within the margin before the hello, or after it, is trusted", () => {
    expect(mayHaveMissedEvents(hello - CATCH_UP_MARGIN_MS, hello)).toBe(false);
    expect(mayHaveMissedEvents(hello - 20, hello)).toBe(false);
    expect(mayHaveMissedEvents(hello + 5, hello)).toBe(false);
  });

  test("one never fetched here (set by hand) is refetched", () => {
    expect(mayHaveMissedEvents(undefined, hello)).toBe(true);
  });

  test("the margin can be set", () => {
    expect(mayHaveMissedEvents(hello - 50, hello, 0)).toBe(true);
    expect(mayHaveMissedEvents(hello - 50, hello, 60)).toBe(false);
  });
});
