import type { Server } from "bun";
import { Elysia } from "elysia";
import { forbidden } from "../lib/errors.ts";
import type { Metrics } from "../lib/metrics.ts";

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
export function metricsRoute({
  metrics,
  isAdmin,
  refresh,
}: {
  metrics: Metrics;
  isAdmin(request: Request): Promise<boolean>;
  refresh(): Promise<void>;
}) {
  return new Elysia({ name: "metrics" }).get("/metrics", async ({ request, server }) => {
    if (!fromThisMachine(request, server) && !(await isAdmin(request)))
      throw forbidden("Metrics are for admins or the machine itself", "metrics_forbidden");
    await refresh();
    return new Response(await metrics.exposition(), { headers: { "content-type": metrics.registry.contentType } });
  });
}
