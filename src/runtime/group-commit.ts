import type { Db } from "./connection.ts";
import { engineOf } from "./engine.ts";
import { retryOnConflict } from "./errors.ts";
import { getOrCreate } from "../lib/maps.ts";

type Work<T> = (trx: Db) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Jobs per shared transaction: bounds how long the last of them waits for its answer. */
const MAX_BATCH = 64;

/**
 * Group commit for short, hot write transactions (placing bets). A commit costs more than a small
 * transaction's statements — it writes every page the transaction dirtied to the WAL — so the
 * jobs that arrive while one transaction runs share the next: each in its own savepoint, so a job
 * that fails (a stale price, a second bet) is undone alone, and all are answered after the one
 * commit. Under no load a job runs alone in its own transaction, as before.
 */
export class GroupCommit {
  readonly #db: Db;
  #queue: Job[] = [];
  #draining = false;

  readonly #ownTransactions: boolean;

  constructor(db: Db) {
    this.#db = db;
    this.#ownTransactions = !engineOf(db).groupsCommits;
  }

  run<T>(work: Work<T>): Promise<T> {
    // PostgreSQL commits many transactions at once on its own (its WAL writer groups them), over a
    // pool of connections: each job runs in a transaction of its own, concurrently, and a job
    // PostgreSQL aborted for a conflict (a deadlock) runs again.
    if (this.#ownTransactions) return retryOnConflict(() => this.#db.transaction().execute(work));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#draining) return;
      this.#draining = true;
      // Wait for the requests already in this turn of the event loop: they join the same commit.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#commit(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#draining = false;
    }
  }

  async #commit(batch: Job[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = batch.length === 1 ? [await this.#alone(batch[0]!)] : await this.#shared(batch);
    } catch (error) {
      // The transaction itself failed (begin or commit): nothing of the batch was written.
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  async #alone(job: Job): Promise<Outcome> {
    try {
      return { ok: true, value: await this.#db.transaction().execute(job.work) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  async #shared(batch: Job[]): Promise<Outcome[]> {
    const trx = await this.#db.startTransaction().execute();
    const outcomes: Outcome[] = [];
    try {
      for (const job of batch) {
        const savepoint = await trx.savepoint("job").execute();
        try {
          outcomes.push({ ok: true, value: await job.work(savepoint) });
          await savepoint.releaseSavepoint("job").execute();
        } catch (error) {
          await savepoint.rollbackToSavepoint("job").execute();
          await savepoint.releaseSavepoint("job").execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      throw error;
    }
    return outcomes;
  }
}

const writers = new WeakMap<object, GroupCommit>();

/** The database's group-commit writer (one per handle: tests open many side by side). */
export function groupCommit(db: Db): GroupCommit {
  return getOrCreate(writers, db, () => new GroupCommit(db));
}
