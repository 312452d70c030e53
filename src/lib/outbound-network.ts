/**
 * The edge with the network of what we post to URLs others hand us — push endpoints (decision 0063),
 * league webhooks (issue 47): resolving a service's name and judging every address it gave
 * (shared/outbound-targets.ts), when the URL is given and at each send, then posting over a
 * connection to an address so judged — never a second lookup between the check and the connection,
 * which a name that changes its answer (DNS rebinding) would turn to this machine.
 */
import { lookup } from "node:dns/promises";
import { addressProblem } from "../shared/outbound-targets.ts";

/** Every address (A and AAAA) a host name resolves to. Injected in tests; the system's resolver otherwise. */
export type ResolveHost = (host: string) => Promise<string[]>;

export const systemResolver: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A lookup that has not answered in this long has failed (for now). */
export const RESOLVE_TIMEOUT_MS = 5_000;

export type Resolution =
  | { ok: true; addresses: string[] }
  /** An address inside a network (loopback, private, reserved…): the name is never posted to. */
  | { ok: false; refused: string }
  /** No answer: no such name (`notFound`), or the lookup failed or timed out. */
  | { ok: false; unresolved: string; notFound: boolean };

const NOT_FOUND = new Set(["ENOTFOUND", "ENODATA", "ENONAME"]);

/** Resolves `host` within the timeout; a name with one address inside a network is refused whole. */
export async function resolvePublic(
  host: string,
  resolve: ResolveHost,
  timeoutMs = RESOLVE_TIMEOUT_MS,
): Promise<Resolution> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error("lookup timed out"), { code: "ETIMEOUT" })), timeoutMs);
      }),
    ]);
    if (addresses.length === 0) return { ok: false, unresolved: "no address", notFound: true };
    for (const address of addresses) {
      const problem = addressProblem(address);
      if (problem) return { ok: false, refused: problem };
    }
    return { ok: true, addresses };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? "");
    return { ok: false, unresolved: code || "lookup failed", notFound: NOT_FOUND.has(code) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Requests `url` over a connection to `address` (one `resolvePublic` accepted), while TLS still
 * verifies the certificate for `host` (the SNI and the name check: Bun fetch's `tls.serverName`) and
 * the request names it in `Host`. Bun's fetch has no `lookup` hook (it drops one silently), so the
 * URL carries the address itself. `init.tls` may add TLS options (a test's own CA); the name is ours.
 */
export function fetchPinned(
  url: URL,
  host: string,
  address: string,
  init: RequestInit & { tls?: Record<string, unknown> },
): Promise<Response> {
  const target = new URL(url);
  target.hostname = address.includes(":") ? `[${address}]` : address;
  const headers = new Headers(init.headers);
  headers.set("Host", url.port ? `${host}:${url.port}` : host);
  return fetch(target, { ...init, headers, tls: { ...init.tls, serverName: host } });
}

/** `fetchPinned` to each address in turn until one connects (an unreachable IPv6 route falls back to IPv4). */
export async function fetchFirstReachable(
  url: URL,
  host: string,
  addresses: readonly string[],
  init: RequestInit & { tls?: Record<string, unknown> },
): Promise<Response> {
  let failure: unknown = new Error("no address to connect to");
  for (const address of addresses) {
    try {
      return await fetchPinned(url, host, address, init);
    } catch (error) {
      if (init.signal?.aborted) throw error;
      failure = error;
    }
  }
  throw failure;
}
