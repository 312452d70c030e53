import { Elysia, t } from "elysia";
import { sql } from "kysely";
import { latestMigrationOf } from "../db/migrate.ts";
import type { Clock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import type { Db } from "../runtime/connection.ts";
import { HEALTH_CHECK_MS } from "./health.ts";

export const LiveResponse = t.Object({ status: t.Literal("alive") });
export const ReadyResponse = t.Object({ status: t.Literal("ready") });

/** Why a process is not ready: the `code` of /readyz's 503. */
export type NotReady = "draining" | "database_unavailable" | "migrations_not_current";

const MESSAGES: Record<NotReady, string> = {
  draining: "This process is shutting down",
  database_unavailable: "The database does not answer",
  migrations_not_current: "The database's schema is not this build's: run migrate",
};

/**
 * Whether the database answers and has exactly this build's migrations, asked at most once per
 * HEALTH_CHECK_MS (concurrent callers share one query), so a probe every second costs one query.
 */
export function schemaCheck(db: Db): () => Promise<NotReady | null> {
  let last: { at: number; answer: Promise<NotReady | null> } | null = null;
  const ask = async (): Promise<NotReady | null> => {
    try {
      const row = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db);
      return row.rows[0]?.name === latestMigrationOf(db) ? null : "migrations_not_current";
    } catch {
      return "database_unavailable";
    }
  };
  return () => {
    const now = performance.now();
    if (!last || now - last.at >= HEALTH_CHECK_MS) last = { at: now, answer: ask() };
    return last.answer;
  };
}

/**
 * How long the database may stay unreachable before a process says it is not ready. A blip (a
 * PostgreSQL restart takes well under a second) costs only the requests that met it: every process
 * would fail the same check at once, and a proxy that took them all out of rotation would refuse
 * every request until its next check, seconds later. Readiness comes back with the first answer.
 */
export const DATABASE_GRACE_MS = 10_000;

/**
 * `check` with hysteresis: "database_unavailable" only once the database has failed every check
 * for `graceMs`; any other reason at once.
 */
export function withDatabaseGrace(
  check: () => Promise<NotReady | null>,
  graceMs = DATABASE_GRACE_MS,
  now: () => number = () => performance.now(),
): () => Promise<NotReady | null> {
  let failingSince: number | null = null;
  return async () => {
    const reason = await check();
    if (reason !== "database_unavailable") {
      failingSince = null;
      return reason;
    }
    failingSince ??= now();
    return now() - failingSince >= graceMs ? reason : null;
  };
}

/**
 * `/livez`: the process answers (no database). `/readyz`: it should get traffic: the database
 * answers (or has failed for less than DATABASE_GRACE_MS), its migrations are this build's, and it
 * is not draining after SIGTERM; else 503 `{message, code}` with the reason as the code. Neither
 * is rate limited.
 */
export function probeRoutes({ db, clock, draining }: { db: Db; clock: Clock; draining: () => boolean }) {
  const schema = withDatabaseGrace(schemaCheck(db), DATABASE_GRACE_MS, () => clock.now().getTime());
  return new Elysia({ name: "probes", tags: ["Service"] })
    .get("/livez", () => ({ status: "alive" as const }), {
      response: { 200: LiveResponse },
      detail: { summary: "Liveness: the process answers (never asks the database)", operationId: "getLiveness" },
    })
    .get(
      "/readyz",
      async () => {
        const reason = draining() ? "draining" : await schema();
        if (reason) throw new AppError(503, reason, MESSAGES[reason], { "retry-after": "5" });
        return { status: "ready" as const };
      },
      {
        response: { 200: ReadyResponse },
        detail: {
          summary: "Readiness: the database answers, migrations are current, not draining",
          operationId: "getReadiness",
        },
      },
    );
}
