import type { Generated } from "kysely";

/** A player's personal API token (issue 47 item 3): only its SHA-256 is kept; revoking deletes the row. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  /** The scopes, comma-separated in TOKEN_SCOPES order ("read,bets"). */
  scopes: string;
  created_at: string;
  /** When a request last used it (moved at most once a minute). */
  last_used_at: string | null;
}
