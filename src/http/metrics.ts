import { createHash, timingSafeEqual } from "node:crypto";
import type { Server } from "bun";
import { Elysia } from "elysia";
import { AppError, forbidden } from "../lib/errors.ts";
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

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time (digests of equal length). */
export function bearerMatches(request: Request, token: string): boolean {
  const given = request.headers.get("authorization")?.match(/^Bearer +(\S+) *$/i)?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `/metrics` in Prometheus text format. With METRICS_TOKEN: for `Authorization: Bearer <token>`
 * only (a Prometheus in the compose network), 401 otherwise. Without: for admins or the machine itself.
 */
export function metricsRoute({
  metrics,
  token,
  isAdmin,
  refresh,
}: {
  metrics: Metrics;
  token: string | null;
  isAdmin(request: Request): Promise<boolean>;
  refresh(): Promise<void>;
}) {
  return new Elysia({ name: "metrics" }).get("/metrics", async ({ request, server }) => {
    if (token !== null) {
      if (!bearerMatches(request, token))
        throw new AppError(401, "metrics_token_required", "Metrics need Authorization: Bearer <METRICS_TOKEN>", {
          "www-authenticate": 'Bearer realm="metrics"',
        });
    } else if (!fromThisMachine(request, server) && !(await isAdmin(request)))
      throw forbidden("Metrics are for admins or the machine itself", "metrics_forbidden");
    await refresh();
    return new Response(await metrics.exposition(), { headers: { "content-type": metrics.registry.contentType } });
  });
}
