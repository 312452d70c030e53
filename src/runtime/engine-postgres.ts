import { sql } from "kysely";
import pg from "pg";
import type { AnyDb } from "./connection.ts";
import type { Engine, LockKey } from "./engine.ts";
import type { OutboxCursor, OutboxRow } from "./outbox-order.ts";

const postgresSettings = new WeakMap<AnyDb, pg.ClientConfig>();

/** Remembers the connection settings behind a PostgreSQL Kysely instance (openPostgres). */
export function rememberPostgresSettings(db: AnyDb, settings: pg.ClientConfig): void {
  postgresSettings.set(db, settings);
}

/**
 * The connection settings behind a PostgreSQL Kysely instance, for a connection of its own outside
 * the pool (LISTEN, session-held locks); null on SQLite.
 */
export function postgresSettingsOf(db: AnyDb): pg.ClientConfig | null {
  return postgresSettings.get(db) ?? null;
}

const keyOf = (parts: LockKey) => sql`hashtextextended(${parts.join(":")}, 0)`;

/**
 * PostgreSQL: transactions run side by side, so intent locks are transaction-scoped advisory locks
 * (released at commit or rollback); the outbox is read in commit-safe order (outbox-order.ts); a
 * NOTIFY wakes other processes' dispatchers at commit.
 */
export const postgresEngine: Engine = {
  name: "postgres",
  chunking: { first: 4000, budgetMs: 1000, min: 500, max: 25_000, partitions: 4 },
  groupsCommits: false,
  // Each statement is a round trip: batches run without savepoints until a job fails. A batch may
  // wait for another process's to let go of a player's lock, so several are in flight (of the pool's 10).
  groupCommit: { maxBatch: 16, transactionsAtOnce: 8, savepointsFirst: false },

  // One statement for all of them: a select list is evaluated in order, so the order given holds.
  async lock(trx, intent) {
    const calls = [
      ...(intent.exclusive ?? []).map((key) => sql`pg_advisory_xact_lock(${keyOf(key)})`),
      ...(intent.shared ?? []).map((key) => sql`pg_advisory_xact_lock_shared(${keyOf(key)})`),
    ];
    if (calls.length > 0) await sql`select ${sql.join(calls)}`.execute(trx);
  },

  // A NOTIFY sent inside a transaction is delivered to every listening connection when (and only if) it commits.
  async notifyOnCommit(trx, channel) {
    await sql`select pg_notify(${channel}, '')`.execute(trx);
  },

  listenFor,

  async outboxAfter(db, cursor: OutboxCursor, limit) {
    const result = await sql<OutboxRow>`
    select id, type, user_id, payload, created_at, txid::text as txid
    from outbox
    where (txid, id) > (cast(${cursor.txid ?? "0"} as xid8), ${cursor.id})
      and txid < pg_snapshot_xmin(pg_current_snapshot())
    order by txid, id
    limit ${limit}`.execute(db);
    return result.rows;
  },

  async outboxEnd(db) {
    const result = await sql<{ id: number; txid: string }>`
    select coalesce(max(id), 0) as id, (pg_snapshot_xmin(pg_current_snapshot()))::text as txid from outbox`.execute(db);
    // Everything below the horizon is done; rows at or above it are delivered (at least once).
    const { txid } = result.rows[0]!;
    return { id: Number.MAX_SAFE_INTEGER, txid: (BigInt(txid) - 1n).toString() };
  },

  // Delivery follows commit order, not ids: a row with a lower id than the last delivered one may
  // still come after it. Counted the way outboxAfter reads, every committed row (even one above the
  // horizon, not readable yet) is pending until delivered.
  async outboxPending(db, cursor) {
    const result = await sql<{ n: number }>`
    select count(*) as n from outbox
    where (txid, id) > (cast(${cursor.txid ?? "0"} as xid8), ${cursor.id})`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  },

  deleteDeliveredBefore(db, createdBefore, cursor) {
    return db
      .deleteFrom("outbox")
      .where("created_at", "<", createdBefore)
      .where(sql<boolean>`txid < cast(${cursor.txid ?? "0"} as xid8)`)
      .execute();
  },
};

/**
 * Calls `onNotify` whenever a transaction that called `notifyOnCommit(channel)` commits, in any
 * process. A connection of its own, outside the pool; lost, it connects again (and calls
 * `onNotify` once, since notices may have been missed meanwhile). A no-op on SQLite.
 * Returns the stop function.
 */
function listenFor(
  db: AnyDb,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void = () => {},
): () => Promise<void> {
  const settings = postgresSettingsOf(db);
  if (!settings) return async () => {};
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client(settings);
    client = c;
    c.on("notification", () => onNotify());
    const lost = (error?: unknown) => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (stopped) return;
      if (error) onError(error);
      retry = setTimeout(() => void connect(), 1000);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      onNotify();
    } catch (error) {
      lost(error);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
