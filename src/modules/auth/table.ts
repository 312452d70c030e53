import type { Generated } from "kysely";

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
