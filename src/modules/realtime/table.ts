import type { Generated } from "kysely";

/** Events written in the same transaction as the change they announce, delivered after commit. */
export interface OutboxTable {
  id: Generated<number>;
  type: string;
  /** The one user the event is for; null = everyone. */
  user_id: number | null;
  /** JSON. */
  payload: string;
  created_at: string;
}

export interface OutboxCursorTable {
  /** One row per dispatcher ("main"). */
  name: string;
  /** The last event delivered. */
  last_id: number;
  /** PostgreSQL: the writing transaction of the last event delivered (events are read in commit-safe txid order). */
  last_txid?: string | null;
}
