import type { Db } from "../runtime/connection.ts";
import { countHit, LONGEST_WINDOW_MS, refundHit } from "../runtime/rate-limits.ts";
import type { Clock } from "../lib/clock.ts";
import { tooManyRequests } from "../lib/errors.ts";

/**
 * Fixed-window counters per key (a client address, an account), kept in the database
 * (`db/rate-limits.ts`), so a budget holds across every process on it. Ours rather than
 * elysia-rate-limit because the window must follow the injected clock in tests, be shared by
 * several routes, and live in the database. Each limiter has a name: its keys never meet another's.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    if (windowMs > LONGEST_WINDOW_MS)
      throw new Error(`rate limit ${name}: windows are at most ${LONGEST_WINDOW_MS} ms`);
  }

  /**
   * Counts one request for `key`; throws 429 with Retry-After once the window's budget is spent.
   * With `trx`, counted in the caller's transaction (undone if it rolls back).
   */
  async hit(key: string, trx?: Db): Promise<void> {
    const now = this.clock.now().getTime();
    const window = await countHit(this.db, `${this.name}:${key}`, now, this.windowMs, trx);
    if (window.count > this.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((window.windowStart + this.windowMs - now) / 1000)));
    }
  }

  /** Gives back one request of `key`'s window (e.g. a sign-in that succeeded). */
  refund(key: string): Promise<void> {
    return refundHit(this.db, `${this.name}:${key}`, this.clock.now().getTime(), this.windowMs);
  }
}

/** Per-player budgets for calls a script could hammer (requests per minute). */
export const ABUSE_LIMITS = {
  betPlacements: 120,
  searches: 60,
  friendRequests: 20,
  invitations: 30,
  /** Requests one personal API token may make, whatever they are (issue 47 item 3). */
  apiTokenRequests: 120,
} as const;

/**
 * Per-account budget for password guesses and mail: sign-ins that failed, 'Forgot password?' and
 * reset attempts draw on one budget per email; account deletion's password checks on one per player.
 */
export const ACCOUNT_LIMIT = { attempts: 10, windowMs: 15 * 60_000 } as const;
