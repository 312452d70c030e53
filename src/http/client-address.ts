import type { Server } from "bun";

/**
 * The client's address for rate limits and sign-up records. Behind a proxy we trust (TRUST_PROXY),
 * the last X-Forwarded-For entry is the one our proxy saw; earlier entries are the client's to forge.
 */
export function clientAddress(request: Request, server: Server<unknown> | null, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return server?.requestIP(request)?.address ?? "local";
}
