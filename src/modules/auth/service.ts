/**
 * Signing up and in: sessions, sign-out, password resets and address confirmations (the
 * `sessions` and `password_resets` tables). Accounts themselves are the users module's.
 */
import type { Db } from "../../runtime/index.ts";
import { badRequest, notFound, unauthorized } from "../../lib/errors.ts";
import type { SessionEndReason, SessionsEnded } from "../../shared/contract/events.ts";
import { randomToken, sha256 } from "../../lib/ids.ts";
import { type Asker, hashPassword, verifyPassword } from "../../lib/password-hashing.ts";
import * as push from "../push/service.ts";
import { revokeTokensOf } from "../tokens/service.ts";
import { publish } from "../realtime/service.ts";
import * as users from "../users/service.ts";
import type { User } from "../../shared/contract/auth.ts";
import type { LoginInput, RegisterInput } from "./model.ts";
import * as repo from "./repo.ts";
import { emailProblem, normalizeEmail, passwordProblem, usernameProblem } from "../../shared/accounts.ts";
import type { LinkPurpose } from "./table.ts";
import { assertOwnConfirmationLink } from "./policy.ts";
import { isKnownDevice, knownDeviceToken } from "./rules.ts";
import { ErrorCode, invalidFieldCode } from "../../shared/error-codes.ts";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export interface SignedIn {
  user: User;
  /** The cookie's value; only its hash is stored. */
  token: string;
  /** The known-device cookie's value for this browser (rules.ts): its next sign-ins to the account go first. */
  device: string;
}

function check(field: "email" | "username" | "password", problem: string | null): void {
  if (problem) throw badRequest(problem, invalidFieldCode(field));
}

/** Starts a session for a user and returns its token (the cookie's value). */
export async function startSession(db: Db, now: Date, userId: number): Promise<string> {
  return (await newSession(db, now, userId)).token;
}

async function newSession(db: Db, now: Date, userId: number) {
  const token = randomToken();
  const session = { token, hash: sha256(token), expiresAt: new Date(now.getTime() + SESSION_MS).toISOString() };
  await repo.insertSession(db, {
    token_hash: session.hash,
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: session.expiresAt,
  });
  return session;
}

/** Creates an account and signs it in. A filled honeypot is refused without creating anything. */
export async function register(
  db: Db,
  now: Date,
  input: RegisterInput,
  opts: { adminEmails: readonly string[]; clientAddress: string; asker: Asker },
): Promise<SignedIn> {
  if (input.website && input.website.trim() !== "") throw badRequest("Registration refused", "honeypot");
  const email = checkedEmail(input.email);
  check("username", usernameProblem(input.username));
  check("password", passwordProblem(input.password));

  // Hash before looking anything up, outside the transaction (it takes tens of milliseconds on
  // purpose): a taken address then costs as long as a free one.
  const passwordHash = await hashPassword(input.password, opts.asker);
  const account: users.NewAccount = {
    email,
    username: input.username,
    passwordHash,
    signupIp: opts.clientAddress,
    referral: {
      source: input.referralSource,
      medium: input.referralMedium,
      campaign: input.referralCampaign,
      referrerUrl: input.referrerUrl,
    },
  };
  return users.createAccount(db, now, account, async (trx, row) => {
    const token = await startSession(trx, now, row.id);
    const device = knownDeviceToken({ id: row.id, passwordHash }, now);
    return { user: users.toUser(row, opts.adminEmails), token, device };
  });
}

/** An address as stored, after the sign-up form's rule (on what was typed: one trailing dot is all it strips); 400 otherwise. */
export function checkedEmail(typed: string): string {
  check("email", emailProblem(typed.trim()));
  return normalizeEmail(typed);
}

// A real argon2id hash, so a login for an unknown email costs as much as one with a wrong password.
const DUMMY_HASH = Bun.password.hashSync("not-a-real-password", "argon2id");

/** Checks the password and starts a new session (a new one at every sign-in). */
export async function login(
  db: Db,
  now: Date,
  input: LoginInput,
  adminEmails: readonly string[],
  asker: Asker,
): Promise<SignedIn> {
  const row = await users.accountByEmail(db, normalizeEmail(input.email));
  // No account: the dummy check waits behind every sign-in to a real account (the cheapest flood
  // is made-up addresses). The answer is the same 401; only a flood's wait tells the two apart.
  const standing = row && !row.deleted_at ? asker.standing : "last";
  const ok = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH, { ...asker, standing });
  if (!row || !ok || row.deleted_at) throw unauthorized("Invalid email or password", "invalid_credentials");
  const token = await startSession(db, now, row.id);
  const device = knownDeviceToken({ id: row.id, passwordHash: row.password_hash }, now);
  return { user: users.toUser(row, adminEmails), token, device };
}

/**
 * Whether a sign-in comes from a browser known to that account (its known-device cookie, rules.ts):
 * such a sign-in goes first in the password queue. No cookie, no lookup.
 */
export async function isKnownDeviceOf(db: Db, now: Date, email: string, device: string | undefined): Promise<boolean> {
  if (!device) return false;
  const row = await users.accountByEmail(db, email);
  return !!row && !row.deleted_at && isKnownDevice(device, { id: row.id, passwordHash: row.password_hash }, now);
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
  return row ? users.toUser(row, adminEmails) : null;
}

/** When a session ends, or null when it is unknown or over: asked again inside a transaction that depends on it. */
export async function sessionLiveUntil(db: Db, token: string, now: Date): Promise<string | null> {
  const expiresAt = await repo.sessionExpiry(db, sessionHash(token));
  return expiresAt !== undefined && expiresAt > now.toISOString() ? expiresAt : null;
}

/** Ends one session and the push devices turned on in it; every process closes its sockets (the event). */
export async function logout(db: Db, now: Date, token: string): Promise<SessionsEnded> {
  const ended: SessionsEnded = { sessionHash: sessionHash(token), reason: "signed_out" };
  await db.transaction().execute(async (trx) => {
    await repo.deleteSession(trx, ended.sessionHash);
    await push.endSessionDevices(trx, ended.sessionHash);
    await publish(trx, now, "sessions.ended", ended);
  });
  return ended;
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

/** The account a one-time link belongs to, or null when it is unknown, used or expired. Spends nothing. */
async function liveLinkOwner(db: Db, now: Date, token: string, purpose: LinkPurpose): Promise<number | null> {
  const link = await repo.findOneTimeLink(db, sha256(token), purpose);
  return link && link.used_at === null && link.expires_at > now.toISOString() ? link.user_id : null;
}

/** Spends a one-time link in the caller's transaction; the account it belongs to, or null when it is unknown, used or expired. */
async function spendLink(trx: Db, now: Date, token: string, purpose: LinkPurpose): Promise<number | null> {
  const userId = await liveLinkOwner(trx, now, token, purpose);
  if (userId !== null) await repo.spendLinksOf(trx, userId, purpose, now.toISOString());
  return userId;
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
  const row = await users.accountByEmail(db, normalizeEmail(email));
  if (!row || row.deleted_at) throw notFound(`No user with email ${normalizeEmail(email)}`, "user_not_found");
  const { token, expiresAt } = await createLink(db, now, row.id, "password_reset", RESET_LINK_MINUTES * 60_000);
  return { url: `${origin}/auth?reset=${encodeURIComponent(token)}`, user: users.toUser(row, []), expiresAt };
}

/** The email of the account a reset link belongs to, for its per-account rate limit; null when there is none. */
export async function resetLinkEmail(db: Db, token: string): Promise<string | null> {
  const link = await repo.findOneTimeLink(db, sha256(token), "password_reset");
  return link ? ((await users.accountById(db, link.user_id))?.email ?? null) : null;
}

/**
 * Sets a new password from a reset link, once: every session of the account ends and every other
 * reset link of it dies. Returns the account's id.
 */
export async function resetPassword(
  db: Db,
  now: Date,
  token: string,
  password: string,
  asker: Asker,
): Promise<SessionsEnded> {
  check("password", passwordProblem(password));
  const deadLink = () =>
    badRequest("This reset link has expired or was already used. Ask for a new one.", ErrorCode.resetLinkInvalid);
  // The link first: a made-up token must cost no argon2 hash. It is spent (checked again) in the transaction.
  const owner = await liveLinkOwner(db, now, token, "password_reset");
  if (owner === null) throw deadLink();
  // A live link (mailed to the account) is as good as a session: its holder goes first.
  const hash = await hashPassword(password, { ...asker, standing: { knownAs: `user:${owner}` } });
  return db.transaction().execute(async (trx) => {
    const userId = await spendLink(trx, now, token, "password_reset");
    if (userId === null) throw deadLink();
    await users.setPasswordHash(trx, userId, hash);
    return endSessionsOf(trx, now, userId, "password_reset");
  });
}

/**
 * Changes a signed-in player's password after checking the current one. Every session ends, the
 * one it is done from included (a thief holding that cookie is signed out too), and unused reset
 * links die; the changing browser goes on in a new session, whose token this returns (its cookie),
 * keeps its push devices (every other session's end with them) and stays known to the account
 * (every other browser stops being known: the hash changed).
 */
export async function changePassword(
  db: Db,
  now: Date,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  currentToken: string,
  asker: Asker,
): Promise<{ ended: SessionsEnded; token: string; device: string }> {
  // Signed in: the player goes first in the password queue.
  const known: Asker = { ...asker, standing: { knownAs: `user:${userId}` } };
  if (!(await users.verifyPassword(db, userId, input.currentPassword, known)))
    throw badRequest("currentPassword: that is not your password", "wrong_password");
  check("password", passwordProblem(input.newPassword));
  const hash = await hashPassword(input.newPassword, known);
  return db.transaction().execute(async (trx) => {
    await users.setPasswordHash(trx, userId, hash);
    await repo.deleteLinksOf(trx, userId);
    await repo.deleteSessionsOf(trx, userId);
    const next = await newSession(trx, now, userId);
    await push.endDevicesOf(trx, userId, { from: sessionHash(currentToken), to: next });
    const device = knownDeviceToken({ id: userId, passwordHash: hash }, now);
    return { ended: await sessionsEnded(trx, now, userId, "password_changed"), token: next.token, device };
  });
}

/** A one-time link, valid for a day, that proves the account's address (what makes a listed ADMIN_EMAILS address an admin). */
export async function createVerificationLink(
  db: Db,
  now: Date,
  userId: number,
  origin: string,
): Promise<{ url: string; user: User }> {
  const row = await users.accountById(db, userId);
  if (!row || row.deleted_at) throw notFound("No such user", "user_not_found");
  const { token } = await createLink(db, now, row.id, "email_verification", VERIFY_LINK_HOURS * 60 * 60_000);
  return { url: `${origin}/auth?verify=${encodeURIComponent(token)}`, user: users.toUser(row, []) };
}

/**
 * Marks the address of a confirmation link's account proved, once, and only for the signed-in owner
 * of that account: the mailbox alone proves nothing about who holds the account (whoever registered
 * the address could be someone else). Another account's link is refused and stays unspent.
 */
export async function verifyEmail(db: Db, now: Date, token: string, signedInUserId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owner = await liveLinkOwner(trx, now, token, "email_verification");
    if (owner === null)
      throw badRequest("This confirmation link has expired or was already used.", "verify_link_invalid");
    assertOwnConfirmationLink(owner, signedInUserId);
    await repo.spendLinksOf(trx, owner, "email_verification", now.toISOString());
    await users.markEmailVerified(trx, owner, now.toISOString());
  });
}

/** Deletes expired sessions and used or expired one-time links; `serve` runs it periodically. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<{ sessions: number; links: number }> {
  const at = now.toISOString();
  const [sessions] = await repo.deleteExpiredSessions(db, at);
  const [links] = await repo.deleteSpentLinks(db, at);
  return { sessions: Number(sessions?.numDeletedRows ?? 0), links: Number(links?.numDeletedRows ?? 0) };
}

/** Ends every session of an account and drops its one-time links, in the caller's transaction (account deletion). */
export async function forgetSessionsAndLinks(trx: Db, now: Date, userId: number): Promise<SessionsEnded> {
  await repo.deleteLinksOf(trx, userId);
  return endSessionsOf(trx, now, userId, "account_deleted");
}

/**
 * Ends every session of a player, their push devices and their API tokens (a reset or a deletion
 * says the account was taken, or is gone: its scripts stop too), in the caller's transaction.
 */
async function endSessionsOf(trx: Db, now: Date, userId: number, reason: SessionEndReason): Promise<SessionsEnded> {
  await repo.deleteSessionsOf(trx, userId);
  await push.endDevicesOf(trx, userId);
  await revokeTokensOf(trx, userId);
  return sessionsEnded(trx, now, userId, reason);
}

/**
 * Tells every process that a player's sessions ended (their sockets close; `keptSessionHash` stays
 * in the event for sessions.ended events already in the outbox).
 */
async function sessionsEnded(trx: Db, now: Date, userId: number, reason: SessionEndReason): Promise<SessionsEnded> {
  const ended: SessionsEnded = { userId, keptSessionHash: null, reason };
  await publish(trx, now, "sessions.ended", ended);
  return ended;
}
