import type { Clock } from "../lib/clock.ts";
import { tooManyRequests } from "../lib/errors.ts";

/**
 * Fixed-window counters per key (a client address). Ours rather than elysia-rate-limit because
 * the window must follow the injected clock in tests and be shared by several routes (login and
 * register draw on one budget).
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counts one request for `key`; throws 429 with Retry-After once the window's budget is spent. */
  hit(key: string): void {
    const now = this.clock.now().getTime();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.#windows.size > 10_000) this.#sweep(now);
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)));
    }
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (now - window.start >= this.windowMs) this.#windows.delete(key);
  }
}

/** Per-player budgets for calls a script could hammer (requests per minute). */
export const ABUSE_LIMITS = {
  betPlacements: 120,
  searches: 60,
  friendRequests: 20,
  invitations: 30,
} as const;
