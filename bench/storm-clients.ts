/**
 * The browsers of bench/storm.ts, in their own process: opens `sockets` WebSockets on the Games
 * screen's live channel, and when `odds_update` arrives each one refetches the way the web app does:
 * after a random moment within ODDS_REFETCH_SPREAD_MS, its week's games (If-None-Match with the ETag
 * it holds) and the current week, through at most `connections` requests at a time. Each socket comes from its own address, as behind a proxy (X-Forwarded-For; the server
 * trusts it), so the per-address socket cap sees 10,000 browsers, not one. Reads { origin, sockets,
 * connections, path } from stdin; prints "ready", then, once every socket has refetched (or after
 * 60 s), one JSON line: when the first message arrived and when the
 * last refetch was answered (epoch ms), and the statuses.
 */
import { ODDS_REFETCH_SPREAD_MS } from "../src/web/lib/live.ts";

const { origin, sockets, connections, path } = (await Bun.stdin.json()) as {
  origin: string;
  sockets: number;
  connections: number;
  path: string;
};
const etag = (await fetch(`${origin}${path}`)).headers.get("etag") ?? "";

let firstMessageAt = 0;
let lastAnsweredAt = 0;
let answered = 0;
const statuses: Record<string, number> = {};
let inFlight = 0;
const queue: (() => void)[] = [];
async function slot(): Promise<void> {
  if (inFlight >= connections) await new Promise<void>((resolve) => queue.push(resolve));
  inFlight++;
}
const release = () => {
  inFlight--;
  queue.shift()?.();
};

async function get(target: string, headers: Record<string, string>) {
  await slot();
  try {
    // The bytes are received, not decoded: a browser would decode them on its own machine.
    const res = await fetch(`${origin}${target}`, {
      headers: { ...headers, "accept-encoding": "br, gzip" },
      decompress: false,
    } as RequestInit);
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  } finally {
    release();
  }
}

/** As the web app does (lib/live.ts spreadOut, for an update that carries no games): a random moment within the spread, then the week's games and the current week. */
async function refetch() {
  await Bun.sleep(Math.random() * ODDS_REFETCH_SPREAD_MS);
  await Promise.all([get(path, { "if-none-match": etag }), get("/api/weeks/current", {})]);
  answered++;
  lastAnsweredAt = Date.now();
}

const url = `${origin.replace("http", "ws")}/ws`;
for (let opened = 0; opened < sockets; ) {
  const batch = Math.min(500, sockets - opened);
  await Promise.all(
    Array.from(
      { length: batch },
      (_, k) =>
        new Promise<void>((resolve, reject) => {
          const n = opened + k;
          const headers = { origin, "x-forwarded-for": `198.18.${n >> 8}.${n & 255}` };
          const ws = new WebSocket(url, { headers } as unknown as string[]);
          ws.addEventListener("message", (e) => {
            const message = JSON.parse(String(e.data)) as { type: string };
            if (message.type === "hello") resolve();
            if (message.type === "odds_update") {
              firstMessageAt ||= Date.now();
              void refetch();
            }
          });
          ws.addEventListener("error", () => reject(new Error("socket refused")));
        }),
    ),
  );
  opened += batch;
}
console.log("ready");
const deadline = Date.now() + 60_000;
while (answered < sockets && Date.now() < deadline) await Bun.sleep(5);
console.log(JSON.stringify({ firstMessageAt, lastAnsweredAt, answered, statuses }));
process.exit(0);
