import { Elysia } from "elysia";
import type { Config } from "../config.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { Metrics } from "./metrics.ts";
import { assertSameOrigin, securityHeaders } from "./security.ts";

/** Our API reads JSON only: a body of any other type is refused before anyone parses it. */
function assertJsonBody(request: Request): void {
  const length = request.headers.get("content-length");
  const hasBody = length === null ? request.body !== null : Number(length) > 0;
  const type = request.headers.get("content-type") ?? "";
  if (hasBody && !/^application\/json\b/i.test(type)) {
    throw new AppError(415, "unsupported_media_type", "Send the request body as JSON (Content-Type: application/json)");
  }
}

/**
 * What every request goes through: security headers, the body size limit, the Origin check for
 * state-changing calls, and one JSON log line when the response is done.
 */
export function httpPipeline({ config, logger, metrics }: { config: Config; logger: Logger; metrics?: Metrics }) {
  const headers = securityHeaders(config);
  const started = new WeakMap<Request, number>();

  return new Elysia({ name: "http-pipeline" })
    .onRequest(({ request, set }) => {
      started.set(request, performance.now());
      Object.assign(set.headers, headers);
      const length = Number(request.headers.get("content-length") ?? 0);
      if (length > config.bodyLimit) {
        throw new AppError(413, "body_too_large", `The request body is larger than ${config.bodyLimit} bytes`);
      }
      if (new URL(request.url).pathname.startsWith("/api/")) {
        assertSameOrigin(request, config);
        assertJsonBody(request);
      }
    })
    // Our own JSON parsing: a malformed body is always a 400 (Elysia lets it pass as "no body" on
    // routes whose body is optional), and every payload of ours is an object.
    .onParse({ as: "global" }, async ({ request }, contentType) => {
      if (!/^application\/json\b/i.test(contentType)) return;
      const text = await request.text();
      if (text.trim() === "") return {};
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new AppError(400, "invalid_body", "The request body is not valid JSON");
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        throw new AppError(400, "invalid_body", "The request body must be a JSON object");
      }
      return parsed;
    })
    .onAfterResponse({ as: "global" }, ({ request, set, route }) => {
      const start = started.get(request);
      const status = typeof set.status === "number" ? set.status : 200;
      const ms = start === undefined ? undefined : performance.now() - start;
      metrics?.requests.inc({ method: request.method, route, status });
      if (ms !== undefined) metrics?.latency.observe({ route }, ms / 1000);
      logger.info({
        method: request.method,
        route,
        path: new URL(request.url).pathname,
        status,
        ms: ms === undefined ? undefined : Math.round(ms * 10) / 10,
      });
    });
}
