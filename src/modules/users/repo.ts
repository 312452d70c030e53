import type { Db } from "../../runtime/index.ts";
import type { Insertable } from "kysely";
import type { UserRow, UsersTable } from "./table.ts";

export function findUserById(db: Db, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function insertUser(db: Db, row: Insertable<UsersTable>) {
  return db.insertInto("users").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Accounts other than `exceptId` whose name is the same ignoring case, or looks the same. */
export function usernameHolders(db: Db, key: string, skeleton: string, exceptId: number | null) {
  let query = db
    .selectFrom("users")
    .select(["id", "username_key"])
    .where((eb) => eb.or([eb("username_key", "=", key), eb("username_skeleton", "=", skeleton)]));
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return query.execute();
}

export function updateUsername(db: Db, id: number, username: string, key: string, skeleton: string) {
  return db
    .updateTable("users")
    .set({ username, username_key: key, username_skeleton: skeleton })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setEmailVerified(db: Db, id: number, at: string) {
  return db
    .updateTable("users")
    .set({ email_verified_at: at })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .execute();
}

export function setRole(db: Db, id: number, role: "user" | "admin") {
  return db.updateTable("users").set({ role }).where("id", "=", id).execute();
}

export function botIds(db: Db) {
  return db.selectFrom("users").select("id").where("is_bot", "=", 1).orderBy("id").execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function takenUsernameKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom("users").select("username_key").where("username_key", "in", keys).execute();
  return new Set(rows.map((r) => r.username_key));
}

export function usersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("users").selectAll().where("id", "in", ids).execute();
}

export function usersFromAddresses(db: Db, addresses: string[]) {
  if (addresses.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "username", "signup_ip", "created_at"])
    .where("signup_ip", "in", addresses)
    .execute();
}

export function findUserIdByUsernameKey(db: Db, key: string) {
  return db.selectFrom("users").select(["id", "username"]).where("username_key", "=", key).executeTakeFirst();
}

export function findUserByUsernameKey(db: Db, key: string) {
  return db.selectFrom("users").selectAll().where("username_key", "=", key).executeTakeFirst();
}

export function setProfileVisibility(db: Db, userId: number, visibility: UserRow["profile_visibility"]) {
  return db.updateTable("users").set({ profile_visibility: visibility }).where("id", "=", userId).execute();
}

export function setPasswordHash(db: Db, userId: number, hash: string) {
  return db.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
}

/** Whether an account other than `userId` holds this username key or email. */
export async function placeholderTaken(db: Db, userId: number, key: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("id", "!=", userId)
    .where((eb) => eb.or([eb("username_key", "=", key), eb("email", "=", email)]))
    .executeTakeFirst();
  return row !== undefined;
}

export function anonymise(
  db: Db,
  userId: number,
  at: string,
  passwordHash: string,
  placeholder: { username: string; key: string; skeleton: string; email: string },
) {
  return db
    .updateTable("users")
    .set({
      email: placeholder.email,
      username: placeholder.username,
      username_key: placeholder.key,
      username_skeleton: placeholder.skeleton,
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
