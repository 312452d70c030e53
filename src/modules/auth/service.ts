import type { Db } from "../../db/connection.ts";
import { badRequest, conflict, notFound, unauthorized } from "../../lib/errors.ts";
import { randomToken, sha256 } from "../../lib/ids.ts";
import * as audit from "../audit/service.ts";
import type { LoginInput, RegisterInput, User } from "./model.ts";
import * as repo from "./repo.ts";
import { emailProblem, normalizeEmail, passwordProblem, usernameKey, usernameProblem } from "./rules.ts";
import type { UserRow } from "./table.ts";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export interface SignedIn {
  user: User;
  /** The cookie's value; only its hash is stored. */
  token: string;
}

/** The user as the API shows it. Listed ADMIN_EMAILS are admins whenever they registered. */
export function toUser(row: UserRow, adminEmails: readonly string[]): User {
  const role = row.role === "admin" || adminEmails.includes(row.email) ? "admin" : "user";
  return { id: row.id, email: row.email, username: row.username, role };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message);
}

function check(field: string, problem: string | null): void {
  if (problem) throw badRequest(problem, `invalid_${field}`);
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

  if (await repo.findUserByEmail(db, email)) throw conflict("An account with this email already exists", "email_taken");
  if (await repo.findUserByUsernameKey(db, usernameKey(input.username))) throw conflict("That username is taken", "username_taken");

  // Hash outside any transaction: it takes tens of milliseconds on purpose.
  const passwordHash = await Bun.password.hash(input.password, "argon2id");
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await repo.insertUser(trx, {
        email,
        username: input.username,
        username_key: usernameKey(input.username),
        password_hash: passwordHash,
        role: opts.adminEmails.includes(email) ? "admin" : "user",
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
    if (isUniqueViolation(error)) throw conflict("An account with this email or username already exists", "account_exists");
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
export async function userForSession(db: Db, now: Date, token: string, adminEmails: readonly string[]): Promise<User | null> {
  const row = await repo.findSessionUser(db, sessionHash(token), now.toISOString());
  return row ? toUser(row, adminEmails) : null;
}

export async function logout(db: Db, token: string): Promise<void> {
  await repo.deleteSession(db, sessionHash(token));
}

/** Renames the signed-in user; names are unique ignoring case (the user may change their own name's case). */
export async function rename(db: Db, userId: number, username: string, adminEmails: readonly string[]): Promise<User> {
  check("username", usernameProblem(username));
  const key = usernameKey(username);
  const holder = await repo.findUserByUsernameKey(db, key);
  if (holder && holder.id !== userId) throw conflict("That username is taken", "username_taken");
  try {
    return toUser(await repo.updateUsername(db, userId, username, key), adminEmails);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("That username is taken", "username_taken");
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
  const taken = await repo.takenUsernameKeys(trx, candidates.map((c) => usernameKey(c.username)));
  const ids: number[] = [];
  for (const candidate of candidates) {
    if (ids.length === count) break;
    if (taken.has(usernameKey(candidate.username))) continue;
    const row = await repo.insertUser(trx, {
      email: candidate.email,
      username: candidate.username,
      username_key: usernameKey(candidate.username),
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
  return (await repo.usersFromAddresses(db, addresses)).map((r) => ({ userId: r.id, username: r.username, address: r.signup_ip, createdAt: r.created_at }));
}

/** A user by id or by username (any case): how 'Invite Users' names someone. */
export async function findUserByIdOrName(db: Db, idOrName: number | string): Promise<{ id: number; username: string } | null> {
  if (typeof idOrName === "number" || /^\d+$/.test(idOrName)) {
    const row = await repo.findUserById(db, Number(idOrName));
    if (row) return { id: row.id, username: row.username };
    if (typeof idOrName === "number") return null;
  }
  return (await repo.findUserIdByUsernameKey(db, usernameKey(String(idOrName).trim()))) ?? null;
}

export const RESET_LINK_MINUTES = 60;

/** A one-time password reset link, valid for an hour. Throws 404 for an unknown email (the CLI says so; the API stays quiet). */
export async function createResetLink(db: Db, now: Date, email: string, origin: string): Promise<{ url: string; user: User; expiresAt: string }> {
  const row = await repo.findUserByEmail(db, normalizeEmail(email));
  if (!row || row.deleted_at) throw notFound(`No user with email ${normalizeEmail(email)}`, "user_not_found");
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60 * 1000).toISOString();
  await repo.insertPasswordReset(db, { token_hash: sha256(token), user_id: row.id, created_at: now.toISOString(), expires_at: expiresAt });
  return { url: `${origin}/auth?reset=${encodeURIComponent(token)}`, user: toUser(row, []), expiresAt };
}

/** Sets a new password from a reset link, once; every session of the account ends. */
export async function resetPassword(db: Db, now: Date, token: string, password: string): Promise<void> {
  check("password", passwordProblem(password));
  const hash = await Bun.password.hash(password, "argon2id");
  await db.transaction().execute(async (trx) => {
    const reset = await repo.findPasswordReset(trx, sha256(token));
    if (!reset || reset.used_at !== null || reset.expires_at <= now.toISOString()) {
      throw badRequest("This reset link has expired or was already used. Ask for a new one.", "reset_link_invalid");
    }
    await repo.usePasswordReset(trx, reset.token_hash, now.toISOString());
    await repo.setPasswordHash(trx, reset.user_id, hash);
    await repo.deleteSessionsOf(trx, reset.user_id);
  });
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

/** Anonymises an account in the caller's transaction: no email, no sessions, a placeholder name; bets stay. */
export async function anonymiseAccount(trx: Db, now: Date, userId: number, unusableHash: string): Promise<void> {
  await repo.anonymise(trx, userId, now.toISOString(), unusableHash);
  await repo.deleteSessionsOf(trx, userId);
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
    createdAt: row.created_at,
    signupAddress: row.signup_ip,
    referral: { source: row.referral_source, medium: row.referral_medium, campaign: row.referral_campaign, referrerUrl: row.referrer_url },
  };
}
