import type { ErrorResponse } from "../../shared/contract/common.ts";
import { SESSION_MARK_HEADER, sessionHintIn } from "../../shared/session-hint.ts";
import { noteAnswer } from "./offline.ts";

/** The error body our API sends with every 4xx/5xx answer, as far as a failed answer has one. */
type ApiErrorBody = Partial<ErrorResponse>;

/** A non-2xx answer. `message` is "status: text" (spec §8); `body` keeps the parsed JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${message}`);
    this.name = "ApiError";
  }

  /** The server's own sentence (without the status prefix), if it sent one. */
  get serverMessage(): string | null {
    const body = this.body as ApiErrorBody | null;
    return body && typeof body === "object" && typeof body.message === "string" ? body.message : null;
  }

  get code(): string | null {
    const body = this.body as ApiErrorBody | null;
    return body && typeof body === "object" && typeof body.code === "string" ? body.code : null;
  }
}

/** The request never reached the server (offline, a dropped connection): nothing was sent or done. */
export class OfflineError extends Error {
  constructor() {
    super("You appear to be offline: nothing was sent. Try again once you are back online.");
    this.name = "OfflineError";
  }
}

function parse(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * How often a request the server turned away as busy (503 `server_busy`: its password work was
 * full, and nothing was done) is sent again, after its Retry-After with a random spread so a crowd
 * does not come back in step: an office signing in at nine is served, not refused.
 */
const BUSY_RETRIES = 3;

function waitBeforeRetry(response: Response): Promise<void> {
  const seconds = Math.min(5, Math.max(0, Number(response.headers.get("retry-after")) || 0));
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000 * (1 + Math.random() / 2)));
}

/** Calls our API with the session cookie; a JSON body (and its content type) only when there is a payload. */
export async function apiRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  // Names this browser's session to the service worker, which serves a kept private answer to its own session only.
  const mark = typeof document === "undefined" ? null : sessionHintIn(document.cookie);
  if (mark !== null) headers[SESSION_MARK_HEADER] = mark;
  const init: RequestInit = { method, credentials: "include", headers };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(payload);
  }
  let response: Response;
  let text: string;
  let body: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      response = await fetch(url, init);
    } catch (error) {
      // fetch rejects only when no answer came back ("Failed to fetch"); an abort is the caller's own.
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new OfflineError();
    }
    noteAnswer(response);
    text = await response.text();
    body = parse(text);
    const busy = response.status === 503 && (body as ApiErrorBody | null)?.code === "server_busy";
    if (!busy || attempt > BUSY_RETRIES) break;
    await waitBeforeRetry(response);
  }
  if (!response.ok) {
    const serverMessage =
      body && typeof body === "object" && typeof (body as ApiErrorBody).message === "string"
        ? (body as ApiErrorBody).message!
        : text;
    throw new ApiError(response.status, serverMessage || response.statusText, body);
  }
  return body as T;
}

export const apiGet = <T = unknown>(url: string) => apiRequest<T>("GET", url);

/**
 * The sentence to show a person: the server's message (without the field name API clients get,
 * "password: that is not your password" → "That is not your password"), else the error's, else the
 * fallback. An answer without our JSON (a proxy's HTML error page) is never shown raw: the fallback
 * stands instead.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.serverMessage;
    return message ? withoutFieldName(message) : fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function withoutFieldName(message: string): string {
  const match = /^[a-z][A-Za-z0-9_.]*: (.+)$/s.exec(message);
  if (!match) return message;
  const rest = match[1]!;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
