import { sql } from "kysely";
import { type AnyDb, isPostgres } from "./connection.ts";

/**
 * Locks for check-then-write races. On SQLite every write transaction holds the one write lock
 * from its first statement (BEGIN IMMEDIATE), so these are no-ops there. On PostgreSQL,
 * transactions run side by side: these take transaction-scoped advisory locks, released at commit
 * or rollback, on a key named by the caller ("book", userId, bookId).
 */
type KeyPart = string | number;

const keyOf = (parts: KeyPart[]) => sql`hashtextextended(${parts.join(":")}, 0)`;

/** Waits until no other transaction holds `key` in any mode; held until this transaction ends. */
export async function lockExclusive(trx: AnyDb, ...key: KeyPart[]): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${keyOf(key)})`.execute(trx);
}

/** Many transactions may share `key`; an exclusive holder waits for all of them (and they for it). */
export async function lockShared(trx: AnyDb, ...key: KeyPart[]): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock_shared(${keyOf(key)})`.execute(trx);
}
