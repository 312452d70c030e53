import { Elysia } from "elysia";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Server } from "bun";
import { forbidden } from "../lib/errors.ts";

/** The app's Prometheus metrics, one registry per app (tests build many side by side). */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({ name: "npt_http_requests_total", help: "HTTP requests by route and status", labelNames: ["method", "route", "status"], registers: [this.registry] });
  readonly latency = new Histogram({
    name: "npt_http_request_duration_seconds",
    help: "HTTP request latency",
    labelNames: ["route"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly sockets = new Gauge({ name: "npt_websocket_connections", help: "Open WebSocket connections", registers: [this.registry] });
  readonly outboxLag = new Gauge({ name: "npt_outbox_lag_events", help: "Outbox events committed but not yet delivered", registers: [this.registry] });
  readonly jobs = new Counter({ name: "npt_jobs_total", help: "Background jobs run, by kind and outcome", labelNames: ["job", "outcome"], registers: [this.registry] });
  readonly jobSeconds = new Histogram({
    name: "npt_job_duration_seconds",
    help: "Background job duration (settlement, provider sync)",
    labelNames: ["job"],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly #requestSeries = new Map<string, { count: { inc(): void }; latency: { observe(seconds: number): void } }>();

  /** Counts one answered request; the labelled series are looked up once, not hashed per request. */
  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.#requestSeries.get(key);
    if (!series) {
      series = { count: this.requests.labels(method, route, String(status)), latency: this.latency.labels(route) };
      this.#requestSeries.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
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

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+|local)$/;
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * Whether a request comes from the machine itself: a loopback peer that no proxy forwarded. A
 * forwarded request is never local, whatever address it claims and whether or not TRUST_PROXY is
 * set: behind a proxy on this machine every peer is loopback.
 */
export function fromThisMachine(request: Request, server: Server<unknown> | null): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers.has(name))) return false;
  return LOOPBACK.test(server?.requestIP(request)?.address ?? "local");
}

/** `/metrics` in Prometheus text format, for admins or from the machine itself. */
export function metricsRoute({ metrics, isAdmin, refresh }: { metrics: Metrics; isAdmin(request: Request): Promise<boolean>; refresh(): Promise<void> }) {
  return new Elysia({ name: "metrics" }).get("/metrics", async ({ request, server }) => {
    if (!fromThisMachine(request, server) && !(await isAdmin(request))) throw forbidden("Metrics are for admins or the machine itself", "metrics_forbidden");
    await refresh();
    return new Response(await metrics.registry.metrics(), { headers: { "content-type": metrics.registry.contentType } });
  });
}
