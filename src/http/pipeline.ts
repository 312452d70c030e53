import { Elysia } from "elysia";
import type { Config } from "../config.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { nulRefused, readJsonObject } from "./body.ts";
import type { Metrics } from "../lib/metrics.ts";
import { markPersonal } from "./private-answers.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";
import { assertSameOrigin, SAFE_METHODS, securityHeaders } from "./security.ts";

/** Longest URL we read; our own links are far shorter. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Largest request head (URL and headers) we read. Bun's own limit sits above it (docs/configuration.md: Request limits). */
export const MAX_HEAD_BYTES = 16 * 1024;

/** Refuses request heads no browser of ours sends, as JSON with our headers (Bun's own 431 has neither). */
export function assertHeadSize(request: Request): void {
  if (request.url.length > MAX_URL_LENGTH) {
    throw new AppError(414, "uri_too_long", `The request URL is longer than ${MAX_URL_LENGTH} characters`);
  }
  let size = request.url.length;
  request.headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  if (size > MAX_HEAD_BYTES) {
    throw new AppError(431, "headers_too_large", `The request headers are larger than ${MAX_HEAD_BYTES} bytes`);
  }
}

/**
 * Refuses a query that names a parameter twice (`?week=1&week=2`): which one counts would be the
 * parser's choice, not the caller's. Names are compared decoded (`w%65ek` is `week`). A NUL
 * (`%00`) is refused too: PostgreSQL cannot store or compare it, so the engines would answer apart.
 */
export function assertQueryParams(url: string): void {
  const start = url.indexOf("?");
  if (start < 0) return;
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    if (name.includes("\0") || value.includes("\0")) throw nulRefused(name);
    if (seen.has(name)) {
      throw new AppError(
        400,
        "repeated_query_parameter",
        `${name}: give this query parameter once`,
        {},
        { field: name },
      );
    }
    seen.add(name);
  }
}

/** Secrets that travel in a path (invite tokens, calendar feeds) never reach the logs. */
export function loggablePath(pathname: string): string {
  return pathname
    .replace(/^(\/api\/leagues\/join-by-token\/)[^/]+/, "$1:token")
    .replace(/^(\/api\/calendar\/)[^/]+/, "$1:token")
    .replace(/^(\/invite\/)[^/]+/, "$1:token");
}

/** Our API reads JSON only: a body of any other type is refused before anyone parses it. */
function assertJsonBody(request: Request): void {
  const length = request.headers.get("content-length");
  const hasBody = length === null ? request.body !== null : Number(length) > 0;
  const type = request.headers.get("content-type") ?? "";
  if (hasBody && !/^application\/json\b/i.test(type)) {
    throw new AppError(415, "unsupported_media_type", "Send the request body as JSON (Content-Type: application/json)");
  }
}

/** The path of a request URL, without building a URL object (this runs for every request). */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

/** One answered request into the metrics and the access log (the pipeline's and the fast path's). */
export function requestRecorder({
  logger,
  metrics,
  trustProxy,
}: {
  logger: Logger;
  metrics?: Metrics;
  trustProxy: boolean;
}) {
  return (request: Request, route: string, status: number, ms: number) => {
    metrics?.recordRequest(request.method, route, status, ms / 1000);
    if (logger.isLevelEnabled("info")) {
      logger.info({
        requestId: requestIdOf(request, trustProxy),
        method: request.method,
        route,
        path: loggablePath(pathOf(request.url)),
        status,
        ms: Math.round(ms * 10) / 10,
      });
    }
  };
}

/** Refusals of a request's input (its body's size, type or JSON; a repeated query parameter), not of its head or origin. */
const INPUT_REFUSALS = new Set([
  "body_too_large",
  "unsupported_media_type",
  "invalid_body",
  "repeated_query_parameter",
  "invalid_input", // a NUL in the query or the body
]);
const isInputRefusal = (error: unknown) => error instanceof AppError && INPUT_REFUSALS.has(error.code);

/**
 * Answers what the route's session check would (401 signed out, 403 not an admin), or returns for
 * a caller the route admits. Our input checks run before any route hook, so a refused input asks
 * it first: a signed-out call is a 401 whatever its body or query (SECURITY.md).
 */
export type SessionFirst = (request: Request, route: string) => Promise<void>;

/**
 * What every request goes through: security headers, the head and body limits, the Origin check
 * for state-changing calls, `Cache-Control: private` on answers built for one user
 * (private-answers.ts), and one JSON log line per answer. Kept lean, it is the fixed cost of every
 * answer (bench/http.ts measures it against a bare Bun server): no `onRequest` hook (it would run
 * before Bun's native routing, for every request) and no `onAfterResponse` (Elysia schedules it
 * per request); the checks run when a route is found, before its body is read.
 */
export function httpPipeline({
  config,
  logger,
  metrics,
  sessionFirst = async () => {},
}: {
  config: Config;
  logger: Logger;
  metrics?: Metrics;
  sessionFirst?: SessionFirst;
}) {
  const started = new WeakMap<Request, number>();
  const record = requestRecorder({ logger, metrics, trustProxy: config.trustProxy });
  /** A refused input answers the session check's 401/403 first, if it has one; other errors pass. */
  const refused = async (request: Request, route: string, error: unknown): Promise<never> => {
    if (isInputRefusal(error)) await sessionFirst(request, route);
    throw error;
  };

  /** The checks a request passes before anything reads its body; once per request. */
  const admit = (request: Request, headers: Record<string, unknown>) => {
    if (started.has(request)) return;
    started.set(request, performance.now());
    // Before any check: a refused request carries its id too.
    headers[REQUEST_ID_HEADER] = requestIdOf(request, config.trustProxy);
    assertHeadSize(request);
    if (request.url.includes("?") && pathOf(request.url).startsWith("/api/")) assertQueryParams(request.url);
    if (SAFE_METHODS.has(request.method)) return;
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > config.bodyLimit) {
      throw new AppError(413, "body_too_large", `The request body is larger than ${config.bodyLimit} bytes`);
    }
    if (pathOf(request.url).startsWith("/api/")) {
      assertSameOrigin(request, config);
      assertJsonBody(request);
    }
  };

  return (
    new Elysia({ name: "http-pipeline" })
      .headers(securityHeaders(config))
      // Our own JSON parsing: a malformed body is always a 400 (Elysia lets it pass as "no body" on
      // routes whose body is optional), every payload of ours is an object, and size and nesting are
      // capped while reading, before anything walks the value.
      .onParse({ as: "global" }, async ({ request, route, set }, contentType) => {
        try {
          admit(request, set.headers);
          if (!/^application\/json\b/i.test(contentType)) return;
          return await readJsonObject(request, config.bodyLimit);
        } catch (error) {
          return refused(request, route, error);
        }
      })
      // Synchronous unless refused: Elysia awaits a returned promise.
      .onTransform({ as: "global" }, ({ request, route, set }) => {
        try {
          admit(request, set.headers);
        } catch (error) {
          return refused(request, route, error);
        }
      })
      .mapResponse({ as: "global" }, (context) => {
        const { request, set, route, responseValue } = context;
        markPersonal(context, responseValue);
        const start = started.get(request);
        const status =
          responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
        record(request, route, status, start === undefined ? 0 : performance.now() - start);
      })
  );
}
