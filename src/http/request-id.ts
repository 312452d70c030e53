/** The header that carries a request's id: from the proxy (Caddy makes one), or made here. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What we take from a proxy: a UUID, a hex or base64url token, a `trace-span` pair — bounded, and
 * nothing that could forge a log line or split a header.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,200}$/;

const ids = new WeakMap<Request, string>();

/**
 * The request's id, the same every time it is asked for. The proxy's is kept when we trust the
 * proxy (TRUST_PROXY, as for X-Forwarded-For) and it is well-formed; otherwise a fresh UUID.
 */
export function requestIdOf(request: Request, trustProxy: boolean): string {
  let id = ids.get(request);
  if (id !== undefined) return id;
  const given = trustProxy ? request.headers.get(REQUEST_ID_HEADER) : null;
  id = given !== null && WELL_FORMED.test(given) ? given : crypto.randomUUID();
  ids.set(request, id);
  return id;
}
