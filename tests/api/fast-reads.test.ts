/**
 * The Games screen's reads take Bun's router straight to their cached answers (http/fast-reads.ts):
 * over a real socket, every request must get exactly what the full app gives it — plain shapes
 * from the fast path, anything else from Elysia.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { FakeProvider } from "../fake-provider.ts";
import { BASE, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let origin: string;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
  const app = createApp({ ...ctx, logger: createLogger("info", { write: (line: string) => void lines.push(line) }) });
  app.listen({ port: 0, hostname: "127.0.0.1" });
  ctx = { ...ctx, app };
  origin = `http://127.0.0.1:${app.server!.port}`;
});
afterAll(async () => {
  await ctx.app.stop();
  await ctx.close();
});

const HEADERS = [
  "content-type",
  "content-encoding",
  "etag",
  "vary",
  "cache-control",
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
];

async function both(path: string, headers: Record<string, string> = {}) {
  const overSocket = await fetch(`${origin}${path}`, { headers, decompress: false } as RequestInit);
  const inProcess = await ctx.app.handle(new Request(`${BASE}${path}`, { headers }));
  const view = async (res: Response) => ({
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()).toString("base64"),
    headers: Object.fromEntries(HEADERS.map((name) => [name, res.headers.get(name)])),
  });
  return [await view(overSocket), await view(inProcess)] as const;
}

test("plain reads, compressed or not, fresh or revalidated, are the full app's answers byte for byte", async () => {
  for (const path of ["/api/games", "/api/games?week=1", "/api/games?week=18", "/api/weeks/current"]) {
    const encodings: Record<string, string>[] = [{}, { "accept-encoding": "gzip" }, { "accept-encoding": "br, gzip" }];
    for (const encoding of encodings) {
      const [fast, full] = await both(path, encoding);
      expect(fast).toEqual(full);
      expect(fast.status).toBe(200);
      const [revalidated, fullRevalidated] = await both(path, { ...encoding, "if-none-match": fast.headers.etag! });
      expect(revalidated).toEqual(fullRevalidated);
      expect(revalidated.status).toBe(304);
    }
  }
});

test("anything unusual goes through the full app: bad and extra queries, huge heads", async () => {
  for (const path of [
    "/api/games?week=0",
    "/api/games?week=19",
    "/api/games?week=01",
    "/api/games?week=abc",
    "/api/games?week=1&x=1",
    "/api/games?",
    "/api/weeks/current?x=1",
    `/api/games?week=${"1".repeat(9000)}`,
  ]) {
    const [fast, full] = await both(path);
    expect(fast).toEqual(full);
  }
  const [fast] = await both("/api/games?week=0");
  expect(fast.status).toBe(400);
  const [huge] = await both("/api/games?week=1", { "x-padding": "p".repeat(17_000) });
  expect(huge.status).toBe(431);
});

test("fast answers are logged like every other", async () => {
  lines.length = 0;
  await fetch(`${origin}/api/games?week=1`);
  await Bun.sleep(20);
  expect(lines.map((line) => JSON.parse(line))).toContainEqual(
    expect.objectContaining({ method: "GET", route: "/api/games", path: "/api/games", status: 200 }),
  );
});
