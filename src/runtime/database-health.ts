import { isDatabaseUnavailable, isStorageUnavailable } from "./errors.ts";

/** While the database is unreachable, how often a probe checks whether it is back. */
export const PROBE_INTERVAL_MS = 500;
/**
 * Storage counts as taking writes again once one succeeds this long after the last that failed.
 * A nearly full disk fails some writes and takes others (SQLite reuses its log's space until it
 * needs a block more): one success between failures is not a recovery.
 */
export const STORAGE_QUIET_MS = 5000;

/**
 * What this process knows of its database from the statements it runs, for readiness, /metrics
 * and the requests themselves: whether the database answers (PostgreSQL: a connection can be made)
 * and whether writes reach its storage (disk full, read-only, I/O errors).
 *
 * Once a connection cannot be made, the pool refuses at once (`refusing`) instead of letting each
 * request wait for its own connection attempt, and a probe on a connection of its own asks every
 * PROBE_INTERVAL_MS until the database answers again: placements work again within that of its
 * return. A query that lost its connection asks a probe at once; only the probe decides. Storage
 * is failing from a write that failed for it until a write reaches it STORAGE_QUIET_MS after the
 * last failure.
 */
export class DatabaseHealth {
  #unreachableSince: number | null = null;
  #storageProblem: string | null = null;
  #storageFailedAt = 0;
  #probe: (() => Promise<void>) | null = null;
  #probing: Promise<void> | null = null;
  #storageProbe: (() => Promise<void>) | null = null;
  #storageProbing: Promise<void> | null = null;
  #storageProbedAt = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setInterval> | null = null;

  /** Whether the database answered the last time it was asked. */
  get reachable(): boolean {
    return this.#unreachableSince === null;
  }

  /** Whether new connections are refused without trying (the database is known to be away). */
  get refusing(): boolean {
    return this.#unreachableSince !== null && this.#probe !== null;
  }

  /** The storage error writes last failed with (e.g. SQLITE_FULL), or null while writes reach storage. */
  get storageProblem(): string | null {
    return this.#storageProblem;
  }

  /** How to ask whether the database answers, on a connection of its own (PostgreSQL); SQLite has none. */
  probeWith(probe: () => Promise<void>): void {
    this.#probe = probe;
  }

  /** How to try one small write (SQLite), so storage that takes writes again is noticed without waiting for a request. */
  storageProbeWith(probe: () => Promise<void>): void {
    this.#storageProbe = probe;
  }

  /** While writes fail for storage, tries the small write, at most once a second (callers at the same moment share one). */
  checkStorage(): Promise<void> {
    if (!this.#storageProblem || !this.#storageProbe) return Promise.resolve();
    if (!this.#storageProbing && performance.now() - this.#storageProbedAt < 1000) return Promise.resolve();
    this.#storageProbedAt = performance.now();
    this.#storageProbing ??= this.#storageProbe()
      .then(
        () => this.noteWriteCommitted(),
        (error) => this.noteFailure(error),
      )
      .finally(() => {
        this.#storageProbing = null;
      });
    return this.#storageProbing;
  }

  /** A connection could not be made: unreachable until a probe gets through. */
  unreachable(): void {
    if (this.#unreachableSince !== null) return;
    this.#unreachableSince = Date.now();
    if (!this.#probe) return;
    this.#timer = setInterval(() => void this.check(), PROBE_INTERVAL_MS);
    this.#timer.unref?.();
  }

  /** A statement failed: a lost connection asks a probe now; a storage failure marks writes failing. */
  noteFailure(error: unknown): void {
    if (isStorageUnavailable(error)) {
      this.#storageProblem = (error as { code?: string }).code ?? "storage";
      this.#storageFailedAt = Date.now();
    } else if (isDatabaseUnavailable(error) && this.#unreachableSince === null) void this.check();
  }

  /** A write was committed: storage takes writes again, unless one failed within STORAGE_QUIET_MS. */
  noteWriteCommitted(): void {
    if (Date.now() - this.#storageFailedAt >= STORAGE_QUIET_MS) this.#storageProblem = null;
  }

  /** Resolves once the probe running now (if any) has answered: a connection attempt waits for it rather than for its own timeout. */
  settled(): Promise<void> {
    return this.#probing ?? Promise.resolve();
  }

  /** Asks the probe now (callers at the same moment share one); without one, nothing to ask. */
  check(): Promise<void> {
    if (!this.#probe) return Promise.resolve();
    this.#probing ??= this.#probe()
      .then(
        () => this.#answered(),
        () => this.unreachable(),
      )
      .finally(() => {
        this.#probing = null;
      });
    return this.#probing;
  }

  /** Stops probing (the handle is closing). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#probe = null;
  }

  #answered(): void {
    this.#unreachableSince = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
