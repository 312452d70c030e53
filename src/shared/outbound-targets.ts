/**
 * Where the server may post what others hand it a URL for, without I/O (issue 40 item 3, decision
 * 0063; issue 47): a push service's endpoint, a league's webhook. Someone else chose the URL and a
 * job posts to it, so it must be a public service: https on port 443 to a host name (not an address)
 * that is no internal name, and — once resolved, when it is given and again at every send — whose
 * every address is a public unicast one. Names and URL spellings are judged here;
 * `lib/outbound-network.ts` resolves them and connects to the very address judged.
 */
import { ipv4Octets, ipv6Groups } from "./ip-address.ts";

/** Where an accepted URL is posted: a local service as given, or a public host resolved and checked first. */
export type OutboundTarget = { kind: "local" } | { kind: "public"; url: URL; host: string };

export type TargetJudgement = { ok: true; target: OutboundTarget } | { ok: false; problem: string };

/** What the refusals call the URL and the service behind it: `{ field: "endpoint", service: "push service" }`. */
export interface TargetWords {
  field: string;
  service: string;
}

export const PUSH_ENDPOINT: TargetWords = { field: "endpoint", service: "push service" };

/** The hosts PUSH_LOCAL_ENDPOINTS=true (WEBHOOK_LOCAL_TARGETS=true) lets through: a service on this machine, the tests. */
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Names that never reach a public push service: reserved for local networks, for testing and
 * documentation (RFC 2606, 6761, 6762 appendix G, 8375, 9476), reverse lookups, Tor.
 */
const INTERNAL_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "localdomain",
  "lan",
  "home",
  "corp",
  "intranet",
  "private",
  "arpa",
  "test",
  "example",
  "invalid",
  "onion",
  "alt",
];

const refused = (problem: string): TargetJudgement => ({ ok: false, problem });

/** Why a URL we would post to is refused, or where to post it. Messages name the field (`words.field`). */
export function judgeTarget(text: string, allowLocal: boolean, words: TargetWords = PUSH_ENDPOINT): TargetJudgement {
  const { field, service } = words;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused(`${field} must be a URL`);
  }
  if (url.username || url.password) return refused(`${field} must not carry credentials`);
  const host = withoutRootDot(url.hostname.toLowerCase());
  if (allowLocal && LOCAL_HOSTS.has(host) && (url.protocol === "http:" || url.protocol === "https:"))
    return { ok: true, target: { kind: "local" } };
  if (url.protocol !== "https:") return refused(`${field} must be an https:// URL`);
  if (url.port !== "") return refused(`${field} must use https's own port (443), as ${service}s do`);
  if (url.hostname.startsWith("[") || ipv4Octets(host))
    return refused(`${field} must name its ${service} by host name, not by address`);
  const problem = hostNameProblem(url.hostname);
  if (problem) return refused(`${field} must be a public ${service}, not ${problem}`);
  return { ok: true, target: { kind: "public", url, host } };
}

/** "push.example.com." and "push.example.com" are one name (the trailing dot is the DNS root): one dot goes. */
function withoutRootDot(host: string): string {
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

/** What makes a host name internal (a phrase for the refusal), or null for a name a public service may have. */
export function hostNameProblem(hostname: string): string | null {
  const name = withoutRootDot(hostname.toLowerCase());
  const labels = name.split(".");
  if (labels.some((label) => label === "")) return "a name with an empty label";
  if (labels.length < 2) return "a single-label name (a host on this network)";
  // The URL parser reads such names as IPv4 addresses; anything else ending in digits is no domain either.
  if (/^(\d+|0x[0-9a-f]*)$/.test(labels.at(-1)!)) return "a name that reads as a number";
  const suffix = INTERNAL_SUFFIXES.find((s) => name === s || name.endsWith(`.${s}`));
  return suffix ? `a name under .${suffix}` : null;
}

type Range = readonly [prefix: string, bits: number, what: string];

/** IANA's special-purpose IPv4 blocks that are no public host, plus multicast and the reserved class E. */
const V4_REFUSED: readonly Range[] = [
  ["0.0.0.0", 8, "the unspecified network"],
  ["10.0.0.0", 8, "a private address"],
  ["100.64.0.0", 10, "a carrier-grade NAT address"],
  ["127.0.0.0", 8, "a loopback address"],
  ["169.254.0.0", 16, "a link-local address"],
  ["172.16.0.0", 12, "a private address"],
  ["192.0.0.0", 24, "an IETF protocol address"],
  ["192.0.2.0", 24, "a documentation address"],
  ["192.88.99.0", 24, "a deprecated 6to4 relay address"],
  ["192.168.0.0", 16, "a private address"],
  ["198.18.0.0", 15, "a benchmarking address"],
  ["198.51.100.0", 24, "a documentation address"],
  ["203.0.113.0", 24, "a documentation address"],
  ["224.0.0.0", 4, "a multicast address"],
  ["240.0.0.0", 4, "a reserved address"],
];

/**
 * IPv6 blocks refused by name (for the reason); beyond them only global unicast (2000::/3) passes.
 * IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) addresses are judged by the IPv4 address inside.
 */
const V6_REFUSED: readonly Range[] = [
  ["::", 128, "the unspecified address"],
  ["::1", 128, "a loopback address"],
  ["::", 96, "an IPv4-compatible address (deprecated)"],
  ["64:ff9b:1::", 48, "a local-use NAT64 address"],
  ["100::", 64, "a discard-only address"],
  ["2001::", 23, "an IETF protocol address (Teredo among them)"],
  ["2001:db8::", 32, "a documentation address"],
  ["2002::", 16, "a 6to4 address"],
  ["3fff::", 20, "a documentation address"],
  ["5f00::", 16, "a segment-routing address"],
  ["fc00::", 7, "a unique local (private) address"],
  ["fe80::", 10, "a link-local address"],
  ["fec0::", 10, "a site-local address (deprecated)"],
  ["ff00::", 8, "a multicast address"],
];

const v4Number = (octets: readonly number[]) => octets.reduce((n, o) => n * 256 + o, 0);

function inV4Range(address: number, [prefix, bits]: Range): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(address / size) === Math.floor(v4Number(ipv4Octets(prefix)!) / size);
}

function inV6Range(groups: readonly number[], [prefix, bits]: Range): boolean {
  const base = ipv6Groups(prefix)!;
  for (let i = 0, left = bits; left > 0; i++, left -= 16) {
    const shift = Math.max(0, 16 - left);
    if (groups[i]! >> shift !== base[i]! >> shift) return false;
  }
  return true;
}

function v4Problem(octets: readonly number[]): string | null {
  const address = v4Number(octets);
  return V4_REFUSED.find((range) => inV4Range(address, range))?.[2] ?? null;
}

/**
 * Why the server must not connect to `address` (a phrase), or null for a public unicast address.
 * `address` is what a resolver answers: dotted-decimal IPv4 or IPv6 text; any other spelling (octal,
 * hex, a bare number, a zone index) is refused rather than guessed at.
 */
export function addressProblem(address: string): string | null {
  const octets = ipv4Octets(address);
  if (octets) return v4Problem(octets);
  if (address.includes("%")) return "a scoped (link-local) address";
  const groups = ipv6Groups(address.replace(/^\[(.*)\]$/, "$1"));
  if (!groups) return "not an IP address";
  const embedded = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
  if (inV6Range(groups, ["::ffff:0:0", 96, ""])) return v4Problem(embedded);
  if (inV6Range(groups, ["64:ff9b::", 96, ""])) return v4Problem(embedded);
  const named = V6_REFUSED.find((range) => inV6Range(groups, range));
  if (named) return named[2];
  return inV6Range(groups, ["2000::", 3, ""]) ? null : "a reserved address";
}
