import { idNumber } from "../../http/schema.ts";
import { t } from "elysia";

export const SubscriptionBody = t.Object(
  {
    endpoint: t.String({ minLength: 1, maxLength: 1024, error: "endpoint: must be a URL of at most 1024 characters" }),
    keys: t.Object(
      {
        p256dh: t.String({ minLength: 1, maxLength: 128, error: "keys.p256dh: must be base64url" }),
        auth: t.String({ minLength: 1, maxLength: 64, error: "keys.auth: must be base64url" }),
      },
      { additionalProperties: true },
    ),
    // PushSubscription.toJSON() also carries this; we keep nothing of it.
    expirationTime: t.Optional(t.Union([t.Number(), t.Null()])),
    device: t.Optional(t.String({ maxLength: 80, error: "device: at most 80 characters" })),
    timeZone: t.Optional(t.String({ maxLength: 64, error: "timeZone: must be an IANA time zone" })),
  },
  { additionalProperties: false },
);
export type SubscriptionBody = typeof SubscriptionBody.static;

export const SubscriptionParams = t.Object({
  id: idNumber("id"),
});
