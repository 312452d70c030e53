import type { Server } from "bun";
import { cachedResponse, type CachedAnswer } from "./cached-read.ts";
import { assertHeadSize } from "./pipeline.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

/**
 * A public read answered from memory: its answer for a request of the plain shape (given the URL's
 * query, "" or "?…": the one it expects, nothing else), or null for any other request.
 */
export type FastRead = (search: string) => CachedAnswer | Promise<CachedAnswer> | null;

interface FastReadDeps {
  /** The headers every answer of ours carries. */
  headers: Record<string, string>;
  /** The full app: whatever the fast path does not take. */
  fallback(request: Request, server: Server<unknown>): Response | Promise<Response>;
  record(request: Request, route: string, status: number, ms: number): void;
  requestId(request: Request): string;
}

/**
 * The hottest public reads (every open Games screen refetches them at a kick-off), answered by
 * Bun's router directly instead of through Elysia's request pipeline: the same cached answer,
 * headers, log line and metrics. A request of any other shape — a query we do not expect, a head
 * over our limits, another method — goes to the full app, which validates and answers it.
 */
export function fastReadRoutes(reads: Record<string, FastRead>, deps: FastReadDeps) {
  const routes: Record<string, { GET: (request: Request, server: Server<unknown>) => Promise<Response> | Response }> =
    {};
  for (const [path, read] of Object.entries(reads)) {
    routes[path] = {
      // Not async: a held answer is sent without a promise in between.
      GET: (request, server) => {
        const started = performance.now();
        try {
          assertHeadSize(request);
        } catch {
          return deps.fallback(request, server);
        }
        const url = request.url;
        const query = url.indexOf("?");
        const answer = read(query < 0 ? "" : url.slice(query));
        if (!answer) return deps.fallback(request, server);
        const respond = (entry: CachedAnswer) => {
          const response = cachedResponse(request, entry, deps.headers);
          response.headers.set(REQUEST_ID_HEADER, deps.requestId(request));
          deps.record(request, path, response.status, performance.now() - started);
          return response;
        };
        // A failed read (e.g. the database unreachable) takes the app's own route, whose error handler answers JSON.
        return answer instanceof Promise ? answer.then(respond, () => deps.fallback(request, server)) : respond(answer);
      },
    };
  }
  return routes;
}
