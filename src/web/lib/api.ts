import type { ErrorResponse } from "../../shared/contract/common.ts";
import { ErrorCode } from "../../shared/error-codes.ts";
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

interface Answer {
  response: Response;
  text: string;
  body: unknown;
}

/** One exchange with the server; OfflineError when no answer came back. */
async function exchange(url: string, init: RequestInit): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // fetch rejects only when no answer came back ("Failed to fetch"); an abort is the caller's own.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new OfflineError();
  }
  noteAnswer(response);
  const text = await response.text();
  return { response, text, body: parse(text) };
}

const codeOf = (answer: Answer) => (answer.body as ApiErrorBody | null)?.code;

/** The answer's body, or the ApiError of a non-2xx answer. */
function outcome<T>({ response, text, body }: Answer): T {
  if (!response.ok) {
    const serverMessage =
      body && typeof body === "object" && typeof (body as ApiErrorBody).message === "string"
        ? (body as ApiErrorBody).message!
        : text;
    throw new ApiError(response.status, serverMessage || response.statusText, body);
  }
  return body as T;
}

function requestInit(method: string, payload: unknown, headers: Record<string, string> = {}): RequestInit {
  const all: Record<string, string> = { accept: "application/json", ...headers };
  // Names this browser's session to the service worker, which serves a kept private answer to its own session only.
  const mark = typeof document === "undefined" ? null : sessionHintIn(document.cookie);
  if (mark !== null) all[SESSION_MARK_HEADER] = mark;
  const init: RequestInit = { method, credentials: "include", headers: all };
  if (payload !== undefined) {
    all["content-type"] = "application/json";
    init.body = JSON.stringify(payload);
  }
  return init;
}

/** Calls our API with the session cookie; a JSON body (and its content type) only when there is a payload. */
export async function apiRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const init = requestInit(method, payload);
  for (let attempt = 1; ; attempt++) {
    const answer = await exchange(url, init);
    const busy = answer.response.status === 503 && codeOf(answer) === "server_busy";
    if (!busy || attempt > BUSY_RETRIES) return outcome<T>(answer);
    await waitBeforeRetry(answer.response);
  }
}

/**
 * Waits before each new try of a keyed request that got no answer, a proxy's or a busy server's
 * 5xx, or 409 `idempotency_in_progress` (the first try is still being answered).
 */
const KEYED_RETRY_DELAYS_MS = [500, 1000, 2000];

/** The keys of keyed requests still without an answer, by request: sending that request again (a second click) is the same request. */
const unanswered = new Map<string, string>();

/** 128 random bits as hex: crypto.randomUUID needs a secure context, and the app may be served over plain http on a LAN. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether the request may not have been done, or was not done yet: its fate is learnt by sending it again with its key. */
const unsettled = (answer: Answer) =>
  answer.response.status === 502 ||
  answer.response.status === 503 ||
  answer.response.status === 504 ||
  (answer.response.status === 409 && codeOf(answer) === ErrorCode.idempotencyInProgress);

/**
 * A call that changes something once (placing, cancelling), with an Idempotency-Key: when no answer
 * comes back (a dropped connection, a process that died behind the proxy), it is sent again with the
 * same key, and the server answers what it did the first time instead of doing it twice. The key
 * lasts until an answer settles the request, so the player's own retry of it is safe too.
 */
export async function apiRequestOnce<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const request = `${method} ${url} ${JSON.stringify(payload ?? null)}`;
  const key = unanswered.get(request) ?? newKey();
  unanswered.set(request, key);
  const init = requestInit(method, payload, { "idempotency-key": key });
  for (let attempt = 0; ; attempt++) {
    let answer: Answer | null = null;
    try {
      answer = await exchange(url, init);
    } catch (error) {
      // A browser that knows it is offline sent nothing: no point trying again now.
      const offline = typeof navigator !== "undefined" && navigator.onLine === false;
      if (!(error instanceof OfflineError) || offline || attempt >= KEYED_RETRY_DELAYS_MS.length) throw error;
    }
    if (answer && (!unsettled(answer) || attempt >= KEYED_RETRY_DELAYS_MS.length)) {
      if (!unsettled(answer)) unanswered.delete(request);
      return outcome<T>(answer);
    }
    const delay = KEYED_RETRY_DELAYS_MS[attempt]!;
    await new Promise((resolve) => setTimeout(resolve, delay * (1 + Math.random() / 2)));
  }
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
