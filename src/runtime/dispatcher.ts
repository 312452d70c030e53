import type { Db } from "./connection.ts";
import type { Clock } from "../lib/clock.ts";
import type { DeliveredEvent, EventBus, EventType } from "./events.ts";
import type { Logger } from "../lib/logger.ts";
import { engineOf } from "./engine.ts";
import type { OutboxCursor } from "./outbox-order.ts";
import * as repo from "../modules/realtime/repo.ts";
import { OUTBOX_CHANNEL } from "../modules/realtime/service.ts";

const BATCH = 200;
const KEEP_MS = 24 * 60 * 60 * 1000;
const CURSOR = "main";

/**
 * Delivers outbox rows to the in-process bus after their transaction committed. It polls the
 * outbox's primary key — an index seek of microseconds — so rows committed by a CLI process
 * are delivered as surely as our own. With several processes on PostgreSQL, each delivers every
 * event to its own bus (its own WebSockets), woken by LISTEN/NOTIFY, in commit-safe order
 * (src/runtime/commit-order.ts). Where it got to is saved, so events committed while the
 * server was down (or not yet delivered when it stopped) are delivered after a restart: at least
 * once, so handlers are idempotent.
 *
 * Several processes share that saved cursor, each writing where it got to. That is safe because it
 * is only where a (re)started process begins: each delivers by its own cursor in memory; a process
 * that just started has no sockets or cached answers that could have missed an older event, and
 * what settlement might have missed is settled by the jobs holder's start-up sweep.
 */
export class OutboxDispatcher {
  #cursor: OutboxCursor = { id: 0, txid: null };
  #started = false;
  /** Whether the last pass failed: a database away for a while fails ten passes a second, told once. */
  #failing = false;
  #stopListening: () => Promise<void> = async () => {};
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<void> | null = null;
  #lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs = 100,
  ) {}

  /** Where this process's delivery got to (null before it started): what /metrics counts the lag from. */
  get cursor(): OutboxCursor | null {
    return this.#started ? this.#cursor : null;
  }

  /** Resumes where the last run stopped; a brand-new database starts after its newest row. */
  async start(): Promise<void> {
    this.#cursor = (await repo.readCursor(this.db, CURSOR)) ?? (await engineOf(this.db).outboxEnd(this.db));
    this.#started = true;
    await repo.saveCursor(this.db, CURSOR, this.#cursor);
    this.#timer = setInterval(() => void this.tick(), this.intervalMs);
    // PostgreSQL: woken at once by another process's commit; the poll stays as the safety net
    // (a row waits for older transactions still running before it may be read).
    this.#stopListening = engineOf(this.db).listenFor(
      this.db,
      OUTBOX_CHANNEL,
      () => void this.tick(),
      (error) => this.logger.warn({ err: error }, "outbox listener lost its connection; reconnecting"),
    );
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#stopListening();
    await this.#running;
  }

  /** Delivers everything committed so far; concurrent calls share one pass. */
  tick(): Promise<void> {
    this.#running ??= this.#deliver().finally(() => (this.#running = null));
    return this.#running;
  }

  async #deliver(): Promise<void> {
    try {
      for (;;) {
        const rows = await repo.eventsAfter(this.db, this.#cursor, BATCH);
        for (const row of rows) {
          this.#cursor = { id: row.id, txid: row.txid };
          const event: DeliveredEvent = {
            id: row.id,
            type: row.type as EventType,
            userId: row.user_id,
            payload: JSON.parse(row.payload),
          };
          await this.bus.emit(event, (error) =>
            this.logger.error({ err: error, event: row.type }, "event handler failed"),
          );
        }
        if (rows.length > 0) await repo.saveCursor(this.db, CURSOR, this.#cursor);
        if (rows.length < BATCH) break;
      }
      await this.#prune();
      if (this.#failing) this.logger.info("outbox delivery resumed");
      this.#failing = false;
    } catch (error) {
      if (!this.#failing)
        this.logger.error({ err: error }, "outbox delivery failed; retrying every pass, told again once it works");
      this.#failing = true;
    }
  }

  async #prune(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.#lastPrune < 60_000) return;
    this.#lastPrune = now;
    await repo.deleteEventsBefore(this.db, new Date(now - KEEP_MS).toISOString(), this.#cursor);
  }
}
