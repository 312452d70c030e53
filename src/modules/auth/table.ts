import type { Generated, Selectable } from "kysely";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  /** Lower-cased username: uniqueness ignores case. */
  username_key: string;
  /** The name's look-alike form (rules.usernameSkeleton): sign-up and renames refuse a name that looks like another's. Null on rows made before it. */
  username_skeleton: string | null;
  password_hash: string;
  role: "user" | "admin";
  is_bot: Generated<number>;
  signup_ip: string | null;
  referral_source: string | null;
  referral_medium: string | null;
  referral_campaign: string | null;
  referrer_url: string | null;
  created_at: string;
  /** When the owner proved the address by a mailed one-time link; ADMIN_EMAILS grant admin only then. */
  email_verified_at: string | null;
  /** Set when the player deleted their account: the row stays, anonymised. */
  deleted_at: Generated<string | null>;
}

/** One-time links mailed (or printed by the CLI): password resets and address confirmations. Only a hash of the token is stored. */
export interface PasswordResetsTable {
  token_hash: string;
  purpose: Generated<LinkPurpose>;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie's token: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export type LinkPurpose = "password_reset" | "email_verification";

export type UserRow = Selectable<UsersTable>;
