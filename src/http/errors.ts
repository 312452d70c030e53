import { Elysia, ValidationError } from "elysia";
import { isUnstorableText, unavailableCode } from "../runtime/errors.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { loggablePath, pathOf } from "./pipeline.ts";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id.ts";

export interface ErrorBody {
  message: string;
  code: string;
  /** The input field at fault, for validation errors. */
  field?: string;
  [extra: string]: unknown;
}

function jsonError(status: number, body: ErrorBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** "/rules/minWager" → "rules.minWager"; the root → the part of the request ("body", "query"). */
function fieldName(path: string | undefined, part: string): string {
  const field = (path ?? "").replace(/^\//, "").replaceAll("/", ".");
  return field || part;
}

/** A sentence a person can act on, naming the field, from TypeBox's first complaint. */
export function describeValidationError(error: ValidationError): ErrorBody {
  const first = error.valueError ?? error.all[0];
  const path = first && "path" in first ? (first.path as string) : undefined;
  const field = fieldName(path, error.type);
  const schema = first && "schema" in first ? (first.schema as Record<string, unknown>) : {};
  let problem = first?.message ?? "is invalid";
  if (first && "value" in first && first.value === undefined) problem = "is required";
  else if (typeof error.customError === "string") {
    const named = error.customError.match(/^([\w.-]+): (.+)$/);
    if (named) return { message: error.customError, code: "invalid_input", field: named[1]! };
    problem = error.customError;
  } else if (
    typeof schema.maxLength === "number" &&
    typeof first?.value === "string" &&
    first.value.length > schema.maxLength
  )
    problem = `must be at most ${schema.maxLength} characters`;
  else if (/Unexpected property/i.test(problem))
    return { message: `Unknown field: ${field}`, code: "unknown_field", field };
  return { message: `${field}: ${problem}`, code: "invalid_input", field };
}

/** What a 503 says, and when to try again: a database returns within seconds; storage needs an operator. */
const UNAVAILABLE = {
  database_unavailable: {
    message: "The database is unavailable for a moment. Please try again.",
    retryAfter: "2",
  },
  storage_unavailable: {
    message: "The server cannot save anything right now (its storage refuses writes). Please try again later.",
    retryAfter: "30",
  },
};

/** The one place errors become responses: `{ message, code }` with the right status; 500s never leak internals. */
export function errorHandler(logger: Logger, { trustProxy }: { trustProxy: boolean }) {
  return new Elysia({ name: "error-handler" }).onError({ as: "global" }, ({ code, error: thrown, request }) => {
    const requestId = requestIdOf(request, trustProxy);
    const json = (status: number, body: ErrorBody, headers: Record<string, string> = {}) =>
      jsonError(status, body, { ...headers, [REQUEST_ID_HEADER]: requestId });
    // Elysia wraps whatever a parser throws (our body limits) in a ParseError: answer the cause.
    const error =
      code === "PARSE" && (thrown as Error).cause instanceof AppError ? ((thrown as Error).cause as AppError) : thrown;
    if (error instanceof AppError) {
      return json(error.status, { ...error.details, message: error.message, code: error.code }, error.headers);
    }
    if (error instanceof ValidationError) return json(400, describeValidationError(error));
    switch (code) {
      case "PARSE":
        return json(400, { message: "The request body is not valid JSON", code: "invalid_body" });
      case "NOT_FOUND":
        return json(404, { message: "Not found", code: "not_found" });
      case "INVALID_COOKIE_SIGNATURE":
        return json(400, { message: "Invalid cookie", code: "invalid_cookie" });
    }
    // Elysia's own status errors (e.g. 415) keep their status; everything else is our fault.
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return json(status, { message: (error as Error).message || "Bad request", code: "bad_request" });
    }
    if (isUnstorableText(error)) {
      return json(400, {
        message: "A value is not valid: whole numbers in range, text without NUL characters",
        code: "invalid_input",
      });
    }
    const unavailable = unavailableCode(error);
    if (unavailable) {
      // PostgreSQL restarting or a dropped connection (the pool reconnects), or storage refusing
      // writes (disk full, read-only): nothing was committed, and trying again later may work.
      logger.error(
        { err: error, requestId, method: request.method, url: loggablePath(pathOf(request.url)) },
        unavailable === "storage_unavailable" ? "storage unavailable" : "database unavailable",
      );
      const { message, retryAfter } = UNAVAILABLE[unavailable];
      return json(503, { message, code: unavailable }, { "retry-after": retryAfter });
    }
    logger.error(
      { err: error, requestId, method: request.method, url: loggablePath(pathOf(request.url)) },
      "unhandled error",
    );
    return json(500, { message: "Something went wrong on our side. Please try again.", code: "internal" });
  });
}
