/**
 * What rendering the first screen on the server costs (issue 43, decision 0069): `GET /` for a
 * visitor (rendered once per version of its data, then served from memory) against the static
 * shell served before (`/index.html`, the bundle's own page, the same bytes for everyone), each from
 * BENCH_VISITORS (default 200) concurrent visitors in a process of their own (bench/read-client.ts)
 * for BENCH_SECONDS (default 5), brotli accepted as a browser does. For context: a signed-in
 * player's `/` (rendered for each request) and `/leaderboard`. Target: a visitor's `/` p99 ≤ 50 ms.
 * Run: `node_modules/.bin/bun bench/first-screens.ts`.
 */
import "../src/production-mode.ts";
import { join } from "node:path";
import { loadWebAssets } from "../src/http/web-assets.ts";
import { buildUser } from "../tests/factories.ts";
import { benchServer, percentile } from "./support.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

const server = await benchServer();
// The bundle is built and compressed at start-up, as serve does before it listens.
await (await loadWebAssets()).brotliDone;
const player = await buildUser({ db: server.db, clock: server.clock, config: { adminEmails: [] } as never });

async function load(path: string, headers: Record<string, string>) {
  const proc = Bun.spawn(
    [
      process.execPath,
      join(import.meta.dir, "read-client.ts"),
      JSON.stringify({ origin: server.origin, paths: [path], loops: VISITORS, headers }),
    ],
    { stdin: "pipe", stdout: "pipe", stderr: "inherit" },
  );
  await Bun.sleep(SECONDS * 1000);
  await proc.stdin.end();
  const reads = JSON.parse(await new Response(proc.stdout).text()) as [number, number][];
  // The first second warms up (the client's connections, the first render): the rest is measured.
  const start = reads.reduce((min, [at]) => Math.min(min, at), Number.POSITIVE_INFINITY) + 1000;
  const ms = reads
    .filter(([at]) => at >= start)
    .map(([, latency]) => latency)
    .sort((a, b) => a - b);
  return { n: ms.length, perSecond: ms.length / (SECONDS - 1), p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

const sizes = async (path: string, headers: Record<string, string>) => {
  const res = await fetch(`${server.origin}${path}`, { headers, decompress: false } as RequestInit);
  return `${(Number((await res.arrayBuffer()).byteLength) / 1024).toFixed(1)} KB ${res.headers.get("content-encoding") ?? "identity"}`;
};

const cases = [
  { label: "static shell GET /index.html (the page before: no screen)", path: "/index.html", headers: BROWSER },
  { label: "GET / for a visitor (server-rendered, kept per data version)", path: "/", headers: BROWSER },
  { label: "GET /leaderboard for a visitor", path: "/leaderboard", headers: BROWSER },
  {
    label: "GET / for a signed-in player (rendered each time)",
    path: "/",
    headers: { ...BROWSER, cookie: player.cookie },
  },
];
const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
for (const c of cases) {
  const r = await load(c.path, c.headers);
  results[c.label] = r;
  console.log(
    `${c.label}: ${await sizes(c.path, c.headers)}; ${VISITORS} visitors: ${r.perSecond.toFixed(0)} req/s, median ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
  );
}
const shell = results[cases[0]!.label]!;
const visitor = results[cases[1]!.label]!;
console.log(
  `visitor's / against the static shell: p99 ${visitor.p99.toFixed(1)} vs ${shell.p99.toFixed(1)} ms (${(visitor.p99 / shell.p99).toFixed(2)}×), throughput ${(visitor.perSecond / shell.perSecond).toFixed(2)}×; target p99 ≤ 50 ms: ${visitor.p99 <= 50 ? "met" : "NOT met"}`,
);
await server.close();
process.exit(0);
