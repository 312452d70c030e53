import type { Db } from "../../runtime/index.ts";
import type { LinkPurpose } from "./table.ts";

export function insertSession(
  db: Db,
  row: { token_hash: string; user_id: number; created_at: string; expires_at: string },
) {
  return db.insertInto("sessions").values(row).execute();
}

/**
 * The account a live session belongs to: a read-only join to `users` (the users module's table), its
 * columns named (every request with a cookie runs this: the whole row took twice the time).
 */
export function findSessionUser(db: Db, tokenHash: string, now: string) {
  return (
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      // What users.toUser reads (its UserIdentityRow), never the password hash.
      .select([
        "users.id",
        "users.email",
        "users.username",
        "users.role",
        "users.email_verified_at",
        "users.deleted_at",
      ])
      .where("sessions.token_hash", "=", tokenHash)
      .where("sessions.expires_at", ">", now)
      .executeTakeFirst()
  );
}

export async function sessionExpiry(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("sessions")
    .select("expires_at")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row?.expires_at;
}

export function deleteSession(db: Db, tokenHash: string) {
  return db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

export function deleteExpiredSessions(db: Db, now: string) {
  return db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

export function insertOneTimeLink(
  db: Db,
  row: { token_hash: string; purpose: LinkPurpose; user_id: number; created_at: string; expires_at: string },
) {
  return db
    .insertInto("password_resets")
    .values({ ...row, used_at: null })
    .execute();
}

export function findOneTimeLink(db: Db, tokenHash: string, purpose: LinkPurpose) {
  return db
    .selectFrom("password_resets")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
}

/** Marks every unused link of that purpose of the account used: a reset spends the account's other reset links. */
export function spendLinksOf(db: Db, userId: number, purpose: LinkPurpose, at: string) {
  return db
    .updateTable("password_resets")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

export function deleteLinksOf(db: Db, userId: number) {
  return db.deleteFrom("password_resets").where("user_id", "=", userId).execute();
}

export function deleteSpentLinks(db: Db, now: string) {
  return db
    .deleteFrom("password_resets")
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", now)]))
    .execute();
}

export function deleteSessionsOf(db: Db, userId: number) {
  return db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
