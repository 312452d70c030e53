/** What the engines say, read the same way for both: SQLite's messages, PostgreSQL's SQLSTATE codes. */

/** A UNIQUE constraint refused the row (SQLite "UNIQUE constraint failed", PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: string }).code === "23505" || /UNIQUE constraint failed/.test(error.message);
}

/** A FOREIGN KEY constraint refused the row: what it points at is gone (SQLite "FOREIGN KEY constraint failed", PostgreSQL 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: string }).code === "23503" || /FOREIGN KEY constraint failed/.test(error.message);
}

/**
 * A prepared statement whose result columns changed under it (another process's migration):
 * PostgreSQL will not run its kept plan again ("cached plan must not change result type").
 */
export function isStalePlan(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "0A000" && /cached plan must not change result type/.test(e.message ?? "");
}

/**
 * A transaction PostgreSQL gave up so that another could go on (serialization failure, deadlock), or
 * one that met a stale plan (its text runs unnamed from then on: runtime/postgres-wire.ts): run it again.
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "40001" || code === "40P01" || isStalePlan(error);
}

/**
 * Thrown instead of trying while this process knows its PostgreSQL database is unreachable
 * (runtime/database-health.ts): the request answers 503 at once instead of waiting on a connection.
 */
export class DatabaseUnreachableError extends Error {
  readonly code = "ECONNREFUSED";
  constructor() {
    super("The database is unreachable (a probe is checking for its return)");
  }
}

/**
 * The database could not be reached (a PostgreSQL restart, a failover, a dropped connection):
 * the request answers 503 and the pool connects again for the next one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  const code = e.code ?? "";
  if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN"].includes(code)) return true;
  // 57P01-57P03: the server is shutting down or starting; 08xxx: connection exceptions.
  if (/^57P0[123]$/.test(code) || /^08/.test(code)) return true;
  // pg's own words: a lost or timed-out connection, and pg-pool's wait for a free one running out.
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout/i.test(
    e.message ?? "",
  );
}

/**
 * Writes failed for the storage under the database, not for what they wrote: SQLite's disk full
 * (SQLITE_FULL), read-only file or filesystem (SQLITE_READONLY*), failing disk (SQLITE_IOERR*);
 * PostgreSQL's disk full (53100), I/O error (58030) or a read-only server (25006). Reads still work.
 */
export function isStorageUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  const code = e.code ?? "";
  if (/^SQLITE_(FULL|READONLY|IOERR)/.test(code) || ["53100", "58030", "25006"].includes(code)) return true;
  return /database or disk is full|attempt to write a readonly database|disk I\/O error/.test(e.message ?? "");
}

/** The code a request that met this error answers with (503), when the database or its storage is at fault. */
export function unavailableCode(error: unknown): "database_unavailable" | "storage_unavailable" | null {
  if (isStorageUnavailable(error)) return "storage_unavailable";
  if (isDatabaseUnavailable(error)) return "database_unavailable";
  return null;
}

/** Runs `work` again (a few times, with a short pause) when PostgreSQL aborted it for a conflict. */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/**
 * PostgreSQL refuses a value SQLite would take (a NUL character 22021, an invalid escape 22P05, a
 * fraction or a huge number for an integer column 22P02/22003): the input was bad, not the server.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "22021" || code === "22P05" || code === "22P02" || code === "22003";
}
