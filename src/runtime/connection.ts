import { Database as Sqlite } from "bun:sqlite";
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  sql,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type QueryResult,
} from "kysely";
import pg from "pg";
import type { Database } from "../db/schema.ts";
import { DatabaseHealth } from "./database-health.ts";
import { chooseEngine } from "./engine.ts";
import { postgresEngine, rememberPostgresSettings } from "./engine-postgres.ts";
import { sqliteEngine } from "./engine-sqlite.ts";
import { preparingPool } from "./postgres-wire.ts";

/**
 * The app's database handle, by one name across src: the Kysely instance or a transaction inside
 * it (a Kysely too). Repos and services take it first, named `db`, or `trx` inside a transaction.
 */
export type Db = Kysely<Database>;

/**
 * A Kysely of any schema, as the engine-level helpers take it: they run alike on the app's
 * database, a migration's and `migrate-to-postgres`' copy (Kysely's own advice for such code).
 */
// biome-ignore lint/suspicious/noExplicitAny: any schema, on purpose (see above)
export type AnyDb = Kysely<any>;

/**
 * Write transactions take the write lock up front (BEGIN IMMEDIATE), so a concurrent writer —
 * another request or a CLI process — waits on busy_timeout instead of failing mid-transaction.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly sqlite: Sqlite,
    private readonly health: DatabaseHealth,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  /**
   * A COMMIT that failed for storage (disk full, I/O error) has already rolled the transaction
   * back, and a ROLLBACK then fails with "no transaction is active", which would hide the real
   * error from the caller (and from its 503): nothing is left to roll back.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
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
    return new CooperativeConnection(await super.acquireConnection(), this.sqlite, this.health);
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

/** Statements that write (or end a transaction, committing what it wrote). */
const WRITES = /^\s*(insert|update|delete|replace|commit|end)\b/i;

/**
 * Each statement is synchronous, but a transaction of many (a settlement chunk, a group commit)
 * need not hold the event loop from its first to its last: once a turn has lasted TURN_MS, the
 * next statement waits for one turn of the loop. Requests that do not need the database (cached
 * boards and games, WebSocket traffic, timers) run in between; those that do still queue for the
 * connection, so a transaction stays whole.
 */
class CooperativeConnection implements DatabaseConnection {
  #turnStarted = performance.now();
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly sqlite: Sqlite,
    private readonly health: DatabaseHealth,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (performance.now() - this.#turnStarted > TURN_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.#turnStarted = performance.now();
    }
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(query);
    } catch (error) {
      this.health.noteFailure(error);
      throw error;
    }
    // While writes are failing for storage, the first one committed says it takes them again.
    if (this.health.storageProblem && !this.sqlite.inTransaction && WRITES.test(query.sql))
      this.health.noteWriteCommitted();
    return result;
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
  constructor(
    private readonly sqlite: Sqlite,
    private readonly health: DatabaseHealth,
  ) {
    super({ database: cachingDatabase(sqlite) });
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: cachingDatabase(this.sqlite) }, this.sqlite, this.health);
  }
}

/** The two engines: embedded SQLite (the default) or PostgreSQL (`DATABASE_URL=postgres://…`). */
export type EngineName = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  engine: EngineName;
  /** The SQLite connection itself (pragmas, checkpoints); null on PostgreSQL. */
  sqlite: Sqlite | null;
  /** Where the data lives, for logs: the SQLite file, or the PostgreSQL URL without its password. */
  label: string;
  /** Whether the database answers and its storage takes writes, as this process's statements found. */
  health: DatabaseHealth;
  close(): Promise<void>;
}

export interface SqliteHandle extends DbHandle {
  engine: "sqlite";
  sqlite: Sqlite;
}

export interface PostgresHandle extends DbHandle {
  engine: "postgres";
  sqlite: null;
  /** The connection settings, for the connections that live outside the pool (LISTEN, leases). */
  clientConfig: pg.ClientConfig;
  pool: pg.Pool;
  /** From now on a data statement without an answer in `ms` fails (a serving process, after its migrations). */
  limitQueries(ms: number): void;
}

/** Opens (creating if needed) the SQLite file with the house pragmas. ":memory:" gives a private database. */
/**
 * Makes the database's folder and checks this process may write it and the file, so a volume
 * owned by another user stops start-up with one line that names the fix, not a stack.
 */
export function prepareDataFolder(path: string): void {
  if (path === ":memory:") return;
  const folder = dirname(path);
  const uid = process.getuid?.() ?? "?";
  const refused = (what: string, error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code !== "EACCES" && code !== "EPERM" && code !== "EROFS") return error;
    return new DatabaseConnectError(
      `cannot write ${what} (${code}): this process runs as uid ${uid}; give it to that user (e.g. chown -R ${uid} ${folder}) or set DATABASE_PATH to a writable place`,
    );
  };
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw refused(`the data folder ${folder}`, error);
  }
  try {
    if (existsSync(path)) accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw refused(`the database file ${path}`, error);
  }
}

export function openDatabase(path: string): SqliteHandle {
  prepareDataFolder(path);
  const sqlite = new Sqlite(path, { create: true, strict: true });
  sqlite.run("pragma journal_mode = WAL");
  // FULL: each commit flushes the log before it is acknowledged (NORMAL left the last commits in the
  // page cache, lost when the filesystem or the machine fails; decision 0065). Group commit pays one
  // flush per batch of placements, not per bet.
  sqlite.run("pragma synchronous = FULL");
  sqlite.run("pragma foreign_keys = ON");
  sqlite.run("pragma busy_timeout = 5000");
  const health = new DatabaseHealth();
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect(sqlite, health) });
  chooseEngine(db, sqliteEngine);
  // Rewriting the header's user_version (unused by us) with its own value is a write of one page.
  health.storageProbeWith(async () => {
    const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db);
    await sql`pragma user_version = ${sql.raw(String(Number(rows[0]?.user_version ?? 0)))}`.execute(db);
  });
  return {
    db,
    engine: "sqlite",
    sqlite,
    label: path,
    health,
    async close() {
      await db.destroy();
    },
  };
}

/** A `postgres://` or `postgresql://` URL. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

/** Start-up could not reach or use the database: one line for the operator, never a password. */
export class DatabaseConnectError extends Error {}

/** host:port/database of a PostgreSQL URL: what logs and errors name (never the user's password). */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get("host") || "localhost";
    return `${host}:${u.port || "5432"}${u.pathname && u.pathname !== "/" ? u.pathname : "/"}`;
  } catch {
    return "(an unreadable DATABASE_URL)";
  }
}

/**
 * PostgreSQL's 64-bit integers (count(*), sum() of integers, bigint cents) and numerics arrive
 * from `pg` as strings, to be safe beyond 2^53. Ours are counts and cents, far below that: read
 * them as numbers, as SQLite gives them.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** The settings of a URL, with our type parsers: for the pool and for single connections alike. */
export function postgresClientConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    types: pgTypes,
    connectionTimeoutMillis: 5000,
    application_name: "nfl-paper-trading",
  };
}

/** What went wrong connecting, in words that never carry the URL (pg's messages do not). */
function connectProblem(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (e.code === "ECONNREFUSED") return "connection refused";
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return "unknown host";
  if (e.code === "28P01") return "password authentication failed";
  if (e.code === "3D000") return "the database does not exist";
  if (/connection timeout/i.test(e.message ?? "")) return "no answer within 5 s";
  return (e.message ?? String(error)).split("\n")[0]!.replace(/postgres(ql)?:\/\/\S*/gi, "(url)");
}

/**
 * How long a serving process waits for a data statement's answer (none of ours takes a second; a
 * settlement chunk aims at one). Longer means a server gone silent holds requests that long.
 */
export const QUERY_TIMEOUT_MS = 15_000;

/** How long a probe of an unreachable database waits for its connection and its answer. */
const PROBE_TIMEOUT_MS = 2000;

/** Whether PostgreSQL answers, on a connection of its own (the pool's may all be stuck). */
async function probePostgres(settings: pg.ClientConfig): Promise<void> {
  const client = new pg.Client({
    ...settings,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Opens a pool on PostgreSQL and checks it answers, so a wrong or unreachable DATABASE_URL stops
 * start-up at once with one clear line (DatabaseConnectError) instead of failing the first request.
 */
export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<PostgresHandle> {
  const where = describePostgresUrl(url);
  const clientConfig = postgresClientConfig(url);
  const pool = new pg.Pool({ ...clientConfig, max: opts.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle connection the server dropped (a restart, a failover) must not take the process down:
  // the pool replaces it, and the query that meets the outage answers 503 (http/errors.ts).
  pool.on("error", () => {});
  // The pool listens for errors of idle connections only. One checked out (a transaction between
  // statements) whose server goes away emits "error" with no listener, which would end the
  // process: absorb it here; its next query fails (503) and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseConnectError(`cannot connect to PostgreSQL at ${where}: ${connectProblem(error)}`);
  }
  const health = new DatabaseHealth();
  health.probeWith(() => probePostgres(clientConfig));
  const limits = { queryTimeoutMs: null as number | null };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool, health, limits) }) });
  chooseEngine(db, postgresEngine);
  rememberPostgresSettings(db, clientConfig);
  return {
    db,
    engine: "postgres",
    sqlite: null,
    label: `postgres://${where}`,
    clientConfig,
    pool,
    health,
    limitQueries(ms) {
      limits.queryTimeoutMs = ms;
    },
    async close() {
      health.stop();
      await db.destroy();
    },
  };
}

/** The configured database: PostgreSQL when `databaseUrl` is set, else the SQLite file. */
export async function openConfigured(config: { databasePath: string; databaseUrl: string | null }): Promise<DbHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openDatabase(config.databasePath);
}
