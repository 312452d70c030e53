import type { Server } from "bun";
import { cachedResponse, type CachedAnswer } from "./cached-read.ts";
import { assertHeadSize } from "./pipeline.ts";

/**
 * A public read answered from memory: its answer for a request of the plain shape (the query it
 * expects, nothing else), or null for any other request.
 */
export type FastRead = (url: URL) => Promise<CachedAnswer> | null;

interface FastReadDeps {
  /** The headers every answer of ours carries. */
  headers: Record<string, string>;
  /** The full app: whatever the fast path does not take. */
  fallback(request: Request, server: Server<unknown>): Response | Promise<Response>;
  record(request: Request, route: string, status: number, ms: number): void;
}

/**
 * The hottest public reads (every open Games screen refetches them at a kick-off), answered by
 * Bun's router directly instead of through Elysia's request pipeline: the same cached answer,
 * headers, log line and metrics. A request of any other shape — a query we do not expect, a head
 * over our limits, another method — goes to the full app, which validates and answers it.
 */
export function fastReadRoutes(reads: Record<string, FastRead>, deps: FastReadDeps) {
  const routes: Record<string, { GET: (request: Request, server: Server<unknown>) => Promise<Response> | Response }> = {};
  for (const [path, read] of Object.entries(reads)) {
    routes[path] = {
      GET: async (request, server) => {
        const started = performance.now();
        try {
          assertHeadSize(request);
        } catch {
          return deps.fallback(request, server);
        }
        const answer = read(new URL(request.url));
        if (!answer) return deps.fallback(request, server);
        const response = cachedResponse(request, await answer, deps.headers);
        deps.record(request, path, response.status, performance.now() - started);
        return response;
      },
    };
  }
  return routes;
}
