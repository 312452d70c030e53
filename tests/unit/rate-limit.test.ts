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
