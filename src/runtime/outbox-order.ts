/**
 * Where a reader of the outbox got to. On SQLite ids commit in order (one writer), so the id
 * alone says it. On PostgreSQL transactions commit in any order: id 10 can be visible while id 9's
 * transaction is still running, and a reader that moved past 10 would never see 9. There the
 * cursor is the writing transaction (txid, xid8) then the id, and a reader only reads rows whose
 * transaction is older than every transaction still running (pg_snapshot_xmin): no row can ever
 * appear below that horizon again, so nothing is skipped. Each engine's reads: engine-*.ts.
 */
export interface OutboxCursor {
  id: number;
  /** xid8 as text; null on SQLite. */
  txid: string | null;
}

export type OutboxRow = {
  id: number;
  type: string;
  user_id: number | null;
  payload: string;
  created_at: string;
  txid: string | null;
};
