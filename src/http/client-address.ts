import type { Server } from "bun";
import type { Place } from "../lib/fair-line.ts";
import type { Asker } from "../lib/password-hashing.ts";
import { ipv6Groups } from "../shared/ip-address.ts";

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

/**
 * The key an address is rate limited by. An IPv6 host usually holds a whole /64 and can rotate
 * through it freely, so IPv6 counts per /64 ("2001:db8:0:1::/64"); IPv4, and IPv4 written as
 * IPv6 (::ffff:1.2.3.4), count per address. Anything that is not an IP address is its own key.
 */
export function rateLimitKey(address: string): string {
  const trimmed = bareAddress(address);
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  if (isMappedV4(groups)) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return prefixKey(groups, 4);
}

/**
 * The IPv6 site (/48, the smallest prefix usually routed to one customer) an address belongs to,
 * e.g. "2001:db8:0::/48", for a wider budget over all its /64s; null for IPv4 and anything else.
 */
export function ipv6SiteKey(address: string): string | null {
  const groups = ipv6Groups(bareAddress(address));
  return groups && !isMappedV4(groups) ? prefixKey(groups, 3) : null;
}

/**
 * Where a client stands in the password queue's fair line (lib/fair-line.ts): one client per
 * rate-limit key (an IPv4 address, an IPv6 /64), in the neighbourhood one party easily holds many
 * of (an IPv4 /24, an IPv6 /48), so rotating through its addresses buys no more turns than one.
 */
export function queuePlace(address: string): Place {
  const key = rateLimitKey(address);
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(key);
  return { key, group: v4 ? `${v4[1]}.0/24` : (ipv6SiteKey(address) ?? key) };
}

/** Who asks for password work (lib/password-hashing.ts): a request from `address`, known as `knownAs` if at all. */
export function passwordAsker(request: Request, address: string, knownAs: string | null = null): Asker {
  return { from: queuePlace(address), standing: knownAs === null ? "open" : { knownAs }, signal: request.signal };
}

function bareAddress(address: string): string {
  return address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .split("%")[0]!;
}

function isMappedV4(groups: number[]): boolean {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
}

function prefixKey(groups: number[], count: number): string {
  return `${groups
    .slice(0, count)
    .map((g) => g.toString(16))
    .join(":")}::/${count * 16}`;
}
