/** Account rules shared by the server and the browser forms (spec §5). Pure: no I/O. */
import { textProblem } from "./text.ts";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
/** A local part, then a domain of at least two labels, none of them empty. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Deleted accounts were once renamed `deleted_user_<id>`; names that read like it would pass for one. */
const DELETED_LOOKALIKE = /^deleted_*user/;
/** RFC 2606 reserves `.invalid`: no mailbox has it, and our own placeholders and bots use it. */
const RESERVED_DOMAIN = /\.invalid$/;

/** The settings screen's messages (spec §5); null when the username is fine. */
export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN) return `Username must be at least ${USERNAME_MIN} characters`;
  if (username.length > USERNAME_MAX) return `Username must be at most ${USERNAME_MAX} characters`;
  if (!USERNAME_PATTERN.test(username)) return "Username can only contain letters, numbers, and underscores";
  if (DELETED_LOOKALIKE.test(usernameSkeleton(username))) return "That username is reserved";
  return null;
}

/**
 * The sign-up form's messages; null when the address is fine. The rules read the address as it is
 * stored: without one trailing dot (`x@foo.invalid.` is `x@foo.invalid`, the same domain in DNS).
 */
export function emailProblem(email: string): string | null {
  if (email.length === 0) return "Email is required";
  // Control and invisible characters (shared/text.ts): `x@foo.invalid` + U+200B would pass every rule below.
  if (textProblem("email", email)) return "Email must not contain invisible or control characters";
  const address = withoutTrailingDot(email);
  if (address.length > EMAIL_MAX || !EMAIL_PATTERN.test(address)) return "Enter a valid email address";
  if (RESERVED_DOMAIN.test(address.toLowerCase())) return "Enter a valid email address";
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

/** How an address is stored, looked up and compared (ADMIN_EMAILS too): trimmed, lower-cased, without one trailing dot. */
export function normalizeEmail(email: string): string {
  return withoutTrailingDot(email.trim().toLowerCase());
}

/** A fully qualified domain may end in a dot (`example.com.`): the same domain as without it. */
const withoutTrailingDot = (email: string) => (email.endsWith(".") ? email.slice(0, -1) : email);

/** Usernames are unique ignoring case. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/**
 * What a username looks like, for refusing look-alikes ("aIice" with a capital i beside "alice"):
 * lower-cased, then i, 1, | and ! read as l, 0 as o, "rn" as m and "vv" as w.
 */
export function usernameSkeleton(username: string): string {
  return username
    .toLowerCase()
    .replace(/[i1|!]/g, "l")
    .replace(/0/g, "o")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/**
 * What a deleted account is renamed to: shapes sign-up and renaming refuse (a space, a `#`, an
 * address with a space in it), so no player can hold them before the account is deleted.
 */
export function deletedAccountPlaceholder(userId: number): { username: string; email: string } {
  return { username: `Deleted user #${userId}`, email: `deleted user ${userId}@deleted.invalid` };
}

/** Avatar initials (spec §2 Shell): first letters of the first two parts split on . _ -, else the first two characters. */
export function avatarInitials(username: string): string {
  const parts = username.split(/[._-]/).filter(Boolean);
  // Leading or doubled separators leave empty parts; they are not initials.
  const initials = parts.length >= 2 ? parts[0]![0]! + parts[1]![0]! : (parts[0] ?? username).slice(0, 2);
  return initials.toUpperCase();
}
