import { expect, test } from "bun:test";
import { RateLimiter } from "../../src/http/rate-limit.ts";
import { FixedClock } from "../../src/lib/clock.ts";
import { AppError } from "../../src/lib/errors.ts";

test("allows `limit` hits per window per key, then 429 with the seconds left until the window ends", () => {
  const clock = new FixedClock("2026-09-10T12:00:00Z");
  const limiter = new RateLimiter(2, 60_000, clock);
  limiter.hit("a");
  limiter.hit("a");
  limiter.hit("b");
  clock.advance(15_000);
  let error: unknown;
  try {
    limiter.hit("a");
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(429);
  expect((error as AppError).headers["Retry-After"]).toBe("45");
  clock.advance(45_000);
  expect(() => limiter.hit("a")).not.toThrow();
});

test("a window that began before a generation swap still counts after it", () => {
  const clock = new FixedClock("2026-09-10T12:00:00Z");
  const limiter = new RateLimiter(2, 60_000, clock);
  limiter.hit("other"); // the generation starts here
  clock.advance(30_000);
  limiter.hit("a");
  clock.advance(31_000); // a new generation; "a" is 31 s into its window
  limiter.hit("a");
  let error: unknown;
  try {
    limiter.hit("a");
  } catch (e) {
    error = e;
  }
  expect((error as AppError).status).toBe(429);
  expect((error as AppError).headers["Retry-After"]).toBe("29");
});

test("100,000 distinct keys: counters of past windows are dropped whole, so the structure stays bounded", () => {
  const clock = new FixedClock("2026-09-10T12:00:00Z");
  const limiter = new RateLimiter(5, 60_000, clock);
  for (let i = 0; i < 100_000; i++) limiter.hit(`key-${i}`);
  expect(limiter.size).toBe(100_000);
  clock.advance(60_000);
  for (let i = 0; i < 100_000; i++) limiter.hit(`next-${i}`);
  // The first window's keys are a generation old, kept only until the next swap.
  expect(limiter.size).toBe(200_000);
  clock.advance(60_000);
  limiter.hit("late");
  expect(limiter.size).toBe(100_001);
  clock.advance(120_000);
  limiter.hit("later");
  expect(limiter.size).toBe(1);
  // Dropped counters start afresh.
  expect(() => limiter.hit("key-1")).not.toThrow();
});

test("refund gives one request back, never below zero", () => {
  const clock = new FixedClock("2026-09-10T12:00:00Z");
  const limiter = new RateLimiter(1, 60_000, clock);
  limiter.hit("a");
  limiter.refund("a");
  limiter.refund("a");
  limiter.hit("a");
  expect(() => limiter.hit("a")).toThrow("Too many requests");
});
