import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";
import type { DatabaseHealth } from "./database-health.ts";
import { DatabaseUnreachableError, isDatabaseUnavailable, isStalePlan } from "./errors.ts";

/** Distinct statements named per process: beyond it (lists of every length…) statements go unnamed. */
const MAX_NAMED = 2000;

/** Each text's name; null once its prepared form went stale (see below): it runs unnamed from then on. */
const names = new Map<string, string | null>();

const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
/** `rollback to savepoint` stays in the transaction. */
const ENDS_TRANSACTION = /^\s*(commit|end|rollback(?!\s+to\b)|abort)\b/i;

/** Only plain data statements: they are what repeats, and what a plan can be kept for. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that write (or commit what a transaction wrote). */
const WRITES = /^\s*(insert|update|delete|commit|end)\b/i;

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known ?? undefined;
  if (names.size >= MAX_NAMED || !DATA_STATEMENT.test(text)) return undefined;
  const name = `npt${names.size}`;
  names.set(text, name);
  return name;
}

/**
 * A pool whose connections prepare each statement once: Kysely sends every query as an unnamed
 * statement, which PostgreSQL parses and plans afresh each time (most of a small query's cost on the
 * server). Named, `pg` sends its Parse once per connection and only Bind/Execute afterwards.
 *
 * What its statements meet is told to `health` (runtime/database-health.ts); while the database is
 * known to be unreachable, a connection is refused at once rather than attempted by every request.
 * With `limits.queryTimeoutMs` set (a serving process, after its migrations), a data statement that
 * gets no answer in that time fails: a server gone silent (a network fault drops every packet)
 * would otherwise hold its request until TCP gives up, minutes later.
 */
export function preparingPool(
  pool: pg.Pool,
  health: DatabaseHealth,
  limits: { queryTimeoutMs: number | null } = { queryTimeoutMs: null },
): PostgresPool {
  const noted = (error: unknown) => {
    health.noteFailure(error);
    throw error;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      await health.settled();
      if (health.refusing) throw new DatabaseUnreachableError();
      const client = await pool.connect().catch(noted);
      // Whether this connection is inside a transaction (the statements that open and end one pass
      // through here): outside one, a stale plan's statement can run again at once.
      let inTransaction = false;
      // A connection that lost its server (or whose statement timed out) is not given back to the pool.
      let lost = false;
      const run = (text: string, values: readonly unknown[] | undefined) => {
        const name = nameOf(text);
        // pg reads query_timeout from the statement's own config (the pool's would time DDL too).
        const config = { text, values: values as unknown[], query_timeout: limits.queryTimeoutMs ?? undefined };
        if (name === undefined) return client.query(config as pg.QueryConfig);
        return client.query({ ...config, name } as pg.QueryConfig).catch((error: unknown) => {
          // Another process's migration changed the columns a `select *` returns: PostgreSQL will
          // not run the kept plan again ("cached plan must not change result type"). The text runs
          // unnamed from now on, on every connection. Outside a transaction it runs so at once and
          // nobody sees the error; inside one the error has aborted the transaction: it fails.
          if (!isStalePlan(error)) throw error;
          names.set(text, null);
          if (inTransaction) throw error;
          return client.query(config as pg.QueryConfig);
        });
      };
      return {
        // biome-ignore lint/suspicious/noExplicitAny: Kysely's overloads (a statement or a cursor)
        query: ((text: any, values?: readonly unknown[]) => {
          if (typeof text !== "string") return client.query(text);
          if (OPENS_TRANSACTION.test(text)) inTransaction = true;
          else if (ENDS_TRANSACTION.test(text)) inTransaction = false;
          return run(text, values).then(
            (result) => {
              // While writes fail for storage, the first one committed says they reach it again.
              if (health.storageProblem && !inTransaction && WRITES.test(text)) health.noteWriteCommitted();
              return result;
            },
            (error: unknown) => {
              lost ||= isDatabaseUnavailable(error);
              return noted(error);
            },
          );
        }) as PostgresPoolClient["query"],
        release: () => client.release(lost || undefined),
      };
    },
    end: () => pool.end(),
  };
}
