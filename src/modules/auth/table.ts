import type { Generated, Selectable } from "kysely";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  /** Lower-cased username: uniqueness ignores case. */
  username_key: string;
  password_hash: string;
  role: "user" | "admin";
  is_bot: Generated<number>;
  signup_ip: string | null;
  referral_source: string | null;
  referral_medium: string | null;
  referral_campaign: string | null;
  referrer_url: string | null;
  created_at: string;
  /** Set when the player deleted their account: the row stays, anonymised. */
  deleted_at: Generated<string | null>;
}

export interface PasswordResetsTable {
  token_hash: string;
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

export type UserRow = Selectable<UsersTable>;
