/**
 * The fixed cost of a request: our app against a bare `Bun.serve` returning the same bytes, in one
 * run on one machine, loaded by wrk (`apt-get install wrk`) from a separate process over loopback.
 * Run: `node_modules/.bin/bun bench/http.ts`. Targets (issue 16): a trivial route (the current
 * week, a few bytes of cached JSON) ≥ 0.7× the bare server, `GET /api/games?week=N` ≥ 0.8×, at
 * 32 connections. Health is reported for context.
 */
import { benchServer } from "./support.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;

/** wrk runs in its own process; awaited, so the app in this process keeps serving meanwhile. */
async function wrk(url: string, headers: Record<string, string> = {}): Promise<number> {
  const args = [
    "wrk",
    "-t2",
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
    url,
  ];
  const run = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(run.stdout).text();
  await run.exited;
  const rate = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (!Number.isFinite(rate)) throw new Error(`wrk failed (is it installed? apt-get install wrk): ${out}`);
  const non2xx = out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  if (non2xx) throw new Error(`wrk saw ${non2xx} error answers from ${url}`);
  return rate;
}

/** A bare Bun server answering every request with these bytes and headers. */
function bareServer(body: ArrayBuffer, headers: Headers) {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });
  return { origin: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

const app = await benchServer();
const { week } = (await (await fetch(`${app.origin}/api/weeks/current`)).json()) as { week: number };
const cases: { label: string; path: string; target?: number; headers?: Record<string, string> }[] = [
  { label: "GET /api/weeks/current (trivial)", path: "/api/weeks/current", target: 0.7 },
  { label: "GET /api/health (asks the database at most once a second)", path: "/api/health" },
  { label: `GET /api/games?week=${week}`, path: `/api/games?week=${week}`, target: 0.8 },
  {
    label: `GET /api/games?week=${week} (gzip, against bare Bun sending the same compressed bytes)`,
    path: `/api/games?week=${week}`,
    headers: { "accept-encoding": "gzip" },
  },
];
const verdicts: string[] = [];
for (const c of cases) {
  const sample = await fetch(`${app.origin}${c.path}`, { headers: c.headers ?? {}, decompress: false } as RequestInit);
  const body = await sample.arrayBuffer();
  const bare = bareServer(body, sample.headers);
  const bareRate = await wrk(`${bare.origin}${c.path}`, c.headers);
  const ourRate = await wrk(`${app.origin}${c.path}`, c.headers);
  bare.stop();
  const ratio = ourRate / bareRate;
  console.log(
    `${c.label}: ${Math.round(ourRate).toLocaleString()} req/s vs bare Bun ${Math.round(bareRate).toLocaleString()} req/s → ${ratio.toFixed(2)}× (${body.byteLength} bytes)`,
  );
  if (c.target !== undefined) verdicts.push(`${c.label} ≥ ${c.target}×: ${ratio >= c.target ? "met" : "MISSED"}`);
}
console.log(`targets: ${verdicts.join("; ")}`);
await app.close();
