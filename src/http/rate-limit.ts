import type { Clock } from "../lib/clock.ts";
import { tooManyRequests } from "../lib/errors.ts";

interface Window {
  start: number;
  count: number;
}

/**
 * Fixed-window counters per key (a client address, an account). Ours rather than elysia-rate-limit
 * because the window must follow the injected clock in tests and be shared by several routes.
 *
 * Every call is O(1): counters live in two generations of Maps, swapped once a generation is a
 * window old. A counter in the older generation started before the swap, so by the next swap its
 * window is over and the whole generation is dropped at once, never scanned.
 */
export class RateLimiter {
  #current = new Map<string, Window>();
  #previous = new Map<string, Window>();
  #generationStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Counters held: at most the keys seen in the last two windows. */
  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  /** Counts one request for `key`; throws 429 with Retry-After once the window's budget is spent. */
  hit(key: string): void {
    const now = this.clock.now().getTime();
    const window = this.#windowOf(key, now);
    window.count += 1;
    if (window.count > this.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)));
    }
  }

  /** Gives back one request of `key`'s window (e.g. a sign-in that succeeded). */
  refund(key: string): void {
    const window = this.#current.get(key) ?? this.#previous.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  #windowOf(key: string, now: number): Window {
    if (now - this.#generationStart >= this.windowMs) {
      // Two windows idle: both generations are over.
      this.#previous = now - this.#generationStart >= 2 * this.windowMs ? new Map() : this.#current;
      this.#current = new Map();
      this.#generationStart = now;
    }
    const live = (w: Window | undefined) => (w && now - w.start < this.windowMs ? w : undefined);
    const found = live(this.#current.get(key)) ?? live(this.#previous.get(key));
    if (found) return found;
    this.#previous.delete(key);
    const fresh = { start: now, count: 0 };
    this.#current.set(key, fresh);
    return fresh;
  }
}

/** Per-player budgets for calls a script could hammer (requests per minute). */
export const ABUSE_LIMITS = {
  betPlacements: 120,
  searches: 60,
  friendRequests: 20,
  invitations: 30,
} as const;

/**
 * Per-account budget for password guesses and mail: sign-ins that failed, 'Forgot password?' and
 * reset attempts draw on one budget per email; account deletion's password checks on one per player.
 */
export const ACCOUNT_LIMIT = { attempts: 10, windowMs: 15 * 60_000 } as const;
