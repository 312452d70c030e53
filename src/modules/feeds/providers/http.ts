/**
 * The one way remote providers read JSON: a timeout on every request, and failures turned into
 * ProviderError with a message safe to log and to show on /api/health (never the URL, which may
 * carry an API key).
 */

/** How long (ms) a provider request may take before it is abandoned. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export class ProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status when the service answered with an error. */
    readonly status?: number,
    /** That answer's headers and the start of its body, for the caller to interpret (never logged as is). */
    readonly answer?: { headers: Headers; text: string },
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export interface JsonAnswer {
  body: unknown;
  headers: Headers;
}

/**
 * GETs `url` and parses its JSON. `label` names the request in errors (e.g. "ESPN scoreboard
 * week 3"); `secret`, when given, is scrubbed from any error text just in case.
 */
export async function getJson(url: URL, label: string, timeoutMs: number, secret?: string): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError")
      throw new ProviderError(`${label}: no answer within ${timeoutMs} ms`);
    throw new ProviderError(
      scrub(`${label}: request failed (${error instanceof Error ? error.message : String(error)})`, url, secret),
    );
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ProviderError(`${label}: HTTP ${response.status}`, response.status, {
      headers: response.headers,
      text: text.slice(0, 500),
    });
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ProviderError(`${label}: the answer was cut off or took longer than ${timeoutMs} ms`);
  }
  try {
    return { body: JSON.parse(text), headers: response.headers };
  } catch {
    throw new ProviderError(`${label}: the answer is not JSON`);
  }
}

function scrub(text: string, url: URL, secret?: string): string {
  let out = text.split(url.href).join(url.pathname);
  if (secret) out = out.split(secret).join("***");
  return out;
}

/** The text of an unknown error, for problem lists. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
