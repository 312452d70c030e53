import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

/** Distinct statements named per process: beyond it (lists of every length…) statements go unnamed. */
const MAX_NAMED = 2000;

const names = new Map<string, string>();

/** Only plain data statements: they are what repeats, and what a plan can be kept for. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED || !DATA_STATEMENT.test(text)) return known;
  const name = `npt${names.size}`;
  names.set(text, name);
  return name;
}

/**
 * A pool whose connections prepare each statement once: Kysely sends every query as an unnamed
 * statement, which PostgreSQL parses and plans afresh each time (most of a small query's cost on the
 * server). Named, `pg` sends its Parse once per connection and only Bind/Execute afterwards.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        // biome-ignore lint/suspicious/noExplicitAny: Kysely's overloads (a statement or a cursor)
        query: ((text: any, values?: readonly unknown[]) => {
          if (typeof text !== "string") return client.query(text);
          const name = nameOf(text);
          return name === undefined
            ? client.query(text, values as unknown[])
            : client.query({ name, text, values: values as unknown[] });
        }) as PostgresPoolClient["query"],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
