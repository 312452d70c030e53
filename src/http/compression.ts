import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { promisify } from "node:util";

export type Encoding = "br" | "gzip";

const CODING = /^([!#$%&'*+.^_`|~0-9a-z-]+)$/;
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/** One element of Accept-Encoding, or null when it is malformed. */
function parseElement(element: string): { coding: string; q: number } | null {
  const [name = "", ...params] = element.split(";").map((part) => part.trim());
  const coding = name.toLowerCase();
  if (!CODING.test(coding)) return null;
  let q = 1;
  for (const param of params) {
    const [key = "", value = "", ...rest] = param.split("=").map((part) => part.trim());
    if (key.toLowerCase() !== "q") continue; // other parameters carry no weight
    if (rest.length > 0 || !QVALUE.test(value)) return null;
    q = Number(value);
  }
  return { coding: coding === "x-gzip" ? "gzip" : coding, q };
}

/**
 * The coding to answer with for a request's Accept-Encoding (RFC 9110 §12.5.3): of those `offered`,
 * the one the client weighs highest (brotli on a tie), or null for identity — also when the header
 * is missing or malformed anywhere, since a client that garbles it may garble decoding too.
 */
export function preferredEncoding(header: string | null | undefined, offered?: readonly Encoding[]): Encoding | null {
  // Browsers send the same few headers over and over: remember their answers (bounded).
  if (!header || offered) return negotiate(header, offered);
  let known = negotiated.get(header);
  if (known === undefined) {
    known = negotiate(header);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(header, known);
  }
  return known;
}

const negotiated = new Map<string, Encoding | null>();

function negotiate(header: string | null | undefined, offered: readonly Encoding[] = ["br", "gzip"]): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const element of header.split(",")) {
    if (element.trim() === "") continue; // the list syntax allows empty elements
    const parsed = parseElement(element);
    if (!parsed) return null;
    weights.set(parsed.coding, Math.max(parsed.q, weights.get(parsed.coding) ?? 0));
  }
  const weightOf = (coding: Encoding) =>
    offered.includes(coding) ? (weights.get(coding) ?? weights.get("*") ?? 0) : 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}

/** Quick settings, for answers compressed as they are sent (e.g. JSON). */
const QUICK = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  gzip: { level: 6 },
} as const;

/** Compresses bytes as they are sent: fast settings, on the calling thread. */
export function compress(bytes: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  return encoding === "br" ? brotliCompressSync(bytes, QUICK.br) : gzipSync(bytes, QUICK.gzip);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses bytes once, ahead of serving them many times: the smallest output (brotli quality 11,
 * gzip level 9). It runs on zlib's worker threads, so the event loop keeps serving meanwhile.
 */
export async function compressAhead(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === "br") {
    return brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    });
  }
  return gzipAsync(bytes, { level: 9 });
}
