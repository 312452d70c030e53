/**
 * The flood of bench/signin-flood.ts, in a process of its own: `connections` clients sign in with
 * wrong passwords for made-up accounts (each costs the server a full argon2id check) as fast as the
 * server answers, for `seconds`, each request from an address `addresses` picks (X-Forwarded-For;
 * the serve trusts it): `one` a single address, `block` a random one of a /24, `spread` a random one
 * of 100.64.0.0/10 (each request from another /24, as from many machines). Reads
 * { origin, connections, seconds, addresses, from } from stdin; prints one JSON line: requests sent
 * and their statuses.
 */
const {
  origin: base,
  connections,
  seconds,
  addresses,
  from,
} = (await Bun.stdin.json()) as {
  origin: string;
  connections: number;
  seconds: number;
  addresses: "one" | "block" | "spread";
  /** The address (`one`) or the /24's first three octets (`block`). */
  from: string;
};

const octet = () => Math.floor(Math.random() * 256);
const address = (): string => {
  if (addresses === "one") return from;
  if (addresses === "block") return `${from}.${octet()}`;
  return `100.${64 + Math.floor(Math.random() * 64)}.${octet()}.${octet()}`;
};

const statuses: Record<string, number> = {};
let sent = 0;
const until = Date.now() + seconds * 1000;

async function client(n: number): Promise<void> {
  for (let i = 0; Date.now() < until; i++) {
    sent++;
    try {
      const res = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, "x-forwarded-for": address() },
        body: JSON.stringify({ email: `flood-${n}-${i}-${octet()}@flood.example`, password: "not-the-password" }),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    } catch {
      statuses.error = (statuses.error ?? 0) + 1;
    }
  }
}

await Promise.all(Array.from({ length: connections }, (_, n) => client(n)));
console.log(JSON.stringify({ sent, statuses }));
export {};
