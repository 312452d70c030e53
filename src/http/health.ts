import { t } from "elysia";
import type { ProviderStatus as SchedulerStatus } from "../modules/feeds/scheduler.ts";

/** The odds provider's sync state (feeds/scheduler.ts ProviderStatus). */
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

// The schema must follow the scheduler's type field for field: Elysia refuses an answer with a field it does not know.
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
const followsScheduler: Same<typeof ProviderStatus.static, SchedulerStatus> = true;
void followsScheduler;

/** `GET /api/health`: 200 "ok" while the database answers, 503 "unavailable" when it does not. */
export const HealthResponse = t.Object({
  status: t.Union([t.Literal("ok"), t.Literal("unavailable")]),
  /** Present when serve runs an odds provider's sync. */
  provider: t.Optional(ProviderStatus),
});

/** How long one database check answers for: a load balancer polling health costs one query a second. */
export const HEALTH_CHECK_MS = 1000;

/** Whether the database answers, checked at most once per HEALTH_CHECK_MS (concurrent callers share a check). */
export function databaseCheck(check: () => Promise<unknown>): () => Promise<boolean> {
  let last: { at: number; ok: Promise<boolean> } | null = null;
  return () => {
    const now = performance.now();
    if (!last || now - last.at >= HEALTH_CHECK_MS) {
      last = {
        at: now,
        ok: check().then(
          () => true,
          () => false,
        ),
      };
    }
    return last.ok;
  };
}
