import { PostgresAdapter } from "kysely";
import type { AnyDb, Db } from "./connection.ts";
import type { OutboxCursor, OutboxRow } from "./outbox-order.ts";
import { postgresEngine } from "./engine-postgres.ts";
import { sqliteEngine } from "./engine-sqlite.ts";

/** A lock's name, e.g. ["book", userId, bookId]: the same parts name the same lock in every process. */
export type LockKey = readonly (string | number)[];

/**
 * The locks a check-then-write needs, by intent: exclusive ones wait until no other transaction
 * holds them in any mode; shared ones may be held by many, and an exclusive holder waits for all of
 * them. Taken exclusive first, then shared, each in the order given (callers keep one order, so
 * two transactions never deadlock). Held until the transaction ends.
 */
export interface LockIntent {
  exclusive?: readonly LockKey[];
  shared?: readonly LockKey[];
}

/**
 * How big the chunks of a long write job (settling a game) may be. SQLite holds its one write lock
 * and blocks the event loop for a whole chunk: a few milliseconds each. PostgreSQL does neither
 * (the work is on the server, other transactions go on beside it), and each chunk costs network
 * round trips: large chunks.
 */
export interface Chunking {
  first: number;
  budgetMs: number;
  min: number;
  max: number;
  /**
   * How many transactions may work side by side, each on its own share of the rows (a game's bets
   * split by player). SQLite has one writer: 1. PostgreSQL writes in several backends at once.
   */
  partitions: number;
}

/** How placements share transactions (group-commit.ts). */
export interface GroupCommitShape {
  /** Jobs per shared transaction: bounds how long the last of them waits for its answer. */
  maxBatch: number;
  /** Batches in flight at once: SQLite has one writer; PostgreSQL works on several connections. */
  transactionsAtOnce: number;
  /** Whether each job of a batch runs in its own savepoint from the start, or only after one failed. */
  savepointsFirst: boolean;
}

/**
 * Everything the two engines do differently, in one place each (engine-sqlite.ts,
 * engine-postgres.ts). Chosen when the database opens (connection.ts); code above src/runtime states
 * what it needs and never asks which engine it runs on.
 */
export interface Engine {
  readonly name: "sqlite" | "postgres";
  readonly chunking: Chunking;
  /**
   * Whether a lone short write (a rate-limit hit) joins a group commit: SQLite's one writer gains;
   * on PostgreSQL one statement on its own is cheaper than waiting for a batch.
   */
  readonly groupsCommits: boolean;
  /** How group-commit.ts shares transactions among placements. */
  readonly groupCommit: GroupCommitShape;
  /** Takes the intent's locks inside `trx`. */
  lock(trx: AnyDb, intent: LockIntent): Promise<void>;
  /** Wakes every listener of `channel` (in any process) when `trx` commits. */
  notifyOnCommit(trx: AnyDb, channel: string): Promise<void>;
  /** Calls `onNotify` on every commit that notified `channel` (and once on connecting); returns the stop function. */
  listenFor(db: AnyDb, channel: string, onNotify: () => void, onError: (error: unknown) => void): () => Promise<void>;
  /** The outbox's read order: what is committed after `cursor`, in the order it must be delivered. */
  outboxAfter(db: Db, cursor: OutboxCursor, limit: number): Promise<OutboxRow[]>;
  /** Where a reader that has delivered nothing starts: after everything already committed. */
  outboxEnd(db: Db): Promise<OutboxCursor>;
  /** How many committed events come after `cursor` in delivery order: 0 once a reader has delivered all. */
  outboxPending(db: Db, cursor: OutboxCursor): Promise<number>;
  /** Drops events delivered (up to `cursor`) and older than `createdBefore`; undelivered ones stay whatever their age. */
  deleteDeliveredBefore(db: Db, createdBefore: string, cursor: OutboxCursor): Promise<unknown>;
}

/**
 * The engine behind a Kysely instance or a transaction of one. Recorded when the database opens
 * (`chooseEngine`, connection.ts); a Kysely made elsewhere (a migration's copy) is known by its adapter.
 */
export function engineOf(db: AnyDb): Engine {
  const adapter = db.getExecutor().adapter;
  return chosen.get(adapter) ?? (adapter instanceof PostgresAdapter ? postgresEngine : sqliteEngine);
}

const chosen = new WeakMap<object, Engine>();

/** Records the engine of a database just opened (its transactions share its adapter). */
export function chooseEngine(db: AnyDb, engine: Engine): void {
  chosen.set(db.getExecutor().adapter, engine);
}
