import type { Context } from "elysia";
import { isDatabaseUnavailable } from "../runtime/errors.ts";
import { compress, preferredEncoding, type Encoding } from "./compression.ts";

/** Below this a compressed answer saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/** One serialized answer, kept while its data version stands and its time has not run out. */
export interface CachedAnswer {
  version: string | number;
  /** Epoch ms the answer was built for; a clock set back (tests, a corrected clock) makes it stale. */
  builtAt: number;
  /** Epoch ms after which the answer is stale even if no write happened (a kick-off flips a status). */
  validUntil: number;
  /** Strong entity tag of the identity bytes, quoted. */
  etag: string;
  body: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /** Finished header sets by status and coding, made once: copying a Headers costs less than building one. */
  headers: Map<string, Headers>;
}

const encoder = new TextEncoder();

/** The tags an If-None-Match header lists (without W/ and a coding suffix); empty when malformed or absent. */
export function requestedTags(header: string | null): string[] {
  if (!header) return [];
  if (header.trim() === "*") return ["*"];
  const tags: string[] = [];
  for (const part of header.split(",")) {
    const match = /^\s*(?:W\/)?"([\x21\x23-\x7e]*)"\s*$/.exec(part);
    if (!match) return [];
    tags.push(match[1]!.replace(/-(br|gzip)$/, ""));
  }
  return tags;
}

type Build = () => Promise<{ value: unknown; validUntil?: number }>;

const usable = (entry: CachedAnswer, version: string | number, nowMs: number) =>
  entry.version === version && entry.builtAt <= nowMs && nowMs < entry.validUntil;

/**
 * Serialized answers of hot public reads, by key. Each is rebuilt at most once per data version:
 * readers arriving while it is rebuilt wait for that one build. While the database does not
 * answer, a key's last answer is served however old (issue 42: the site degrades, it does not
 * blank); the next read after the database's return builds it afresh.
 */
export class ReadCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #building = new Map<string, Promise<CachedAnswer>>();
  /** Builds are numbered as they start; a key keeps the answer of its latest-started build. */
  #builds = 0;
  readonly #storedBuild = new Map<string, number>();

  constructor(private readonly maxEntries = 256) {}

  /** The answer, at once when it is held and current (the hot path stays synchronous), else once built. */
  get(key: string, version: string | number, nowMs: number, build: Build): CachedAnswer | Promise<CachedAnswer> {
    const hit = this.#entries.get(key);
    if (hit && usable(hit, version, nowMs)) return hit;
    return this.#refresh(key, version, nowMs, build);
  }

  async #refresh(key: string, version: string | number, nowMs: number, build: Build): Promise<CachedAnswer> {
    const flight = `${key}\n${version}`;
    const pending = this.#building.get(flight);
    if (pending) {
      const built = await pending;
      if (usable(built, version, nowMs)) return built;
    }
    const building = this.#build(key, version, nowMs, build)
      .catch((error) => {
        const held = this.#entries.get(key);
        if (held && isDatabaseUnavailable(error)) return held;
        throw error;
      })
      .finally(() => {
        if (this.#building.get(flight) === building) this.#building.delete(flight);
      });
    this.#building.set(flight, building);
    return building;
  }

  /**
   * Builds a key's answer anew now and puts it in place of the held one — for data that changed
   * without its version moving (a ranking taking in settled figures): readers keep the held answer
   * until this one is ready.
   */
  async rebuild(key: string, version: string | number, nowMs: number, build: Build): Promise<void> {
    await this.#build(key, version, nowMs, build);
  }

  async #build(key: string, version: string | number, nowMs: number, build: Build): Promise<CachedAnswer> {
    const order = ++this.#builds;
    const { value, validUntil = Number.POSITIVE_INFINITY } = await build();
    const body = encoder.encode(JSON.stringify(value));
    const entry: CachedAnswer = {
      version,
      builtAt: nowMs,
      validUntil,
      etag: `"${Bun.hash(body).toString(36)}"`,
      body,
      encoded: {},
      headers: new Map(),
    };
    // A build that started before the one already stored never replaces it.
    if ((this.#storedBuild.get(key) ?? 0) > order) return entry;
    if (this.#entries.size >= this.maxEntries && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next().value!;
      this.#entries.delete(oldest);
      this.#storedBuild.delete(oldest);
    }
    this.#entries.set(key, entry);
    this.#storedBuild.set(key, order);
    return entry;
  }
}

/** Elysia's response settings (our security headers are in them by default). */
type ResponseSet = Context["set"];

/**
 * The headers Elysia holds for a response (our security headers), taken out of its hands: it
 * would otherwise add them by re-streaming the body into a new Response, which costs more than
 * all the rest of a cached read.
 */
function takeHeaders(set: ResponseSet): Record<string, string> {
  const headers = { ...(set.headers as Record<string, string>) };
  for (const name of Object.keys(set.headers)) delete set.headers[name];
  return headers;
}

/** The entry's headers for one status and coding, with the app's own (security) headers, made once. */
function entryHeaders(
  base: Record<string, string>,
  entry: CachedAnswer,
  status: 200 | 304,
  encoding: Encoding | null,
): Headers {
  const key = `${status}${encoding ?? ""}`;
  let headers = entry.headers.get(key);
  if (!headers) {
    const tag = entry.etag.slice(1, -1);
    const own: Record<string, string> = {
      etag: encoding ? `"${tag}-${encoding}"` : entry.etag,
      vary: "Accept-Encoding",
      "cache-control": "no-cache",
    };
    if (status === 200) own["content-type"] = "application/json";
    if (status === 200 && encoding) own["content-encoding"] = encoding;
    headers = new Headers({ ...base, ...own });
    entry.headers.set(key, headers);
  }
  return headers;
}

/**
 * The HTTP answer for a cached read: 304 when the client holds it (If-None-Match), else the
 * bytes, compressed when the client accepts it and they are worth it. Tags differ per coding
 * (strong tags name exact bytes); any of them revalidates the entity. `base` are the headers
 * every answer of ours carries.
 */
export function cachedResponse(request: Request, entry: CachedAnswer, base: Record<string, string>): Response {
  const tags = requestedTags(request.headers.get("if-none-match"));
  const encoding =
    entry.body.byteLength >= MIN_COMPRESSED_BYTES ? preferredEncoding(request.headers.get("accept-encoding")) : null;
  if (tags.length > 0 && (tags.includes(entry.etag.slice(1, -1)) || tags.includes("*"))) {
    return new Response(null, { status: 304, headers: entryHeaders(base, entry, 304, encoding) });
  }
  // Each coding is compressed once, by the first reader that asks for it.
  if (encoding && !entry.encoded[encoding]) entry.encoded[encoding] = compress(entry.body, encoding);
  const body = encoding ? entry.encoded[encoding]! : entry.body;
  return new Response(body, { headers: entryHeaders(base, entry, 200, encoding) });
}

/** `cachedResponse` from an Elysia route, with the headers Elysia holds for it. */
export function cachedAnswer(request: Request, set: ResponseSet, entry: CachedAnswer): Response {
  return cachedResponse(request, entry, takeHeaders(set));
}

/** A JSON answer built for one request (not cached), compressed like the cached ones. */
export function jsonAnswer(request: Request, set: ResponseSet, body: Uint8Array<ArrayBuffer>): Response {
  const encoding =
    body.byteLength >= MIN_COMPRESSED_BYTES ? preferredEncoding(request.headers.get("accept-encoding")) : null;
  const headers: Record<string, string> = {
    ...takeHeaders(set),
    "content-type": "application/json",
    vary: "Accept-Encoding",
    "cache-control": "no-cache",
  };
  if (!encoding) return new Response(body, { headers });
  headers["content-encoding"] = encoding;
  return new Response(compress(body, encoding), { headers });
}

/** A cached JSON array with one more element appended, for one request. */
export function withAppended(entry: CachedAnswer, element: unknown): Uint8Array<ArrayBuffer> {
  const extra = encoder.encode(`${entry.body.byteLength > 2 ? "," : ""}${JSON.stringify(element)}]`);
  const out = new Uint8Array(entry.body.byteLength - 1 + extra.byteLength);
  out.set(entry.body.subarray(0, entry.body.byteLength - 1));
  out.set(extra, entry.body.byteLength - 1);
  return out;
}
