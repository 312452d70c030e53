import type { Generated } from "kysely";

/** A league's webhook (issue 47 item 2): where to post, in which format, which events. */
export interface LeagueWebhooksTable {
  id: Generated<number>;
  league_id: number;
  kind: "discord" | "slack" | "json";
  /** The receiver's URL (for Discord and Slack itself a secret): judged when added and at every send. */
  url: string;
  /** The HMAC key of JSON deliveries' X-Signature, shown once when the webhook is added. */
  secret: string;
  /** The events it wants, comma-separated (shared/webhooks.ts WEBHOOK_EVENTS). */
  events: string;
  created_by: number;
  created_at: string;
  /** Failed attempts in a row (a success resets it); at DISABLE_AFTER the webhook is turned off. */
  failures: Generated<number>;
  disabled_at: string | null;
  disabled_reason: string | null;
}

/** A delivery to send (or sent, or given up): the league's delivery log. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  /** One delivery per key per webhook: a game's settlements merge into one while it waits. */
  merge_key: string;
  /** JSON: what the message is made from, as ids; the message itself is made at each send (rules.ts). */
  data: string;
  status: "pending" | "sent" | "failed" | "dropped";
  attempts: Generated<number>;
  due_at: string;
  created_at: string;
  sent_at: string | null;
  last_status: number | null;
  last_error: string | null;
}

/** Where the webhook job got to in the outbox (one row, "webhooks"). */
export interface WebhookCursorTable {
  name: string;
  last_id: number;
  last_txid: string | null;
}
