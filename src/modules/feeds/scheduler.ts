import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { nextSyncDelay } from "./cadence.ts";
import type { OddsProvider } from "./provider.ts";
import { syncPace } from "../games/service.ts";
import { fillPlayerStats, recordClosingLines, syncGames, type SyncReport } from "./service.ts";

/** The provider's state as GET /api/health shows it. */
export interface ProviderStatus {
  name: string;
  /** The last sync ran without errors or provider problems, and the provider's answer was of the right season. */
  ok: boolean;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  consecutiveFailures: number;
  nextSyncAt: string | null;
  /** What went wrong last time, or a state worth knowing (quota at its reserve); absent when all is well. Never secret (no URLs, no keys). */
  message?: string;
  /** Credits left with a metered provider (The Odds API). */
  requestsRemaining?: number | null;
}

const MESSAGE_MAX = 500;
/** The pause between two box-score fetches in the background: each summary is up to a megabyte. */
export const STATS_SPACING_MS = 3_000;

export interface SchedulerOptions {
  /** Tests shorten the pause between background box-score fetches. */
  statsSpacingMs?: number;
}

/**
 * Runs the provider sync on a cadence inside `serve` (see cadence.ts). A failing provider never
 * blocks the app: the last good data stays, the next attempt waits longer each time (up to 15
 * minutes), and the state is logged and shown on GET /api/health. Players' figures for props of
 * finished games are fetched in the background between syncs, one every few seconds.
 */
export class GameSyncScheduler {
  #timer: ReturnType<typeof setTimeout> | null = null;
  #statsTimer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<SyncReport | null> | null = null;
  /** Syncs and background stats steps run one at a time: both write the same props. */
  #queue: Promise<unknown> = Promise.resolve();
  #stopped = false;
  #status: ProviderStatus;
  /** Faults already logged: a wrong answer ESPN keeps giving is logged when it starts or changes, not every sync. */
  #faultsLogged = "";

  constructor(
    private readonly db: Db,
    private readonly provider: OddsProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
    private readonly options: SchedulerOptions = {},
  ) {
    this.#status = {
      name: provider.name,
      ok: false,
      lastAttemptAt: null,
      lastSuccessAt: null,
      consecutiveFailures: 0,
      nextSyncAt: null,
      message: "not synced yet",
    };
  }

  /** One sync now; errors are logged, not thrown. Concurrent calls share one run. */
  runOnce(): Promise<SyncReport | null> {
    this.#running ??= this.#exclusive(() => this.#run()).finally(() => (this.#running = null));
    return this.#running;
  }

  /** Syncs on the cadence from now on; the first at once if none ran yet (serve listens meanwhile). */
  start(): void {
    this.#stopped = false;
    if (this.#status.lastAttemptAt === null) void this.runOnce().then(() => this.#scheduleNext());
    else void this.#scheduleNext();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#statsTimer) clearTimeout(this.#statsTimer);
    await this.#queue;
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => {});
    return next;
  }

  /** Another background box-score fetch in a few seconds, while the provider has more to fetch. */
  #planStats(more: boolean): void {
    if (!more || this.#stopped || this.#statsTimer) return;
    this.#statsTimer = setTimeout(() => {
      this.#statsTimer = null;
      void this.#exclusive(() => this.#fillStats());
    }, this.options.statsSpacingMs ?? STATS_SPACING_MS);
  }

  async #fillStats(): Promise<void> {
    if (this.#stopped) return;
    try {
      const { recorded, more } = await fillPlayerStats(this.db, this.provider, this.clock.now());
      if (recorded > 0)
        this.logger.info({ provider: this.provider.name, games: recorded }, "player figures recorded for props");
      this.#planStats(more);
    } catch (error) {
      this.logger.error(
        { err: error, provider: this.provider.name },
        "could not record player figures; the next sync tries again",
      );
    }
  }

  get consecutiveFailures(): number {
    return this.#status.consecutiveFailures;
  }

  /** A copy of the provider's state, for GET /api/health. */
  status(): ProviderStatus {
    return { ...this.#status };
  }

  async #scheduleNext(): Promise<void> {
    if (this.#stopped) return;
    let delay: number;
    try {
      delay = nextSyncDelay(
        this.clock.now(),
        await syncPace(this.db, this.clock.now()),
        this.#status.consecutiveFailures,
      );
    } catch (error) {
      this.logger.error({ err: error }, "could not work out the next sync time; trying again in a minute");
      delay = 60_000;
    }
    if (this.#stopped) return;
    this.#status.nextSyncAt = new Date(this.clock.now().getTime() + delay).toISOString();
    this.#timer = setTimeout(async () => {
      await this.runOnce();
      await this.#scheduleNext();
    }, delay);
  }

  /** Games kicking off during an outage still get their closing line: the last line we held. */
  async #keepClosingLines(): Promise<void> {
    try {
      const recorded = await recordClosingLines(this.db, this.clock.now());
      if (recorded > 0) this.logger.info({ closingLines: recorded }, "closing lines recorded from the last good data");
    } catch (error) {
      this.logger.error({ err: error }, "could not record closing lines");
    }
  }

  async #run(): Promise<SyncReport | null> {
    const started = performance.now();
    const attemptAt = this.clock.now().toISOString();
    let report: SyncReport | null = null;
    let failure: string | null = null;
    try {
      const sync = () => syncGames(this.db, this.provider, this.clock.now());
      report = this.metrics ? await this.metrics.time("provider_sync", sync) : await sync();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      this.logger.error({ err: error, provider: this.provider.name }, "games sync failed; keeping the last good data");
      await this.#keepClosingLines();
    }
    const diagnostics = this.provider.diagnostics?.();
    const problems = [...(failure ? [failure] : []), ...(diagnostics?.problems ?? [])];
    const faults = diagnostics?.faults ?? [];
    // Faults (another season's events) make `ok` false but the source answers: no back-off.
    // Notices (a quota at its reserve, a box score not out yet) are shown but are no failure.
    const shown = [...problems, ...faults, ...(diagnostics?.notices ?? [])];
    const wasFailing = this.#status.consecutiveFailures > 0;
    const failures = problems.length > 0 ? this.#status.consecutiveFailures + 1 : 0;
    this.#status = {
      name: this.provider.name,
      ok: problems.length === 0 && faults.length === 0,
      lastAttemptAt: attemptAt,
      lastSuccessAt: problems.length === 0 ? attemptAt : this.#status.lastSuccessAt,
      consecutiveFailures: failures,
      nextSyncAt: null,
      ...(shown.length ? { message: [...new Set(shown)].join("; ").slice(0, MESSAGE_MAX) } : {}),
      ...(diagnostics && "requestsRemaining" in diagnostics
        ? { requestsRemaining: diagnostics.requestsRemaining ?? null }
        : {}),
    };
    const ms = Math.round(performance.now() - started);
    const quota =
      diagnostics && "requestsRemaining" in diagnostics ? { requestsRemaining: diagnostics.requestsRemaining } : {};
    if (report && problems.length > 0) {
      this.logger.warn(
        { ...report, ...quota, ms, failures, problems },
        "games synced with provider problems; keeping the last good data where it failed",
      );
    } else if (report && faults.length > 0 && faults.join("; ") !== this.#faultsLogged) {
      this.logger.warn({ ...report, ...quota, ms, faults }, "games synced, but the provider's answer is wrong");
    } else if (
      report &&
      (report.inserted ||
        report.oddsUpdated ||
        report.completed ||
        report.rescheduled ||
        report.closingLines ||
        report.statsRecorded)
    ) {
      this.logger.info({ ...report, ...quota, ms }, "games synced");
    }
    if (wasFailing && failures === 0) this.logger.info({ provider: this.provider.name }, "odds provider recovered");
    if (report) this.#faultsLogged = faults.join("; ");
    this.#planStats(report?.moreStats ?? false);
    return report;
  }
}
