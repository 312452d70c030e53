/**
 * Who is an admin, and the admin check every admin route makes (DESIGN "Access"), pure. The
 * `{ admin: true }` macro (plugin.ts) and the metrics route use `assertAdmin`/`isAdmin`.
 */
import { forbidden } from "../../lib/errors.ts";
import { ErrorCode } from "../../shared/error-codes.ts";

export type Role = "user" | "admin";

/**
 * An account's role as the API shows it. A listed ADMIN_EMAILS address is an admin once its owner
 * proved it (a mailed link), whenever they registered; `users promote` stores the role. Deleted
 * accounts never are.
 */
export function roleOf(
  account: { email: string; role: Role; emailVerified: boolean; deleted: boolean },
  adminEmails: readonly string[],
): Role {
  if (account.deleted) return "user";
  const provedListed = account.emailVerified && adminEmails.includes(account.email);
  return account.role === "admin" || provedListed ? "admin" : "user";
}

/** Whether the account's address is listed in ADMIN_EMAILS but not proved yet: it gets a confirmation link. */
export function needsAdminProof(user: { email: string; role: Role }, adminEmails: readonly string[]): boolean {
  return user.role !== "admin" && adminEmails.includes(user.email);
}

export function isAdmin(user: { role: Role } | null | undefined): boolean {
  return user?.role === "admin";
}

/** The admin API is for users with role `admin` only: 403 `admin_only` otherwise. */
export function assertAdmin(user: { role: Role }): void {
  if (!isAdmin(user)) throw forbidden("Admins only", "admin_only");
}

/**
 * An address confirmation link counts only when its own account, signed in, uses it: the mailbox
 * alone proves nothing about who holds the account (whoever registered the address may not own it).
 */
export function assertOwnConfirmationLink(linkUserId: number, signedInUserId: number): void {
  if (linkUserId !== signedInUserId)
    throw forbidden(
      "This confirmation link is for another account. Sign in to the account it was sent for, then confirm.",
      ErrorCode.verifyLinkOtherAccount,
    );
}
