/**
 * The runtime's public face for domain code (src/modules): what a module may ask of the machinery.
 * Modules state what they need (a transaction holding these locks, chunk sizes, an event
 * published); how each engine does it stays behind this file (tests/unit/architecture.test.ts).
 */
import type { AnyDb, Db } from "./connection.ts";
import { engineOf, type Chunking, type LockIntent } from "./engine.ts";
import type { OutboxCursor } from "./outbox-order.ts";

export type { Db } from "./connection.ts";
export type { Chunking, LockIntent, LockKey } from "./engine.ts";
export type { OutboxCursor, OutboxRow } from "./outbox-order.ts";
export type { AppEvents, EventType, DeliveredEvent } from "./events.ts";
export { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation, unavailableCode } from "./errors.ts";
export { groupCommit } from "./group-commit.ts";
export { jsonList, jsonRows, jsonTable } from "./json-rows.ts";
export { dataVersion, type DataTopic } from "./data-versions.ts";
export { reactToPublished } from "./reactions.ts";

/** A write transaction that first takes the intent's locks (no-ops where the engine needs none). */
export function transaction<T>(db: Db, locks: LockIntent, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await engineOf(trx).lock(trx, locks);
    return work(trx);
  });
}

/** Takes the intent's locks inside a transaction already running (e.g. a group commit's savepoint). */
export function holdLocks(trx: AnyDb, locks: LockIntent): Promise<void> {
  return engineOf(trx).lock(trx, locks);
}

/** How big the chunks of a long write job may be on this database's engine. */
export function chunkingFor(db: AnyDb): Chunking {
  return engineOf(db).chunking;
}

/** Wakes `channel`'s listeners in every process when `trx` commits. */
export function notifyOnCommit(trx: AnyDb, channel: string): Promise<void> {
  return engineOf(trx).notifyOnCommit(trx, channel);
}

/** The outbox's committed events after `cursor`, in delivery order. */
export function outboxAfter(db: Db, cursor: OutboxCursor, limit: number) {
  return engineOf(db).outboxAfter(db, cursor, limit);
}

/** Drops delivered events older than `createdBefore`. */
export function deleteDeliveredBefore(db: Db, createdBefore: string, cursor: OutboxCursor) {
  return engineOf(db).deleteDeliveredBefore(db, createdBefore, cursor);
}

/** How many committed events come after `cursor` in delivery order. */
export function outboxPending(db: Db, cursor: OutboxCursor): Promise<number> {
  return engineOf(db).outboxPending(db, cursor);
}

/** Where a reader of the outbox that has read nothing starts: after everything already committed. */
export function outboxEnd(db: Db): Promise<OutboxCursor> {
  return engineOf(db).outboxEnd(db);
}
