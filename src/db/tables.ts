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

export interface IdempotencyKeysTable {
  user_id: number;
  /** The client's Idempotency-Key (http/idempotency.ts: its format). */
  key: string;
  /** SHA-256 of the request the key was first used with: method, path and canonical body. */
  fingerprint: string;
  /** The answer's status and JSON body, as first sent. */
  status: number;
  answer: string;
  /** ISO-8601; a key is forgotten a day after. */
  created_at: string;
}
