import type { Db } from "../../db/connection.ts";
import { badRequest, conflict, notFound, unauthorized } from "../../lib/errors.ts";
import { randomToken, sha256 } from "../../lib/ids.ts";
import * as audit from "../audit/service.ts";
import type { User } from "../../shared/contract/auth.ts";
import type { LoginInput, RegisterInput } from "./model.ts";
import * as repo from "./repo.ts";
import {
  emailProblem,
  normalizeEmail,
  passwordProblem,
  usernameKey,
  usernameProblem,
  usernameSkeleton,
} from "../../shared/accounts.ts";
import type { LinkPurpose, UserRow } from "./table.ts";
import { ErrorCode, invalidFieldCode } from "../../shared/error-codes.ts";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export interface SignedIn {
  user: User;
  /** The cookie's value; only its hash is stored. */
  token: string;
}

/**
 * The user as the API shows it. A listed ADMIN_EMAILS address is an admin once its owner proved it
 * (a mailed link), whenever they registered; `users promote` stores the role. Deleted accounts never are.
 */
export function toUser(row: UserRow, adminEmails: readonly string[]): User {
  const provedListed = row.email_verified_at !== null && adminEmails.includes(row.email);
  const role = row.deleted_at === null && (row.role === "admin" || provedListed) ? "admin" : "user";
  return { id: row.id, email: row.email, username: row.username, role };
}

/** Whether the account's address is listed in ADMIN_EMAILS but not proved yet: it gets a confirmation link. */
export function needsAdminProof(user: User, adminEmails: readonly string[]): boolean {
  return user.role !== "admin" && adminEmails.includes(user.email);
}

// One answer for a taken email and a taken name: which one it was would tell who has an account.
const ACCOUNT_EXISTS = () => conflict("An account with this email or username already exists", "account_exists");
const USERNAME_TAKEN = () => conflict("That username is taken", "username_taken");
const USERNAME_SIMILAR = () =>
  conflict("That username is too similar to an existing username", ErrorCode.usernameSimilar);

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message);
}

function check(field: "email" | "username" | "password", problem: string | null): void {
  if (problem) throw badRequest(problem, invalidFieldCode(field));
}

/** Starts a session for a user and returns its token (the cookie's value). */
export async function startSession(db: Db, now: Date, userId: number): Promise<string> {
  const token = randomToken();
  await repo.insertSession(db, {
    token_hash: sha256(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MS).toISOString(),
  });
  return token;
}

/** Creates an account and signs it in. A filled honeypot is refused without creating anything. */
export async function register(
  db: Db,
  now: Date,
  input: RegisterInput,
  opts: { adminEmails: readonly string[]; clientAddress: string },
): Promise<SignedIn> {
  if (input.website && input.website.trim() !== "") throw badRequest("Registration refused", "honeypot");
  const email = normalizeEmail(input.email);
  check("email", emailProblem(email));
  check("username", usernameProblem(input.username));
  check("password", passwordProblem(input.password));

  const key = usernameKey(input.username);
  const skeleton = usernameSkeleton(input.username);

  // Hash before looking anything up, outside the transaction (it takes tens of milliseconds on
  // purpose): a taken address then costs as long as a free one.
  const passwordHash = await Bun.password.hash(input.password, "argon2id");
  try {
    return await db.transaction().execute(async (trx) => {
      const holders = await repo.usernameHolders(trx, key, skeleton, null);
      if ((await repo.findUserByEmail(trx, email)) || holders.some((h) => h.username_key === key))
        throw ACCOUNT_EXISTS();
      if (holders.length > 0) throw USERNAME_SIMILAR();
      const row = await repo.insertUser(trx, {
        email,
        username: input.username,
        username_key: key,
        username_skeleton: skeleton,
        password_hash: passwordHash,
        // Listed ADMIN_EMAILS become admins by proving the address, never by signing up (toUser).
        role: "user",
        signup_ip: opts.clientAddress,
        referral_source: input.referralSource ?? null,
        referral_medium: input.referralMedium ?? null,
        referral_campaign: input.referralCampaign ?? null,
        referrer_url: input.referrerUrl ?? null,
        created_at: now.toISOString(),
      });
      const token = await startSession(trx, now, row.id);
      return { user: toUser(row, opts.adminEmails), token };
    });
  } catch (error) {
    // Two sign-ups racing for the same name: the loser gets the same answer as above.
    if (isUniqueViolation(error)) throw ACCOUNT_EXISTS();
    throw error;
  }
}

// A real argon2id hash, so a login for an unknown email costs as much as one with a wrong password.
const DUMMY_HASH = Bun.password.hashSync("not-a-real-password", "argon2id");

/** Checks the password and starts a new session (a new one at every sign-in). */
export async function login(db: Db, now: Date, input: LoginInput, adminEmails: readonly string[]): Promise<SignedIn> {
  const row = await repo.findUserByEmail(db, normalizeEmail(input.email));
  const ok = await Bun.password.verify(input.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !ok || row.deleted_at) throw unauthorized("Invalid email or password", "invalid_credentials");
  const token = await startSession(db, now, row.id);
  return { user: toUser(row, adminEmails), token };
}

export function sessionHash(token: string): string {
  return sha256(token);
}

/** The user a session cookie belongs to, or null when it is unknown or expired. */
export async function userForSession(
  db: Db,
  now: Date,
  token: string,
  adminEmails: readonly string[],
): Promise<User | null> {
  const row = await repo.findSessionUser(db, sessionHash(token), now.toISOString());
  return row ? toUser(row, adminEmails) : null;
}

export async function logout(db: Db, token: string): Promise<void> {
  await repo.deleteSession(db, sessionHash(token));
}

/**
 * Renames the signed-in user; names are unique ignoring case and must not look like another's
 * (the user may change their own name's case).
 */
export async function rename(db: Db, userId: number, username: string, adminEmails: readonly string[]): Promise<User> {
  check("username", usernameProblem(username));
  const key = usernameKey(username);
  const skeleton = usernameSkeleton(username);
  try {
    return await db.transaction().execute(async (trx) => {
      const holders = await repo.usernameHolders(trx, key, skeleton, userId);
      if (holders.some((h) => h.username_key === key)) throw USERNAME_TAKEN();
      if (holders.length > 0) throw USERNAME_SIMILAR();
      return toUser(await repo.updateUsername(trx, userId, username, key, skeleton), adminEmails);
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
    isAdmin: toUser(row, adminEmails).role === "admin",
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
    const row = await repo.findUserById(db, Number(idOrName));
    if (row) return { id: row.id, username: row.username };
    if (typeof idOrName === "number") return null;
  }
  return (await repo.findUserIdByUsernameKey(db, usernameKey(String(idOrName).trim()))) ?? null;
}

export const RESET_LINK_MINUTES = 60;
export const VERIFY_LINK_HOURS = 24;

async function createLink(
  db: Db,
  now: Date,
  userId: number,
  purpose: LinkPurpose,
  validMs: number,
): Promise<{ token: string; expiresAt: string }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + validMs).toISOString();
  await repo.insertOneTimeLink(db, {
    token_hash: sha256(token),
    purpose,
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/** Spends a one-time link in the caller's transaction; the account it belongs to, or null when it is unknown, used or expired. */
async function spendLink(trx: Db, now: Date, token: string, purpose: LinkPurpose): Promise<number | null> {
  const link = await repo.findOneTimeLink(trx, sha256(token), purpose);
  if (!link || link.used_at !== null || link.expires_at <= now.toISOString()) return null;
  await repo.spendLinksOf(trx, link.user_id, purpose, now.toISOString());
  return link.user_id;
}

/**
 * A one-time password reset link, valid for an hour, at `origin` (PUBLIC_URL: never a request's
 * Host header). Throws 404 for an unknown email (the CLI says so; the API stays quiet).
 */
export async function createResetLink(
  db: Db,
  now: Date,
  email: string,
  origin: string,
): Promise<{ url: string; user: User; expiresAt: string }> {
  const row = await repo.findUserByEmail(db, normalizeEmail(email));
  if (!row || row.deleted_at) throw notFound(`No user with email ${normalizeEmail(email)}`, "user_not_found");
  const { token, expiresAt } = await createLink(db, now, row.id, "password_reset", RESET_LINK_MINUTES * 60_000);
  return { url: `${origin}/auth?reset=${encodeURIComponent(token)}`, user: toUser(row, []), expiresAt };
}

/** The email of the account a reset link belongs to, for its per-account rate limit; null when there is none. */
export async function resetLinkEmail(db: Db, token: string): Promise<string | null> {
  const link = await repo.findOneTimeLink(db, sha256(token), "password_reset");
  return link ? ((await repo.findUserById(db, link.user_id))?.email ?? null) : null;
}

/**
 * Sets a new password from a reset link, once: every session of the account ends and every other
 * reset link of it dies. Returns the account's id.
 */
export async function resetPassword(db: Db, now: Date, token: string, password: string): Promise<number> {
  check("password", passwordProblem(password));
  const hash = await Bun.password.hash(password, "argon2id");
  return db.transaction().execute(async (trx) => {
    const userId = await spendLink(trx, now, token, "password_reset");
    if (userId === null)
      throw badRequest(
        "This reset link has expired or was already used. Ask for a new one.",
        ErrorCode.resetLinkInvalid,
      );
    await repo.setPasswordHash(trx, userId, hash);
    await repo.deleteSessionsOf(trx, userId);
    return userId;
  });
}

/** A one-time link, valid for a day, that proves the account's address (what makes a listed ADMIN_EMAILS address an admin). */
export async function createVerificationLink(
  db: Db,
  now: Date,
  userId: number,
  origin: string,
): Promise<{ url: string; user: User }> {
  const row = await repo.findUserById(db, userId);
  if (!row || row.deleted_at) throw notFound("No such user", "user_not_found");
  const { token } = await createLink(db, now, row.id, "email_verification", VERIFY_LINK_HOURS * 60 * 60_000);
  return { url: `${origin}/auth?verify=${encodeURIComponent(token)}`, user: toUser(row, []) };
}

/** Marks the address of a confirmation link's account proved, once. */
export async function verifyEmail(db: Db, now: Date, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const userId = await spendLink(trx, now, token, "email_verification");
    if (userId === null)
      throw badRequest("This confirmation link has expired or was already used.", "verify_link_invalid");
    await repo.setEmailVerified(trx, userId, now.toISOString());
  });
}

/** Deletes expired sessions and used or expired one-time links; `serve` runs it periodically. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<{ sessions: number; links: number }> {
  const at = now.toISOString();
  const [sessions] = await repo.deleteExpiredSessions(db, at);
  const [links] = await repo.deleteSpentLinks(db, at);
  return { sessions: Number(sessions?.numDeletedRows ?? 0), links: Number(links?.numDeletedRows ?? 0) };
}

/** Checks a signed-in player's password (for deleting the account). */
export async function verifyPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const row = await repo.findUserById(db, userId);
  return row ? Bun.password.verify(password, row.password_hash) : false;
}

/** A hash of a random secret nobody holds: what a deleted account's password becomes. Hash it before the transaction. */
export function unusablePasswordHash(): Promise<string> {
  return Bun.password.hash(randomToken(), "argon2id");
}

/** Anonymises an account in the caller's transaction: no email, no proof of it, no sessions or links, a placeholder name; bets stay. */
export async function anonymiseAccount(trx: Db, now: Date, userId: number, unusableHash: string): Promise<void> {
  const name = `deleted_user_${userId}`;
  await repo.anonymise(trx, userId, now.toISOString(), unusableHash, { name, skeleton: usernameSkeleton(name) });
  await repo.deleteSessionsOf(trx, userId);
  await repo.deleteLinksOf(trx, userId);
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
