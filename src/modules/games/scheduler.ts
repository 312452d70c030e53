import type { Db } from "../../db/connection.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../http/metrics.ts";
import type { OddsProvider } from "./provider.ts";
import { syncGames, type SyncReport } from "./sync.ts";

const MAX_BACKOFF_MS = 15 * 60 * 1000;

/**
 * Runs the provider sync on a cadence inside `serve`. A failing provider never blocks the app:
 * the last good data stays, and the next attempt waits longer each time (up to 15 minutes).
 */
export class GameSyncScheduler {
  #timer: ReturnType<typeof setTimeout> | null = null;
  #failures = 0;
  #running: Promise<SyncReport | null> | null = null;
  #stopped = false;

  constructor(
    private readonly db: Db,
    private readonly provider: OddsProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly intervalMs = 60_000,
    private readonly metrics?: Metrics,
  ) {}

  /** One sync now; errors are logged, not thrown. Concurrent calls share one run. */
  runOnce(): Promise<SyncReport | null> {
    this.#running ??= this.#run().finally(() => (this.#running = null));
    return this.#running;
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(this.intervalMs);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  get consecutiveFailures(): number {
    return this.#failures;
  }

  #schedule(delay: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(async () => {
      await this.runOnce();
      this.#schedule(this.#failures === 0 ? this.intervalMs : Math.min(MAX_BACKOFF_MS, this.intervalMs * 2 ** this.#failures));
    }, delay);
  }

  async #run(): Promise<SyncReport | null> {
    const started = performance.now();
    try {
      const sync = () => syncGames(this.db, this.provider, this.clock.now());
      const report = this.metrics ? await this.metrics.time("provider_sync", sync) : await sync();
      this.#failures = 0;
      const ms = Math.round(performance.now() - started);
      if (report.inserted || report.oddsUpdated || report.completed) this.logger.info({ ...report, ms }, "games synced");
      return report;
    } catch (error) {
      this.#failures += 1;
      this.logger.error({ err: error, provider: this.provider.name, failures: this.#failures }, "games sync failed; keeping the last good data");
      return null;
    }
  }
}
