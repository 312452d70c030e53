import { Database as Sqlite } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type QueryResult } from "kysely";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

/**
 * Write transactions take the write lock up front (BEGIN IMMEDIATE), so a concurrent writer —
 * another request or a CLI process — waits on busy_timeout instead of failing mid-transaction.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  /**
   * The one connection goes to whoever waits for it in a turn of the event loop of their own.
   * Handed on at once (a promise continuation), a waiting query would run in the same turn as
   * the transaction that just let go — a settlement chunk and the reads queued behind it would
   * hold the loop as one long stall. Uncontended, nothing changes.
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    return new CooperativeConnection(await super.acquireConnection());
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    if (next) setImmediate(next);
    else this.#busy = false;
  }
}

/** A holder of the connection runs statements for at most this long before others get a turn. */
const TURN_MS = 3;

/**
 * Each statement is synchronous, but a transaction of many (a settlement chunk, a group commit)
 * need not hold the event loop from its first to its last: once a turn has lasted TURN_MS, the
 * next statement waits for one turn of the loop. Requests that do not need the database (cached
 * boards and games, WebSocket traffic, timers) run in between; those that do still queue for the
 * connection, so a transaction stays whole.
 */
class CooperativeConnection implements DatabaseConnection {
  #turnStarted = performance.now();
  constructor(private readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (performance.now() - this.#turnStarted > TURN_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.#turnStarted = performance.now();
    }
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

type KyselySqlite = ConstructorParameters<typeof SqliteDialect>[0]["database"];

/**
 * bun:sqlite's Database has the shape Kysely's SqliteDialect drives. Kysely prepares every query
 * afresh; `query()` keeps the prepared statement for the same SQL, which saves most of the cost
 * of a small query (each statement runs to completion before the next, so sharing is safe).
 */
function cachingDatabase(sqlite: Sqlite): KyselySqlite {
  return {
    prepare: (sql: string) => sqlite.query(sql),
    close: () => sqlite.close(),
  } as unknown as KyselySqlite;
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: KyselySqlite;
  constructor(database: KyselySqlite) {
    super({ database });
    this.#database = database;
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

export interface DbHandle {
  db: Db;
  sqlite: Sqlite;
  close(): Promise<void>;
}

/** Opens (creating if needed) the SQLite file with the house pragmas. ":memory:" gives a private database. */
export function openDatabase(path: string): DbHandle {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Sqlite(path, { create: true, strict: true });
  sqlite.run("pragma journal_mode = WAL");
  sqlite.run("pragma synchronous = NORMAL");
  sqlite.run("pragma foreign_keys = ON");
  sqlite.run("pragma busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(cachingDatabase(sqlite)) });
  return {
    db,
    sqlite,
    async close() {
      await db.destroy();
    },
  };
}
