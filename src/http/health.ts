import { t } from "elysia";

/** The odds provider's sync state (games/scheduler.ts ProviderStatus). */
const ProviderStatus = t.Object({
  name: t.String(),
  ok: t.Boolean(),
  lastAttemptAt: t.Union([t.String(), t.Null()]),
  lastSuccessAt: t.Union([t.String(), t.Null()]),
  consecutiveFailures: t.Number(),
  nextSyncAt: t.Union([t.String(), t.Null()]),
  message: t.Optional(t.String()),
  requestsRemaining: t.Optional(t.Union([t.Number(), t.Null()])),
});

/** `GET /api/health`: 200 "ok" while the database answers, 503 "unavailable" when it does not. */
export const HealthResponse = t.Object({
  status: t.Union([t.Literal("ok"), t.Literal("unavailable")]),
  /** Present when serve runs an odds provider's sync. */
  provider: t.Optional(ProviderStatus),
});
