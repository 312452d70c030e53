import type { Insertable } from "kysely";
import type { Db } from "../../runtime/index.ts";
import type { ApiTokensTable } from "./table.ts";

export function insertToken(trx: Db, row: Insertable<ApiTokensTable>) {
  return trx.insertInto("api_tokens").values(row).returning("id").executeTakeFirstOrThrow();
}

export async function countTokens(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function tokensOf(db: Db, userId: number) {
  return db
    .selectFrom("api_tokens")
    .select(["id", "name", "scopes", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .execute();
}

export function tokenByHash(db: Db, hash: string) {
  return db
    .selectFrom("api_tokens")
    .select(["id", "user_id", "name", "scopes", "last_used_at"])
    .where("token_hash", "=", hash)
    .executeTakeFirst();
}

/** Deletes one of the player's tokens; returns its name, or undefined when they have no such token. */
export async function deleteToken(trx: Db, userId: number, id: number) {
  return trx
    .deleteFrom("api_tokens")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("name")
    .executeTakeFirst();
}

export function deleteTokensOf(trx: Db, userId: number) {
  return trx.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
}

/** Notes a use, unless one was noted since `notBefore` (one write a minute, not one a request). */
export function markUsed(db: Db, id: number, at: string, notBefore: string) {
  return db
    .updateTable("api_tokens")
    .set({ last_used_at: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", notBefore)]))
    .execute();
}
