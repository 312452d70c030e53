import { getOrCreate } from "./maps.ts";

/**
 * The app's Prometheus metrics (README "Operations"): what requests, sockets, the outbox and
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

/** prom-client's process metrics (CPU, memory, file descriptors, event-loop lag, heap): one set per process. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
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
  readonly jobs = new Counter({
    name: "npt_jobs_total",
    help: "Background jobs run, by kind and outcome",
    labelNames: ["job", "outcome"],
    registers: [this.registry],
  });
  readonly jobSeconds = new Histogram({
    name: "npt_job_duration_seconds",
    help: "Background job duration (settlement, provider sync)",
    labelNames: ["job"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
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

  /** Times a background job and counts how it ended. */
  async time<T>(job: string, work: () => Promise<T>): Promise<T> {
    const end = this.jobSeconds.startTimer({ job });
    try {
      const result = await work();
      this.jobs.inc({ job, outcome: "ok" });
      return result;
    } catch (error) {
      this.jobs.inc({ job, outcome: "error" });
      throw error;
    } finally {
      end();
    }
  }
}
