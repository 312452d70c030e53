import { sql } from "kysely";
import type { Db } from "./connection.ts";

/**
 * The answers given under an Idempotency-Key (`idempotency_keys`), per player: the answer of a
 * change is stored by the change's own transaction, so it commits with the change or not at all,
 * and any process on the database finds it. A key is remembered for a day.
 */

/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

export interface StoredAnswer {
  /** What identifies the request the key was first used with (http/idempotency.ts). */
  fingerprint: string;
  status: number;
  /** The answer's JSON text, as first sent. */
  answer: string;
}

const cutoff = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();

/** The answer stored under the player's key within the window, if any. */
export function storedAnswer(db: Db, userId: number, key: string, now: Date): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom("idempotency_keys")
    .select(["fingerprint", "status", "answer"])
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .where("created_at", ">", cutoff(now))
    .executeTakeFirst();
}

/**
 * Stores an answer under the player's key in `trx`, the transaction that made the change; a row
 * older than the window is taken over. False when the key holds a live answer already: another
 * request with it committed first (on PostgreSQL this waits for that request's transaction).
 */
export async function storeAnswer(
  trx: Db,
  userId: number,
  key: string,
  stored: StoredAnswer,
  now: Date,
): Promise<boolean> {
  // One statement in the placement's commit (the query builder would cost more than the insert).
  const { rows } = await sql<{ user_id: number }>`
    insert into idempotency_keys (user_id, key, fingerprint, status, answer, created_at)
    values (${userId}, ${key}, ${stored.fingerprint}, ${stored.status}, ${stored.answer}, ${now.toISOString()})
    on conflict (user_id, key) do update set
      fingerprint = excluded.fingerprint, status = excluded.status, answer = excluded.answer,
      created_at = excluded.created_at
    where idempotency_keys.created_at <= ${cutoff(now)}
    returning user_id`.execute(trx);
  return rows.length > 0;
}

/** Deletes the answers older than the window (housekeeping, with the session purge). */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("created_at", "<=", cutoff(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
