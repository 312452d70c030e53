import type { ControlledTransaction } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Db } from "./connection.ts";
import { engineOf, type LockIntent, type LockKey } from "./engine.ts";
import { isRetryableConflict, retryOnConflict, unavailableCode } from "./errors.ts";
import { getOrCreate } from "../lib/maps.ts";

type Work<T> = (trx: Db) => Promise<T>;

interface Job {
  work: Work<unknown>;
  locks: LockIntent;
  /** The exclusive locks' names: no two batches in flight hold one. */
  keys: string[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const nameOf = (key: LockKey) => key.join(":");

/** Every job's locks as one intent: each lock once, in one sorted order, so two batches never deadlock. */
function locksOf(batch: readonly Job[]): LockIntent {
  const byName = (keys: LockKey[]) => new Map(keys.map((key) => [nameOf(key), key]));
  const exclusive = byName(batch.flatMap((job) => job.locks.exclusive ?? []));
  const shared = byName(batch.flatMap((job) => job.locks.shared ?? []));
  for (const name of exclusive.keys()) shared.delete(name);
  const sorted = (keys: Map<string, LockKey>) => [...keys.keys()].sort().map((name) => keys.get(name)!);
  return { exclusive: sorted(exclusive), shared: sorted(shared) };
}

/**
 * Group commit for short, hot write transactions (placing bets). A commit costs more than a small
 * transaction's statements, so the jobs that arrive while a transaction runs share the next one
 * and are all answered after its commit. The batch takes every job's locks in one statement first
 * (a job's locks are held by the whole batch, so jobs of one player run one after the other in
 * it), then runs the jobs in turn.
 *
 * A job that fails (a stale price, a second bet) must be undone alone. SQLite runs each job of a
 * batch in its own savepoint, which costs microseconds there. On PostgreSQL every statement is a
 * round trip, so a batch first runs without savepoints; if one of its jobs fails, the batch is
 * rolled back and runs again with them (a job's work is database work only, so it may run twice;
 * its answer always comes from the run that committed). Under no load a job runs alone in its own
 * transaction, as before.
 */
export class GroupCommit {
  readonly #db: Db;
  readonly #maxBatch: number;
  readonly #atOnce: number;
  readonly #savepointsFirst: boolean;
  #queue: Job[] = [];
  #scheduled = false;
  #inFlight = 0;
  /** The exclusive locks of the batches in flight: a job needing one waits for the next batch instead of a connection. */
  readonly #held = new Set<string>();

  constructor(db: Db) {
    this.#db = db;
    const { maxBatch, transactionsAtOnce, savepointsFirst } = engineOf(db).groupCommit;
    this.#maxBatch = maxBatch;
    this.#atOnce = transactionsAtOnce;
    this.#savepointsFirst = savepointsFirst;
  }

  /** Runs `work` in a shared transaction that holds `locks` (and every other job's) from its start. */
  run<T>(work: Work<T>, locks: LockIntent = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const keys = (locks.exclusive ?? []).map(nameOf);
      this.#queue.push({ work, locks, keys, resolve: resolve as (value: unknown) => void, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      // Wait for the requests already in this turn of the event loop: they join the same commit.
      setImmediate(() => {
        this.#scheduled = false;
        this.#pump();
      });
    });
  }

  #pump(): void {
    while (this.#inFlight < this.#atOnce && this.#queue.length > 0) {
      const batch = this.#take();
      if (batch.length === 0) return;
      const keys = batch.flatMap((job) => job.keys);
      for (const key of keys) this.#held.add(key);
      this.#inFlight++;
      void this.#commit(batch).finally(() => {
        for (const key of keys) this.#held.delete(key);
        this.#inFlight--;
        this.#pump();
      });
    }
  }

  /** The next batch: the queue's first jobs whose exclusive locks no batch in flight holds, in arrival order. */
  #take(): Job[] {
    const batch: Job[] = [];
    const waiting: Job[] = [];
    for (const job of this.#queue) {
      if (batch.length < this.#maxBatch && !job.keys.some((key) => this.#held.has(key))) batch.push(job);
      else waiting.push(job);
    }
    this.#queue = waiting;
    return batch;
  }

  async #commit(batch: Job[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      // PostgreSQL may abort a transaction so that another goes on (a deadlock): it runs again.
      outcomes = await retryOnConflict(() => this.#run(batch));
    } catch (error) {
      // The transaction itself failed (begin, the locks or commit): nothing of the batch was written.
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  async #run(batch: Job[]): Promise<Outcome[]> {
    if (batch.length > 1 && this.#savepointsFirst) return this.#attempt(batch, true);
    try {
      return await this.#attempt(batch, false);
    } catch (error) {
      if (isRetryableConflict(error)) throw error;
      if (batch.length === 1) return [{ ok: false, error }];
      return this.#attempt(batch, true);
    }
  }

  /** One transaction for the batch; unguarded, the first failure rolls it all back and is thrown. */
  async #attempt(batch: Job[], guarded: boolean): Promise<Outcome[]> {
    const trx = await this.#db.startTransaction().execute();
    try {
      await engineOf(trx).lock(trx, locksOf(batch));
      const outcomes: Outcome[] = guarded ? await this.#eachInSavepoint(trx, batch) : [];
      if (!guarded) for (const job of batch) outcomes.push({ ok: true, value: await job.work(trx) });
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      throw error;
    }
  }

  async #eachInSavepoint(trx: ControlledTransaction<Database>, batch: Job[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const job of batch) {
      const savepoint = await trx.savepoint("job").execute();
      try {
        outcomes.push({ ok: true, value: await job.work(savepoint) });
        await savepoint.releaseSavepoint("job").execute();
      } catch (error) {
        // A conflict runs the batch again; storage or a connection that failed fails all of it
        // (SQLite may have rolled the whole transaction back already: there is no savepoint left).
        if (isRetryableConflict(error) || unavailableCode(error)) throw error;
        await savepoint.rollbackToSavepoint("job").execute();
        await savepoint.releaseSavepoint("job").execute();
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }
}

const writers = new WeakMap<object, GroupCommit>();

/** The database's group-commit writer (one per handle: tests open many side by side). */
export function groupCommit(db: Db): GroupCommit {
  return getOrCreate(writers, db, () => new GroupCommit(db));
}
