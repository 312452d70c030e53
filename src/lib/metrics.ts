import { getOrCreate } from "./maps.ts";

/**
 * The app's Prometheus metrics (docs/operations.md "Operations"): what requests, sockets, the outbox and
 * background jobs count into. The `/metrics` route that shows them is http/metrics.ts.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import packageJson from "../../package.json" with { type: "json" };

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const label = (value: string | number) =>
  `"${String(value).replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n")}"`;

/**
 * Requests by route and status, and their latency, as plain numbers: prom-client hashes the labels
 * of every observation, a measurable share of a cached read's cost (bench/http.ts). Rendered in
 * Prometheus text only when scraped, with the names and labels prom-client gave them.
 */
export class RequestMetrics {
  /** By route, then status, then method: no key is built per request. */
  readonly #routes = new Map<
    string,
    { buckets: number[]; sum: number; count: number; byStatus: Map<number, Map<string, number>> }
  >();

  record(method: string, route: string, status: number, seconds: number): void {
    const r = getOrCreate(this.#routes, route, () => ({
      buckets: LATENCY_BUCKETS.map(() => 0),
      sum: 0,
      count: 0,
      byStatus: new Map<number, Map<string, number>>(),
    }));
    const methods = getOrCreate(r.byStatus, status, () => new Map<string, number>());
    methods.set(method, (methods.get(method) ?? 0) + 1);
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= LATENCY_BUCKETS[i]!) {
        r.buckets[i]! += 1;
        break;
      }
    }
    r.sum += seconds;
    r.count += 1;
  }

  exposition(): string {
    const lines = [
      "# HELP npt_http_requests_total HTTP requests by route and status",
      "# TYPE npt_http_requests_total counter",
    ];
    for (const [route, r] of this.#routes) {
      for (const [status, methods] of r.byStatus) {
        for (const [method, count] of methods)
          lines.push(
            `npt_http_requests_total{method=${label(method)},route=${label(route)},status=${label(status)}} ${count}`,
          );
      }
    }
    lines.push(
      "# HELP npt_http_request_duration_seconds HTTP request latency",
      "# TYPE npt_http_request_duration_seconds histogram",
    );
    for (const [route, r] of this.#routes) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += r.buckets[i]!;
        lines.push(`npt_http_request_duration_seconds_bucket{le=${label(le)},route=${label(route)}} ${cumulative}`);
      });
      lines.push(`npt_http_request_duration_seconds_bucket{le="+Inf",route=${label(route)}} ${r.count}`);
      lines.push(`npt_http_request_duration_seconds_sum{route=${label(route)}} ${r.sum}`);
      lines.push(`npt_http_request_duration_seconds_count{route=${label(route)}} ${r.count}`);
    }
    return `${lines.join("\n")}\n`;
  }
}

/**
 * prom-client's `nodejs_active_{handles,requests,resources}_total` are gauges named like counters
 * (`promtool check metrics` refuses them), and each only sums its family's per-type gauge: left out.
 */
const GAUGES_NAMED_LIKE_COUNTERS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/** prom-client's process metrics (CPU, memory, file descriptors, event-loop lag, heap): one set per process. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    for (const name of GAUGES_NAMED_LIKE_COUNTERS) processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

/** A PostgreSQL pool's counts (pg.Pool totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The app's Prometheus metrics, one registry per app (tests build many side by side). */
export class Metrics {
  readonly registry = new Registry();
  readonly buildInfo = new Gauge({
    name: "npt_build_info",
    help: "Always 1: the version and source commit of this build",
    labelNames: ["version", "commit"],
    registers: [this.registry],
  });
  readonly poolConnections = new Gauge({
    name: "npt_db_pool_connections",
    help: "PostgreSQL pool connections by state (open = total, idle); absent on SQLite",
    labelNames: ["pool", "state"],
    registers: [this.registry],
  });
  readonly poolWaiting = new Gauge({
    name: "npt_db_pool_waiting_clients",
    help: "Queries waiting for a PostgreSQL pool connection; absent on SQLite",
    labelNames: ["pool"],
    registers: [this.registry],
  });
  readonly oddsQuota = new Gauge({
    name: "npt_odds_api_requests_remaining",
    help: "The Odds API credits left this month, as its last answer said; absent until known",
    labelNames: ["provider"],
    registers: [this.registry],
  });
  readonly requests = new RequestMetrics();
  readonly sockets = new Gauge({
    name: "npt_websocket_connections",
    help: "Open WebSocket connections",
    registers: [this.registry],
  });
  readonly outboxLag = new Gauge({
    name: "npt_outbox_lag_events",
    help: "Outbox events committed but not yet delivered",
    registers: [this.registry],
  });
  // "task", not "job": Prometheus keeps `job` for the scrape job and renames ours `exported_job`.
  readonly jobs = new Counter({
    name: "npt_jobs_total",
    help: "Background job runs, by task and outcome (ok, error)",
    labelNames: ["task", "outcome"],
    registers: [this.registry],
  });
  readonly jobSeconds = new Histogram({
    name: "npt_job_duration_seconds",
    help: "Background job run duration, by task",
    labelNames: ["task"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobLastSuccess = new Gauge({
    name: "npt_job_last_success_timestamp_seconds",
    help: "When each background task last ran without an error (Unix seconds); absent until it has",
    labelNames: ["task"],
    registers: [this.registry],
  });
  readonly betsPlaced = new Counter({
    name: "npt_bets_placed_total",
    help: "Bets placed, by kind (single, parlay)",
    labelNames: ["kind"],
    registers: [this.registry],
  });
  readonly betsRefused = new Counter({
    name: "npt_bets_refused_total",
    help: "Placements refused, by kind and reason (the answer's code: odds_changed, game_locked, rate_limited, database_unavailable…)",
    labelNames: ["kind", "reason"],
    registers: [this.registry],
  });
  readonly betsSettled = new Counter({
    name: "npt_bets_settled_total",
    help: "Bets settled or regraded by this process (on a game's final score, and by the start-up sweep)",
    registers: [this.registry],
  });
  readonly pushDeliveries = new Counter({
    name: "npt_push_deliveries_total",
    help: "Web Push deliveries by outcome (sent, retried, dropped, held, device_removed)",
    labelNames: ["outcome"],
    registers: [this.registry],
  });
  readonly ready = new Gauge({
    name: "npt_ready",
    help: "1 while /readyz answers 200 (this process can serve), else 0",
    registers: [this.registry],
  });
  readonly databaseReachable = new Gauge({
    name: "npt_database_reachable",
    help: "1 while the database answers, 0 while it does not (reads from memory still served)",
    registers: [this.registry],
  });
  readonly storageWritable = new Gauge({
    name: "npt_storage_writable",
    help: "0 while writes fail for storage (disk full, read-only or failing disk), else 1",
    registers: [this.registry],
  });

  constructor(build: { commit: string | null } = { commit: null }) {
    this.buildInfo.set({ version: packageJson.version, commit: build.commit ?? "unknown" }, 1);
  }

  /** The pool gauges from the pool's counts now; null (SQLite) leaves them out. */
  setPool(stats: PoolStats | null): void {
    if (!stats) return;
    this.poolConnections.set({ pool: "main", state: "open" }, stats.total);
    this.poolConnections.set({ pool: "main", state: "idle" }, stats.idle);
    this.poolWaiting.set({ pool: "main" }, stats.waiting);
  }

  /** The provider's remaining quota, when it has told one. */
  setOddsQuota(provider: string, remaining: number | null | undefined): void {
    this.oddsQuota.reset();
    if (typeof remaining === "number") this.oddsQuota.set({ provider }, remaining);
  }

  /** Counts one answered request (every request: kept cheap, rendered only when scraped). */
  recordRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.record(method, route, status, seconds);
  }

  /** Everything in Prometheus text format. */
  async exposition(): Promise<string> {
    return (await this.registry.metrics()) + this.requests.exposition() + (await processMetrics().metrics());
  }

  /** Times one run of a background task, counts how it ended and stamps its last success; errors pass on. */
  async time<T>(task: string, work: () => Promise<T>): Promise<T> {
    const end = this.jobSeconds.startTimer({ task });
    try {
      const result = await work();
      this.jobs.inc({ task, outcome: "ok" });
      this.jobLastSuccess.set({ task }, Date.now() / 1000);
      return result;
    } catch (error) {
      this.jobs.inc({ task, outcome: "error" });
      throw error;
    } finally {
      end();
    }
  }

  /** Counts a push delivery pass's outcomes. */
  countPushes(report: { sent: number; retried: number; dropped: number; held: number; removedDevices: number }): void {
    const outcomes = {
      sent: report.sent,
      retried: report.retried,
      dropped: report.dropped,
      held: report.held,
      device_removed: report.removedDevices,
    };
    for (const [outcome, count] of Object.entries(outcomes)) if (count > 0) this.pushDeliveries.inc({ outcome }, count);
  }
}
