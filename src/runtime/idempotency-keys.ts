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
  const row = { ...stored, created_at: now.toISOString() };
  const taken = await trx
    .insertInto("idempotency_keys")
    .values({ user_id: userId, key, ...row })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "key"]).doUpdateSet(row).where("idempotency_keys.created_at", "<=", cutoff(now)),
    )
    .returning("user_id")
    .executeTakeFirst();
  return taken !== undefined;
}

/** Deletes the answers older than the window (housekeeping, with the session purge). */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("created_at", "<=", cutoff(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
