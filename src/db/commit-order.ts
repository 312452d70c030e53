import { sql } from "kysely";
import { isPostgres, type Db } from "./connection.ts";

/**
 * Where a reader of the outbox got to. On SQLite ids commit in order (one writer), so the id
 * alone says it. On PostgreSQL transactions commit in any order: id 10 can be visible while id 9's
 * transaction is still running, and a reader that moved past 10 would never see 9. There the
 * cursor is the writing transaction (txid, xid8) then the id, and a reader only reads rows whose
 * transaction is older than every transaction still running (pg_snapshot_xmin): no row can ever
 * appear below that horizon again, so nothing is skipped.
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

/** The next committed events after `cursor`, at most `limit`, in the order they must be delivered. */
export async function outboxAfter(db: Db, cursor: OutboxCursor, limit: number): Promise<OutboxRow[]> {
  if (!isPostgres(db)) {
    const rows = await db
      .selectFrom("outbox")
      .select(["id", "type", "user_id", "payload", "created_at"])
      .where("id", ">", cursor.id)
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, txid: null }));
  }
  const result = await sql<OutboxRow>`
    select id, type, user_id, payload, created_at, txid::text as txid
    from outbox
    where (txid, id) > (cast(${cursor.txid ?? "0"} as xid8), ${cursor.id})
      and txid < pg_snapshot_xmin(pg_current_snapshot())
    order by txid, id
    limit ${limit}`.execute(db);
  return result.rows;
}

/** Where a reader that has delivered nothing starts: after everything already committed. */
export async function outboxEnd(db: Db): Promise<OutboxCursor> {
  if (!isPostgres(db)) {
    const row = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    return { id: Number(row?.id ?? 0), txid: null };
  }
  const result = await sql<{ id: number; txid: string }>`
    select coalesce(max(id), 0) as id, (pg_snapshot_xmin(pg_current_snapshot()))::text as txid from outbox`.execute(db);
  // Everything below the horizon is done; rows at or above it are delivered (at least once).
  const { txid } = result.rows[0]!;
  return { id: Number.MAX_SAFE_INTEGER, txid: (BigInt(txid) - 1n).toString() };
}

/** Drops events delivered (up to `cursor`) and older than `createdBefore`; undelivered ones stay whatever their age. */
export function deleteDeliveredBefore(db: Db, createdBefore: string, cursor: OutboxCursor) {
  const old = db.deleteFrom("outbox").where("created_at", "<", createdBefore);
  if (!isPostgres(db)) return old.where("id", "<=", cursor.id).execute();
  return old.where(sql<boolean>`txid < cast(${cursor.txid ?? "0"} as xid8)`).execute();
}
