import { AppError } from "../lib/errors.ts";

/** No payload of ours nests deeper than a few levels; a deeper one is an attack on the parser. */
export const MAX_JSON_DEPTH = 16;

const tooLarge = (limit: number) =>
  new AppError(413, "body_too_large", `The request body is larger than ${limit} bytes`);

/**
 * Reads a request body as UTF-8 text, stopping as soon as it passes `limit` bytes: a body sent
 * without Content-Length (chunked) is never read further than that.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError(400, "invalid_body", "The request body is not valid UTF-8");
  }
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`. One pass over the characters,
 * skipping strings, before JSON.parse ever builds (or a validator walks) the structure.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Our payloads: a JSON object within the size limit, nested at most MAX_JSON_DEPTH deep. An empty body is `{}`. */
export async function readJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  const text = await readBodyText(request, limit);
  if (text.trim() === "") return {};
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new AppError(400, "invalid_body", `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, "invalid_body", "The request body is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AppError(400, "invalid_body", "The request body must be a JSON object");
  }
  // Only a body that spells a NUL is walked, so good requests pay one substring search.
  if (text.includes("\\u0000")) {
    const field = nulField(parsed, "");
    if (field !== null) throw nulRefused(field);
  }
  return parsed as Record<string, unknown>;
}

/**
 * A NUL in any text is refused alike on both engines: PostgreSQL cannot store or compare it, while
 * SQLite would keep it. 400 naming the field.
 */
export function nulRefused(field: string): AppError {
  const name = field || "body";
  return new AppError(
    400,
    "invalid_input",
    `${name}: must not contain control characters such as NUL`,
    {},
    { field: name },
  );
}

/** The path of the first key or string in a parsed body that holds a NUL, or null. */
function nulField(value: unknown, path: string): string | null {
  if (typeof value === "string") return value.includes("\0") ? path : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes("\0")) return at;
    const found = nulField(item, at);
    if (found !== null) return found;
  }
  return null;
}
