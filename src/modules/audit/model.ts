import { t } from "elysia";
import { DateTime } from "../../shared/contract/common.ts";
import { wholeNumber } from "../../http/schema.ts";

export const AuditEntry = t.Object({
  id: t.Number(),
  actorId: t.Union([t.Number(), t.Null()]),
  actor: t.String(),
  action: t.String(),
  subject: t.String(),
  details: t.Unknown(),
  createdAt: DateTime(),
});

export const AuditQuery = t.Object(
  { limit: t.Optional(wholeNumber("limit", 1, 500)) },
  { additionalProperties: false },
);
