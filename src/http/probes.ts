import { Elysia, t } from "elysia";
import { sql } from "kysely";
import { latestMigrationOf } from "../db/migrate.ts";
import type { DatabaseHealth } from "../runtime/database-health.ts";
import { AppError } from "../lib/errors.ts";
import type { Db } from "../runtime/connection.ts";
import { HEALTH_CHECK_MS } from "./health.ts";

export const LiveResponse = t.Object({ status: t.Literal("alive") });
export const ReadyResponse = t.Object({
  status: t.Literal("ready"),
  /** The separate signal: whether the database answers (it may not, while this process still serves). */
  database: t.Union([t.Literal("reachable"), t.Literal("unreachable")]),
});

/** Why a process is not ready: the `code` of /readyz's 503. */
export type NotReady = "draining" | "storage_unavailable" | "migrations_not_current";

const MESSAGES: Record<NotReady, string> = {
  draining: "This process is shutting down",
  storage_unavailable: "Writes fail for the database's storage (disk full, read-only or failing disk)",
  migrations_not_current: "The database's schema is not this build's: run migrate",
};

export interface Readiness {
  notReady: NotReady | null;
  database: "reachable" | "unreachable";
}

/**
 * Whether the database has exactly this build's migrations, asked at most once per
 * HEALTH_CHECK_MS (concurrent callers share one query), so a probe every second costs one query.
 * Only the first answer is waited for: later callers get the last one while the next is asked (a
 * database gone silent must not hold a probe past the proxy's timeout), and while the database
 * cannot be asked the last answer stands (serve migrated it when it started).
 */
export function schemaCheck(db: Db): () => Promise<boolean> {
  let known: boolean | null = null;
  let askedAt = Number.NEGATIVE_INFINITY;
  let asking: Promise<boolean> | null = null;
  const ask = async (): Promise<boolean> => {
    try {
      const row = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db);
      known = row.rows[0]?.name === latestMigrationOf(db);
    } catch {
      // Unreachable (the pool told the database's health): keep what we knew.
    }
    return known ?? true;
  };
  return () => {
    const now = performance.now();
    if (!asking && now - askedAt >= HEALTH_CHECK_MS) {
      askedAt = now;
      asking = ask().finally(() => {
        asking = null;
      });
    }
    return known === null && asking ? asking : Promise.resolve(known ?? true);
  };
}

/**
 * Readiness says "this process can serve": it is not draining, its database's schema is this
 * build's, and — where storage is this process's own (SQLite: one process per file) — writes reach
 * it. A database that does not answer leaves it ready: pages, the games, the current week and the
 * boards are served from what it holds, and what needs the database answers 503 at once. Every
 * process on one PostgreSQL database would fail together, and a proxy that took them all out of
 * rotation would blank the whole site (issue 42). `database` is the separate signal.
 */
export function readiness({
  db,
  health,
  draining,
  storageBlocksReadiness,
}: {
  db: Db;
  health: DatabaseHealth;
  draining: () => boolean;
  /** SQLite: its storage is this process's alone, so failing writes make it unready. */
  storageBlocksReadiness: boolean;
}): () => Promise<Readiness> {
  const schema = schemaCheck(db);
  return async () => {
    const current = await schema();
    if (storageBlocksReadiness) await health.checkStorage();
    const database = health.reachable ? "reachable" : "unreachable";
    if (draining()) return { notReady: "draining", database };
    if (storageBlocksReadiness && health.storageProblem) return { notReady: "storage_unavailable", database };
    return { notReady: current ? null : "migrations_not_current", database };
  };
}

/**
 * `/livez`: the process answers (no database). `/readyz`: it should get traffic (see `readiness`);
 * else 503 `{message, code}` with the reason as the code. Neither is rate limited.
 */
export function probeRoutes({ ready }: { ready: () => Promise<Readiness> }) {
  return new Elysia({ name: "probes", tags: ["Service"] })
    .get("/livez", () => ({ status: "alive" as const }), {
      response: { 200: LiveResponse },
      detail: { summary: "Liveness: the process answers (never asks the database)", operationId: "getLiveness" },
    })
    .get(
      "/readyz",
      async () => {
        const { notReady, database } = await ready();
        if (notReady) throw new AppError(503, notReady, MESSAGES[notReady], { "retry-after": "5" }, { database });
        return { status: "ready" as const, database };
      },
      {
        response: { 200: ReadyResponse },
        detail: {
          summary:
            "Readiness: this process can serve (not draining, schema current, storage writable); says whether the database answers",
          operationId: "getReadiness",
        },
      },
    );
}
