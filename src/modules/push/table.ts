import type { Generated } from "kysely";

/** The server's VAPID key pair ("vapid"), generated on first start unless the operator gives one. */
export interface PushKeysTable {
  name: string;
  /** base64url of the uncompressed P-256 point. */
  public_key: string;
  /** base64url of the private scalar. */
  private_key: string;
  created_at: string;
}

/**
 * One browser (device) a player turned push on in, in one session of theirs: it ends with that
 * session. Unique by (endpoint, auth): the same browser is one player's at a time.
 */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's URL for this browser: a secret capability, shown to its owner only. */
  endpoint: string;
  p256dh: string;
  /** The browser's secret for this subscription: whoever posts it holds the browser. */
  auth: string;
  /** What the browser called itself ("Chrome on Android"), to tell devices apart in Settings. */
  device: string;
  /** The session that turned push on here (auth's `sessions.token_hash`): sign-out ends the device. */
  session_hash: string;
  /** That session's expiry (sessions are never extended): past it the device gets nothing and is pruned. */
  session_expires_at: string;
  created_at: string;
  last_sent_at: string | null;
}

/** What a player wants pushed, how often, and when not. No row = the defaults (rules.ts). */
export interface PushPreferencesTable {
  user_id: number;
  settlements: number;
  lock_reminder: number;
  friend_requests: number;
  league_invitations: number;
  /** Picks revealed in a league, and one's own pick tailed. */
  league_picks: number;
  daily_cap: number;
  /** "22:00" in the player's zone; both null = no quiet hours. */
  quiet_start: string | null;
  quiet_end: string | null;
  /** An IANA zone ("America/Chicago"). */
  time_zone: string;
  updated_at: string;
}

/** A push to send (or sent, or dropped: kept a day for the daily cap and the merge key). */
export interface PushOutboxTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** One push per key per player: a game's settlements merge into one row while it waits. */
  merge_key: string;
  /** JSON: what the message is made from (rules.ts `pushMessage`). */
  data: string;
  status: "pending" | "sent" | "dropped" | "failed";
  /** Why it was dropped or failed ("kind off", "daily cap", "stale", "no device", "push service 500"). */
  reason: string | null;
  due_at: string;
  /** Past this instant the push is worth nothing (a lock reminder after kick-off): dropped, never sent late. */
  stale_at: string | null;
  attempts: Generated<number>;
  created_at: string;
  sent_at: string | null;
}

/** Where the push job got to in the outbox (one row, "push"). */
export interface PushCursorTable {
  name: string;
  last_id: number;
  last_txid: string | null;
}
