import { hostname } from "node:os";
import { sql } from "kysely";
import pg from "pg";
import type { Db } from "./connection.ts";
import { postgresSettingsOf } from "./engine-postgres.ts";

export interface LeaseOptions {
  /** SQLite: a lease not renewed for this long is free for another process. */
  ttlMs?: number;
  /** How often the holder renews and the others try to take over. */
  retryMs?: number;
  /**
   * Runs when this process takes the lease (the first one is awaited before `start` returns). The
   * lease keeps being renewed while it runs, however long it takes.
   */
  onAcquire(): Promise<void> | void;
  /**
   * Runs when this process loses it: `cause` is the error that kept it from renewing (storage
   * refusing writes, the database away, its connection lost), or null when another holder has it.
   */
  onLose(cause: unknown | null): Promise<void> | void;
  /** A check failed; told once per run of failures (the next success starts a new run). */
  onError?(error: unknown): void;
  /** Who holds it (default: this process); tests run two holders in one process. */
  holder?: string;
}

/** This process, as lease tables name it. */
export const PROCESS_ID = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/**
 * Whether a holder (as PROCESS_ID names it) is a process of this machine that is gone: its pid
 * runs no process, or is ours (a restarted container is pid 1 again). Holders on other machines,
 * or names we cannot read, are never judged dead: their lease expires instead.
 */
export function holderIsDead(holder: string): boolean {
  const [host, pidText] = holder.split(":");
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: a process of another user runs under that pid: alive, as far as we can tell.
    return (error as { code?: string }).code === "ESRCH";
  }
}

/**
 * Singleton jobs (provider sync, settlement sweep, purges) run in one process at a time: the one
 * holding the lease. On PostgreSQL the lease is a session advisory lock held by a connection of
 * its own: when the process dies, its connection closes and the server frees the lock at once;
 * another process takes it at its next try. On SQLite it is a row with an expiry the holder
 * renews; a dead holder's row expires after `ttlMs`. Either way two `serve` processes on one
 * database never run the same job twice at once.
 */
export class Lease {
  #held = false;
  #timer: ReturnType<typeof setInterval> | null = null;
  #client: pg.Client | null = null;
  #busy: Promise<void> | null = null;
  /** The running onAcquire, if any: outside the renewal chain, so a long one never lets the lease lapse. */
  #acquiring: Promise<void> | null = null;
  /** A loss noticed outside the renewal chain (the PostgreSQL connection dropped), still being handled. */
  #losingOutside: Promise<void> | null = null;
  /** Whether the last check failed (failures in a row are told once). */
  #failing = false;
  #stopped = false;
  readonly #ttlMs: number;
  readonly #retryMs: number;
  readonly #holder: string;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly options: LeaseOptions,
  ) {
    this.#ttlMs = options.ttlMs ?? 15_000;
    this.#retryMs = options.retryMs ?? 2_000;
    this.#holder = options.holder ?? PROCESS_ID;
  }

  get held(): boolean {
    return this.#held;
  }

  /** Tries at once (running onAcquire if it wins), then every retryMs. */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.#tick();
    this.#timer = setInterval(() => void this.#tick(), this.#retryMs);
    this.#timer.unref?.();
    await this.#acquiring;
  }

  /** Stops trying, lets go of the lease (without onLose: the caller is stopping its jobs anyway). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#busy;
    await this.#acquiring;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
    if (this.#held && !postgresSettingsOf(this.db)) {
      await this.db
        .deleteFrom("job_leases")
        .where("name", "=", this.name)
        .where("holder", "=", this.#holder)
        .execute()
        .catch(() => {});
    }
    this.#held = false;
  }

  #tick(): Promise<void> {
    this.#busy ??= this.#step().finally(() => (this.#busy = null));
    return this.#busy;
  }

  async #step(): Promise<void> {
    // Never take the lease again before its loss has been handled: onLose would stop the new start.
    await this.#losingOutside;
    let holds: boolean;
    let cause: unknown | null = null;
    try {
      holds = postgresSettingsOf(this.db) ? await this.#tryPostgres() : await this.#trySqlite();
      this.#failing = false;
    } catch (error) {
      if (!this.#failing) this.options.onError?.(error);
      this.#failing = true;
      cause = error;
      holds = false;
    }
    if (this.#stopped) return;
    if (holds && !this.#held) {
      this.#held = true;
      const acquiring = this.#guard(this.options.onAcquire).finally(() => {
        if (this.#acquiring === acquiring) this.#acquiring = null;
      });
      this.#acquiring = acquiring;
    } else if (!holds && this.#held) {
      this.#held = false;
      await this.#losing(cause);
    }
  }

  /** onLose, once whatever onAcquire started has finished starting (so it is there to stop). */
  async #losing(cause: unknown | null): Promise<void> {
    await this.#acquiring;
    await this.#guard(() => this.options.onLose(cause));
  }

  async #guard(work: () => Promise<void> | void): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  async #tryPostgres(): Promise<boolean> {
    if (this.#client) {
      // Held already: the lock lives as long as this connection; check it still does.
      await this.#client.query("select 1");
      return this.#held;
    }
    const client = new pg.Client(postgresSettingsOf(this.db)!);
    const lost = (error?: unknown) => {
      if (this.#client !== client) return;
      this.#client = null;
      client.end().catch(() => {});
      if (this.#held && !this.#stopped) {
        this.#held = false;
        const losing = this.#losing(error ?? new Error("its connection to the database closed")).finally(() => {
          if (this.#losingOutside === losing) this.#losingOutside = null;
        });
        this.#losingOutside = losing;
      }
    };
    client.on("error", lost);
    client.on("end", lost);
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock(hashtextextended($1, 0)) as ok", [
      `lease:${this.name}`,
    ]);
    if (!rows[0]?.ok) {
      await client.end().catch(() => {});
      return false;
    }
    this.#client = client;
    // Named for operators (who holds the jobs?); the lock itself is what counts.
    await sql`insert into job_leases (name, holder, expires_at) values (${this.name}, ${this.#holder}, 0)
      on conflict (name) do update set holder = excluded.holder`
      .execute(this.db)
      .catch(() => {});
    return true;
  }

  async #trySqlite(): Promise<boolean> {
    const now = Date.now();
    const current = await this.db
      .selectFrom("job_leases")
      .select("holder")
      .where("name", "=", this.name)
      .executeTakeFirst();
    // A holder that died on this machine (a crash, then a restart) need not be waited out.
    const dead = current && current.holder !== this.#holder && holderIsDead(current.holder) ? current.holder : null;
    await this.db
      .insertInto("job_leases")
      .values({ name: this.name, holder: this.#holder, expires_at: now + this.#ttlMs })
      .onConflict((oc) =>
        oc
          .column("name")
          .doUpdateSet({ holder: this.#holder, expires_at: now + this.#ttlMs })
          .where((eb) =>
            eb.or([
              eb("job_leases.holder", "=", this.#holder),
              eb("job_leases.expires_at", "<", now),
              ...(dead ? [eb("job_leases.holder", "=", dead)] : []),
            ]),
          ),
      )
      .execute();
    const row = await this.db
      .selectFrom("job_leases")
      .select("holder")
      .where("name", "=", this.name)
      .executeTakeFirst();
    return row?.holder === this.#holder;
  }
}
