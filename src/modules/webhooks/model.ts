import { t } from "elysia";
import { idNumber } from "../../http/schema.ts";
import { WebhookEvent, WebhookKind } from "../../shared/contract/webhooks.ts";
import { WEBHOOK_URL_MAX } from "../../shared/webhooks.ts";

export const LeagueParams = t.Object({ id: idNumber("id") });
export const WebhookParams = t.Object({ id: idNumber("id"), webhookId: idNumber("webhookId") });

export const CreateWebhookBody = t.Object({
  url: t.String({
    minLength: 1,
    maxLength: WEBHOOK_URL_MAX,
    error: `url: an https URL of at most ${WEBHOOK_URL_MAX} characters`,
  }),
  kind: WebhookKind,
  events: t.Array(WebhookEvent, { minItems: 1, maxItems: 4, error: "events: one or more of the four events" }),
});
export type CreateWebhookBody = typeof CreateWebhookBody.static;
