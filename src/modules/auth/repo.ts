import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { bumpDataVersion } from "../../lib/data-versions.ts";
import type { LinkPurpose, UsersTable } from "./table.ts";

type Executor = Kysely<Database>;

export function findUserById(db: Executor, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function insertUser(db: Executor, row: Insertable<UsersTable>) {
  return db.insertInto("users").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Accounts other than `exceptId` whose name is the same ignoring case, or looks the same. */
export function usernameHolders(db: Executor, key: string, skeleton: string, exceptId: number | null) {
  let query = db
    .selectFrom("users")
    .select(["id", "username_key"])
    .where((eb) => eb.or([eb("username_key", "=", key), eb("username_skeleton", "=", skeleton)]));
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return query.execute();
}

export function updateUsername(db: Executor, id: number, username: string, key: string, skeleton: string) {
  bumpDataVersion("boards"); // boards show usernames
  return db
    .updateTable("users")
    .set({ username, username_key: key, username_skeleton: skeleton })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setEmailVerified(db: Executor, id: number, at: string) {
  return db
    .updateTable("users")
    .set({ email_verified_at: at })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .execute();
}

export function setRole(db: Executor, id: number, role: "user" | "admin") {
  return db.updateTable("users").set({ role }).where("id", "=", id).execute();
}

export function insertSession(
  db: Executor,
  row: { token_hash: string; user_id: number; created_at: string; expires_at: string },
) {
  return db.insertInto("sessions").values(row).execute();
}

export function findSessionUser(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
}

export function deleteSession(db: Executor, tokenHash: string) {
  return db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

export function deleteExpiredSessions(db: Executor, now: string) {
  return db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
}

export function botIds(db: Executor) {
  return db.selectFrom("users").select("id").where("is_bot", "=", 1).orderBy("id").execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function takenUsernameKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom("users").select("username_key").where("username_key", "in", keys).execute();
  return new Set(rows.map((r) => r.username_key));
}

export function usersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").selectAll().where("id", "in", ids).execute();
}

export function usersFromAddresses(db: Executor, addresses: string[]) {
  if (addresses.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "username", "signup_ip", "created_at"])
    .where("signup_ip", "in", addresses)
    .execute();
}

export function findUserIdByUsernameKey(db: Executor, key: string) {
  return db.selectFrom("users").select(["id", "username"]).where("username_key", "=", key).executeTakeFirst();
}

export function insertOneTimeLink(
  db: Executor,
  row: { token_hash: string; purpose: LinkPurpose; user_id: number; created_at: string; expires_at: string },
) {
  return db
    .insertInto("password_resets")
    .values({ ...row, used_at: null })
    .execute();
}

export function findOneTimeLink(db: Executor, tokenHash: string, purpose: LinkPurpose) {
  return db
    .selectFrom("password_resets")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
}

/** Marks every unused link of that purpose of the account used: a reset spends the account's other reset links. */
export function spendLinksOf(db: Executor, userId: number, purpose: LinkPurpose, at: string) {
  return db
    .updateTable("password_resets")
    .set({ used_at: at })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

export function deleteLinksOf(db: Executor, userId: number) {
  return db.deleteFrom("password_resets").where("user_id", "=", userId).execute();
}

export function deleteSpentLinks(db: Executor, now: string) {
  return db
    .deleteFrom("password_resets")
    .where((eb) => eb.or([eb("used_at", "is not", null), eb("expires_at", "<=", now)]))
    .execute();
}

export function setPasswordHash(db: Executor, userId: number, hash: string) {
  return db.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
}

export function deleteSessionsOf(db: Executor, userId: number) {
  return db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export function anonymise(
  db: Executor,
  userId: number,
  at: string,
  passwordHash: string,
  placeholder: { name: string; skeleton: string },
) {
  bumpDataVersion("boards"); // boards show the placeholder name from now on
  const { name, skeleton } = placeholder;
  return db
    .updateTable("users")
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      username: name,
      username_key: name,
      username_skeleton: skeleton,
      password_hash: passwordHash,
      email_verified_at: null,
      role: "user",
      signup_ip: null,
      referral_source: null,
      referral_medium: null,
      referral_campaign: null,
      referrer_url: null,
      deleted_at: at,
    })
    .where("id", "=", userId)
    .execute();
}
