import { type Db, deleteDeliveredBefore, outboxAfter, type OutboxCursor, outboxPending } from "../../runtime/index.ts";

export type EventRow = { type: string; user_id: number | null; payload: string; created_at: string };

export function insertEvents(db: Db, rows: EventRow[]) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto("outbox").values(rows).execute();
}

/** Committed events after `cursor` in delivery order (src/runtime/outbox-order.ts). */
export function pendingEvents(db: Db, cursor: OutboxCursor): Promise<number> {
  return outboxPending(db, cursor);
}

/** The next committed events after `cursor`, in delivery order (src/runtime/outbox-order.ts: PostgreSQL commits out of id order). */
export function eventsAfter(db: Db, cursor: OutboxCursor, limit: number) {
  return outboxAfter(db, cursor, limit);
}

/** Drops delivered events older than `createdBefore`; undelivered ones stay whatever their age. */
export function deleteEventsBefore(db: Db, createdBefore: string, delivered: OutboxCursor) {
  return deleteDeliveredBefore(db, createdBefore, delivered);
}

export async function readCursor(db: Db, name: string): Promise<OutboxCursor | null> {
  const row = await db.selectFrom("outbox_cursor").selectAll().where("name", "=", name).executeTakeFirst();
  return row ? { id: row.last_id, txid: row.last_txid ?? null } : null;
}

export function saveCursor(db: Db, name: string, cursor: OutboxCursor) {
  // last_txid exists on PostgreSQL only; SQLite's cursor is the id alone.
  const values = cursor.txid === null ? { last_id: cursor.id } : { last_id: cursor.id, last_txid: cursor.txid };
  return db
    .insertInto("outbox_cursor")
    .values({ name, ...values })
    .onConflict((oc) => oc.column("name").doUpdateSet(values))
    .execute();
}
