/**
 * A first visit, cold cache: the bytes Chromium receives for every request `/` makes while it loads
 * (CDP Network events' encodedDataLength: compressed bodies plus headers), then Lighthouse's mobile
 * Performance score for `/` and `/leaderboard`. Run: `node_modules/.bin/bun bench/first-visit.ts`.
 * Targets: ≤ 150 KB for `/` (issue 16); Performance ≥ 95 on both screens, the largest paint being the
 * screen's content, not the welcome dialog (issue 27). Each run prints what its largest paint was.
 * LIGHTHOUSE_RUNS (default 3) sets how many Lighthouse runs each screen's median is taken from; ORIGIN
 * measures a server already running instead of one started from source (e.g. the compiled binary).
 */
import "../src/production-mode.ts";
import { existsSync } from "node:fs";
import { chromium, type Page } from "playwright-core";
import { loadWebAssets } from "../src/http/web-assets.ts";
import { benchServer } from "./support.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TRANSFER_TARGET = 150_000;
const SCORE_TARGET = 95;
const LIGHTHOUSE_CLI = "node_modules/lighthouse/cli/index.js";

/** A bench server from source, or with ORIGIN the server already running there (e.g. the compiled binary). */
async function startServer(): Promise<{ origin: string; close(): Promise<void> }> {
  if (process.env.ORIGIN) return { origin: process.env.ORIGIN, close: async () => {} };
  // Standing on today (the browser's clock): the server renders the first screen at its own time, and a
  // page rendered on another day than the browser's would lock its games once it runs (a layout shift).
  const server = await benchServer(new Date().toISOString());
  const started = performance.now();
  const assets = await loadWebAssets();
  console.log(
    `web app bundled and gzipped in ${(performance.now() - started).toFixed(0)} ms (gzip ${assets.gzipMs.toFixed(0)} ms)`,
  );
  console.log(`brotli for every file: ${(await assets.brotliDone).toFixed(0)} ms more, in the background`);
  return server;
}

const server = await startServer();

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
}

/** Every request of one cold-cache page load, with the bytes it moved over the wire. */
async function firstVisit(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const requests = new Map<string, Transfer>();
  cdp.on("Network.responseReceived", ({ requestId, response, type }) => {
    const encoding =
      Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1] ?? "";
    requests.set(requestId, { url: response.url, type: String(type), bytes: 0, encoding });
  });
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) request.bytes = encodedDataLength;
  });
  await page.goto(`${server.origin}${path}`);
  await ready(page);
  await page.waitForLoadState("networkidle");
  await cdp.detach();
  return [...requests.values()];
}

function report(label: string, transfers: Transfer[]): number {
  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  console.log(`\n${label}: ${transfers.length} requests, ${(total / 1000).toFixed(1)} KB transferred`);
  for (const t of [...transfers].sort((a, b) => b.bytes - a.bytes)) {
    const where = t.url.startsWith(server.origin) ? t.url.slice(server.origin.length) : t.url;
    console.log(
      `  ${(t.bytes / 1000).toFixed(1).padStart(7)} KB  ${t.type.padEnd(10)} ${(t.encoding || "-").padEnd(5)} ${where.slice(0, 80)}`,
    );
  }
  return total;
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
});
const visits: [string, (page: Page) => Promise<unknown>][] = [
  ["/", (page) => page.locator("[data-testid=game-card] button").first().waitFor({ timeout: 20_000 })],
  ["/leaderboard", (page) => page.getByRole("heading", { level: 1, name: /Leaderboard/ }).waitFor({ timeout: 20_000 })],
];
const totals: number[] = [];
for (const [path, ready] of visits) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } }); // a fresh profile: nothing cached
  totals.push(report(`first visit to ${path}`, await firstVisit(await context.newPage(), path, ready)));
  await context.close();
}
await browser.close();

interface LighthouseResult {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: LcpDetails }>;
}

/** The largest-contentful-paint-element audit's details: a table whose first row holds the node. */
interface LcpDetails {
  items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[];
}

/** What the largest paint was: the element's selector and the start of its text. */
function largestPaint(result: LighthouseResult): string {
  const node = result.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? "?"} "${(node.nodeLabel ?? "").slice(0, 60)}"` : "(not reported)";
}

/** One Lighthouse run (mobile, its default simulated throttling) of the Performance category. */
async function lighthouse(path: string): Promise<LighthouseResult> {
  const child = Bun.spawn(
    [
      "node",
      LIGHTHOUSE_CLI,
      `${server.origin}${path}`,
      "--quiet",
      "--output=json",
      "--only-categories=performance",
      "--chrome-flags=--headless --no-sandbox --disable-gpu",
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdout: "pipe", stderr: "pipe" },
  );
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`lighthouse exited ${code}: ${err.slice(-500)}`);
  return JSON.parse(out) as LighthouseResult;
}

/** A run again when Lighthouse's own recording failed (now and then NO_NAVSTART on a busy machine): up to 3 tries. */
async function lighthouseRun(path: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(path);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("Runtime error encountered")) throw error;
      console.log(`(Lighthouse's recording failed on ${path}; running it again)`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const scores: number[] = [];
if (existsSync(LIGHTHOUSE_CLI)) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  for (const [path] of visits) {
    const results: LighthouseResult[] = [];
    for (let i = 0; i < runs; i++) results.push(await lighthouseRun(path));
    const score = median(results.map((r) => Math.round(r.categories.performance.score * 100)));
    const metric = (id: string) =>
      `${(median(results.map((r) => r.audits[id]!.numericValue ?? 0)) / 1000).toFixed(2)} s`;
    const tbt = `${median(results.map((r) => r.audits["total-blocking-time"]!.numericValue ?? 0)).toFixed(0)} ms`;
    const cls = median(results.map((r) => r.audits["cumulative-layout-shift"]!.numericValue ?? 0)).toFixed(3);
    console.log(
      `\nLighthouse mobile ${path}: Performance ${score} (median of ${runs}: ${results.map((r) => Math.round(r.categories.performance.score * 100)).join(", ")})` +
        `\n  FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, SI ${metric("speed-index")}, TBT ${tbt}, CLS ${cls}` +
        `\n  largest paint: ${[...new Set(results.map(largestPaint))].join(" | ")}`,
    );
    scores.push(score);
  }
} else {
  console.log(`\nLighthouse is not installed (${LIGHTHOUSE_CLI}): npm install`);
}
await server.close();

const verdict = (met: boolean) => (met ? "met" : "MISSED");
console.log(
  `\nfirst visit to /: ${(totals[0]! / 1000).toFixed(1)} KB (target ≤ ${TRANSFER_TARGET / 1000} KB): ${verdict(totals[0]! <= TRANSFER_TARGET)}`,
);
if (scores.length > 0) {
  console.log(
    `Lighthouse Performance /: ${scores[0]}, /leaderboard: ${scores[1]} (target ≥ ${SCORE_TARGET}): ${verdict(scores.every((s) => s >= SCORE_TARGET))}`,
  );
}
