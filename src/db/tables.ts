/** Tables that belong to the infrastructure rather than to a module (src/db, src/http). */

export interface JobLeasesTable {
  /** The job ("jobs": provider sync, settlement sweep, purges). */
  name: string;
  /** The process holding it: host, pid and a random part. */
  holder: string;
  /** Epoch milliseconds; past it, another process may take the lease. */
  expires_at: number;
}

export interface RateLimitsTable {
  /** The limiter's name and the key it counts (an address, an account). */
  key: string;
  /** Epoch milliseconds the current window started. */
  window_start: number;
  count: number;
}
