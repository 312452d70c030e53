/** League webhooks (issue 47 item 2): POST/GET /api/leagues/{id}/webhooks, DELETE …/webhooks/{webhookId}. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";

export const WebhookKind = t.Union([t.Literal("discord"), t.Literal("slack"), t.Literal("json")]);
export const WebhookEvent = t.Union([
  t.Literal("picks_revealed"),
  t.Literal("bets_settled"),
  t.Literal("weekly_recap"),
  t.Literal("commissioner_post"),
]);

/** One delivery in the league's log: what was sent when, and how the receiver answered. */
export const WebhookDelivery = t.Object({
  id: t.Number(),
  event: WebhookEvent,
  status: t.Union([t.Literal("pending"), t.Literal("sent"), t.Literal("failed"), t.Literal("dropped")]),
  attempts: t.Number(),
  /** The receiver's last HTTP status; null before the first attempt or when it never answered. */
  lastStatus: t.Union([t.Number(), t.Null()]),
  lastError: t.Union([t.String(), t.Null()]),
  createdAt: DateTime(),
  sentAt: t.Union([DateTime(), t.Null()]),
  /** When it is tried next (pending only). */
  nextAttemptAt: t.Union([DateTime(), t.Null()]),
});
export type WebhookDelivery = typeof WebhookDelivery.static;

export const LeagueWebhook = t.Object({
  id: t.Number(),
  kind: WebhookKind,
  /** Its origin and the start of its path: the rest of a webhook URL is a secret. */
  url: t.String(),
  events: t.Array(WebhookEvent),
  createdAt: DateTime(),
  status: t.Union([t.Literal("active"), t.Literal("disabled")]),
  /** Why it was turned off (after repeated failures): remove it and add it again. */
  disabledReason: t.Union([t.String(), t.Null()]),
  /** The latest deliveries, newest first. */
  deliveries: t.Array(WebhookDelivery),
});
export type LeagueWebhook = typeof LeagueWebhook.static;

/** A webhook just added: `secret` (the JSON body's HMAC key) is shown this once. */
export const CreatedWebhook = t.Object({
  id: t.Number(),
  secret: t.String({ description: "Signs JSON deliveries: X-Signature: sha256=<hex HMAC-SHA256 of the body>" }),
});
export type CreatedWebhook = typeof CreatedWebhook.static;
