/**
 * Accounts: creating, naming, promoting, looking up and anonymising users (the `users` table).
 * Signing in, sessions and one-time links are the auth module's; it creates accounts through
 * `createAccount` and reads them through `accountByEmail`/`accountById`.
 */
import { type Db, isUniqueViolation } from "../../runtime/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/ids.ts";
import { type Asker, hashPassword, verifyPassword as verifyPasswordHash } from "../../lib/password-hashing.ts";
import * as audit from "../audit/service.ts";
import { publish } from "../realtime/service.ts";
import type { User } from "../../shared/contract/auth.ts";
import { isAdmin, roleOf } from "../auth/policy.ts";
import {
  deletedAccountPlaceholder,
  normalizeEmail,
  usernameKey,
  usernameProblem,
  usernameSkeleton,
} from "../../shared/accounts.ts";
import { ID_MAX } from "../../shared/limits.ts";
import * as repo from "./repo.ts";
import type { UserRow } from "./table.ts";

export type { UserRow } from "./table.ts";

/** The columns `toUser` reads (a session lookup selects these alone). */
export type UserIdentityRow = Pick<UserRow, "id" | "email" | "username" | "role" | "email_verified_at" | "deleted_at">;

/** The user as the API shows it, with the role the admin policy gives it (auth/policy.ts `roleOf`). */
export function toUser(row: UserIdentityRow, adminEmails: readonly string[]): User {
  const role = roleOf(
    {
      email: row.email,
      role: row.role,
      emailVerified: row.email_verified_at !== null,
      deleted: row.deleted_at !== null,
    },
    adminEmails,
  );
  return { id: row.id, email: row.email, username: row.username, role };
}

// One answer for a taken email and a taken name: which one it was would tell who has an account.
const ACCOUNT_EXISTS = () => conflict("An account with this email or username already exists", "account_exists");
const USERNAME_TAKEN = () => conflict("That username is taken", "username_taken");
const USERNAME_SIMILAR = () => conflict("That username is too similar to an existing username", "username_similar");

export interface NewAccount {
  /** Normalized (shared/accounts.ts `normalizeEmail`) and checked by the caller. */
  email: string;
  username: string;
  passwordHash: string;
  signupIp: string | null;
  referral: { source?: string | null; medium?: string | null; campaign?: string | null; referrerUrl?: string | null };
}

/**
 * Creates an account in a transaction of its own, then runs `within` in the same transaction (the
 * sign-up's first session). A taken email or name, or one that looks like another's, is refused;
 * two sign-ups racing for the same name get the same answer.
 */
export async function createAccount<T>(
  db: Db,
  now: Date,
  account: NewAccount,
  within: (trx: Db, row: UserRow) => Promise<T>,
): Promise<T> {
  const key = usernameKey(account.username);
  const skeleton = usernameSkeleton(account.username);
  try {
    return await db.transaction().execute(async (trx) => {
      const holders = await repo.usernameHolders(trx, key, skeleton, null);
      if ((await repo.findUserByEmail(trx, account.email)) || holders.some((h) => h.username_key === key))
        throw ACCOUNT_EXISTS();
      if (holders.length > 0) throw USERNAME_SIMILAR();
      const row = await repo.insertUser(trx, {
        email: account.email,
        username: account.username,
        username_key: key,
        username_skeleton: skeleton,
        password_hash: account.passwordHash,
        // Listed ADMIN_EMAILS become admins by proving the address, never by signing up (toUser).
        role: "user",
        signup_ip: account.signupIp,
        referral_source: account.referral.source ?? null,
        referral_medium: account.referral.medium ?? null,
        referral_campaign: account.referral.campaign ?? null,
        referrer_url: account.referral.referrerUrl ?? null,
        created_at: now.toISOString(),
      });
      return await within(trx, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ACCOUNT_EXISTS();
    throw error;
  }
}

/** The stored account with this (normalized) email, password hash included: for signing in and reset links. */
export async function accountByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (await repo.findUserByEmail(db, email)) ?? null;
}

/** The stored account with this id, password hash included. */
export async function accountById(db: Db, id: number): Promise<UserRow | null> {
  return (await repo.findUserById(db, id)) ?? null;
}

/** Sets an account's password hash (a reset); the caller ends its sessions. */
export async function setPasswordHash(trx: Db, userId: number, hash: string): Promise<void> {
  await repo.setPasswordHash(trx, userId, hash);
}

/** Marks the account's address proved (a confirmation link); a deleted account stays unproved. */
export async function markEmailVerified(trx: Db, userId: number, at: string): Promise<void> {
  await repo.setEmailVerified(trx, userId, at);
}

/**
 * Renames the signed-in user; names are unique ignoring case and must not look like another's
 * (the user may change their own name's case).
 */
export async function rename(
  db: Db,
  now: Date,
  userId: number,
  username: string,
  adminEmails: readonly string[],
): Promise<User> {
  const problem = usernameProblem(username);
  if (problem) throw badRequest(problem, "invalid_username");
  const key = usernameKey(username);
  const skeleton = usernameSkeleton(username);
  try {
    return await db.transaction().execute(async (trx) => {
      const holders = await repo.usernameHolders(trx, key, skeleton, userId);
      if (holders.some((h) => h.username_key === key)) throw USERNAME_TAKEN();
      if (holders.length > 0) throw USERNAME_SIMILAR();
      const renamed = await repo.updateUsername(trx, userId, username, key, skeleton);
      await publish(trx, now, "user.renamed", { userId }); // boards show usernames
      return toUser(renamed, adminEmails);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw USERNAME_TAKEN();
    throw error;
  }
}

/** Makes an existing account an admin (CLI `users promote`); audited. */
export async function promote(db: Db, now: Date, email: string, actor: audit.Actor): Promise<User> {
  const row = await repo.findUserByEmail(db, normalizeEmail(email));
  if (!row) throw notFound(`No user with email ${normalizeEmail(email)}`, "user_not_found");
  await db.transaction().execute(async (trx) => {
    await repo.setRole(trx, row.id, "admin");
    await audit.record(trx, now, actor, "user.promote", `user:${row.id}`, { email: row.email });
  });
  return toUser({ ...row, role: "admin" }, []);
}

/** Looks a user up for other modules. */
export async function findUser(db: Db, id: number, adminEmails: readonly string[] = []): Promise<User | null> {
  const row = await repo.findUserById(db, id);
  return row ? toUser(row, adminEmails) : null;
}

/** Whether the account exists and was not deleted: someone who can be asked to be a friend. */
export async function isActiveAccount(db: Db, id: number): Promise<boolean> {
  const row = await repo.findUserById(db, id);
  return row !== undefined && row.deleted_at === null;
}

/** A living account by its username (case ignored), for its profile; null when none or deleted. */
export async function activeAccountByUsername(db: Db, username: string): Promise<UserRow | null> {
  const row = await repo.findUserByUsernameKey(db, usernameKey(username));
  return row && row.deleted_at === null ? row : null;
}

export async function setProfileVisibility(db: Db, userId: number, visibility: UserRow["profile_visibility"]) {
  await repo.setProfileVisibility(db, userId, visibility);
}

/** The ids of every bot account, oldest first. */
export async function botUserIds(db: Db): Promise<number[]> {
  return (await repo.botIds(db)).map((r) => r.id);
}

/** Whether the database has no accounts at all (a first start). */
export async function hasNoUsers(db: Db): Promise<boolean> {
  return (await repo.countUsers(db)) === 0;
}

/**
 * Creates bot accounts inside the caller's transaction, skipping names people already hold.
 * Bots never sign in: they share one hash of a random secret nobody knows.
 */
export async function createBotAccounts(
  trx: Db,
  now: Date,
  candidates: { username: string; email: string }[],
  count: number,
  passwordHash: string,
): Promise<number[]> {
  const taken = await repo.takenUsernameKeys(
    trx,
    candidates.map((c) => usernameKey(c.username)),
  );
  const ids: number[] = [];
  for (const candidate of candidates) {
    if (ids.length === count) break;
    if (taken.has(usernameKey(candidate.username))) continue;
    const row = await repo.insertUser(trx, {
      email: candidate.email,
      username: candidate.username,
      username_key: usernameKey(candidate.username),
      username_skeleton: usernameSkeleton(candidate.username),
      password_hash: passwordHash,
      role: "user",
      is_bot: 1,
      signup_ip: null,
      referral_source: null,
      referral_medium: null,
      referral_campaign: null,
      referrer_url: null,
      created_at: now.toISOString(),
    });
    ids.push(row.id);
  }
  return ids;
}

export interface Account {
  id: number;
  username: string;
  isBot: boolean;
  isAdmin: boolean;
  createdAt: string;
  signupAddress: string | null;
}

/** What the contest needs to know about players: bot, admin, when and from where they signed up. */
export async function accounts(db: Db, ids: number[], adminEmails: readonly string[]): Promise<Account[]> {
  return (await repo.usersByIds(db, ids)).map((row) => ({
    id: row.id,
    username: row.username,
    isBot: row.is_bot === 1,
    isAdmin: isAdmin(toUser(row, adminEmails)),
    createdAt: row.created_at,
    signupAddress: row.signup_ip,
  }));
}

/** Every account signed up from these addresses. */
export async function signupsFrom(db: Db, addresses: string[]) {
  return (await repo.usersFromAddresses(db, addresses)).map((r) => ({
    userId: r.id,
    username: r.username,
    address: r.signup_ip,
    createdAt: r.created_at,
  }));
}

/** A user by id or by username (any case): how 'Invite Users' names someone. */
export async function findUserByIdOrName(
  db: Db,
  idOrName: number | string,
): Promise<{ id: number; username: string } | null> {
  if (typeof idOrName === "number" || /^\d+$/.test(idOrName)) {
    // Above ID_MAX no id exists, and PostgreSQL would refuse to compare an integer column with it.
    const row = Number(idOrName) <= ID_MAX ? await repo.findUserById(db, Number(idOrName)) : undefined;
    if (row) return { id: row.id, username: row.username };
    if (typeof idOrName === "number") return null;
  }
  return (await repo.findUserIdByUsernameKey(db, usernameKey(String(idOrName).trim()))) ?? null;
}

/** Checks a signed-in player's password (for deleting the account). */
export async function verifyPassword(db: Db, userId: number, password: string, asker: Asker): Promise<boolean> {
  const row = await repo.findUserById(db, userId);
  return row ? verifyPasswordHash(password, row.password_hash, asker) : false;
}

/** A hash of a random secret nobody holds: what a deleted account's password becomes. Hash it before the transaction. */
export function unusablePasswordHash(asker: Asker): Promise<string> {
  return hashPassword(randomToken(), asker);
}

/**
 * Anonymises an account in the caller's transaction: no email, no proof of it, a placeholder
 * name; bets stay. The caller ends its sessions and links (auth `forgetSessionsAndLinks`).
 * Sign-up and renaming refuse the placeholders' shapes, so they are free; should a row hold one
 * anyway (written to the database by hand), a random suffix keeps the deletion from failing.
 */
export async function anonymise(trx: Db, now: Date, userId: number, unusableHash: string): Promise<void> {
  let { username, email } = deletedAccountPlaceholder(userId);
  if (await repo.placeholderTaken(trx, userId, usernameKey(username), email)) {
    const suffix = randomToken(6).toLowerCase();
    username = `${username}-${suffix}`;
    email = email.replace("@", ` ${suffix}@`);
  }
  await repo.anonymise(trx, userId, now.toISOString(), unusableHash, {
    username,
    key: usernameKey(username),
    skeleton: usernameSkeleton(username),
    email,
  });
  await publish(trx, now, "user.renamed", { userId }); // boards show the placeholder name from now on
}

/** Everything we hold about an account itself, for its owner's export. */
export async function accountExport(db: Db, userId: number) {
  const row = await repo.findUserById(db, userId);
  if (!row) throw notFound("No such user", "user_not_found");
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    emailVerifiedAt: row.email_verified_at,
    createdAt: row.created_at,
    signupAddress: row.signup_ip,
    referral: {
      source: row.referral_source,
      medium: row.referral_medium,
      campaign: row.referral_campaign,
      referrerUrl: row.referrer_url,
    },
  };
}
