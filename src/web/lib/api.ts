import type { ErrorResponse } from "../../shared/contract/common.ts";

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

function parse(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls our API with the session cookie; a JSON body (and its content type) only when there is a payload. */
export async function apiRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "include", headers: { accept: "application/json" } };
  if (payload !== undefined) {
    init.headers = { accept: "application/json", "content-type": "application/json" };
    init.body = JSON.stringify(payload);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  const body = parse(text);
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

/** The sentence to show a person: the server's message, else the error's, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
