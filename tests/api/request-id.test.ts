/**
 * X-Request-Id (issue 32 item 3): taken from the proxy when we trust it (TRUST_PROXY) and it is
 * well-formed, made otherwise; returned on every answer (the fast path, the app, its refusals and
 * errors, the web app) and written on every log line of the request.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { createApp } from "../../src/app.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { captureLogs } from "../fixtures/capture-logs.ts";
import { FakeProvider } from "../fake-provider.ts";
import { makeTestApp, type TestContext } from "../support.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function listening(ctx: TestContext, trustProxy: boolean) {
  const logs = captureLogs();
  const app = createApp({ ...ctx, config: { ...ctx.config, trustProxy }, logger: logs.logger });
  app.listen({ port: 0, hostname: "127.0.0.1" });
  const origin = `http://127.0.0.1:${app.server!.port}`;
  const send = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, init);
  return { app, logs, origin, send };
}

let ctx: TestContext;
let proxied: Awaited<ReturnType<typeof listening>>;
let direct: Awaited<ReturnType<typeof listening>>;

beforeAll(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
  proxied = await listening(ctx, true);
  direct = await listening(ctx, false);
});
afterAll(async () => {
  await proxied.app.stop();
  await direct.app.stop();
  await ctx.close();
});

/** The access log line of the request with this id, once written. */
async function accessLine(logs: ReturnType<typeof captureLogs>, id: string) {
  for (let i = 0; i < 100; i++) {
    const line = logs.lines().find((l) => l.requestId === id && typeof l.status === "number");
    if (line) return line;
    await Bun.sleep(5);
  }
  throw new Error(`no access log line with requestId ${id}: ${logs.text().slice(-1000)}`);
}

describe("behind a trusted proxy", () => {
  test("a well-formed id is kept: returned and on the access log line, on the fast path and the full app", async () => {
    const paths = ["/api/games", "/api/weeks/current", "/api/games?week=2", "/readyz", "/api/health", "/"];
    for (const [i, path] of paths.entries()) {
      const id = `3f2a9c0d-1e4b-4c5d-9e8f-00000000000${i}`;
      const res = await proxied.send(path, { headers: { "x-request-id": id } });
      expect({ path, status: res.status, id: res.headers.get("x-request-id") }).toEqual({ path, status: 200, id });
      expect(await accessLine(proxied.logs, id)).toMatchObject({ requestId: id, method: "GET" });
    }
  });

  test("refusals and errors carry it too: an unknown route, bad input, another origin, a bad body", async () => {
    const cases: [string, RequestInit, number][] = [
      ["/api/no-such-thing", {}, 404],
      ["/api/games?week=99", {}, 400],
      ["/api/logout", { method: "POST", headers: { origin: "http://evil.example" } }, 403],
      [
        "/api/login",
        { method: "POST", headers: { origin: proxied.origin, "content-type": "application/json" }, body: "{" },
        400,
      ],
    ];
    for (const [i, [path, init, status]] of cases.entries()) {
      const id = `trace-${i}-0123456789abcdef`;
      const res = await proxied.send(path, { ...init, headers: { ...(init.headers ?? {}), "x-request-id": id } });
      expect({ path, status: res.status, id: res.headers.get("x-request-id") }).toEqual({ path, status, id });
      expect((await res.json()).code).toBeString();
    }
  });

  test("a malformed id is replaced with a fresh one: too long, too short, unsafe characters", async () => {
    for (const bad of [
      "a".repeat(201),
      "short",
      "abc def ghi",
      'x"}{"level":"fatal',
      "id\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9",
    ]) {
      const res = await proxied.send("/api/weeks/current", { headers: { "x-request-id": bad } });
      const id = res.headers.get("x-request-id")!;
      expect(id).toMatch(UUID);
      expect(await accessLine(proxied.logs, id)).toMatchObject({ path: "/api/weeks/current" });
      expect(proxied.logs.text()).not.toContain(bad);
    }
  });

  test("an absent id is made: a fresh UUID per request, returned and logged", async () => {
    const ids = new Set<string>();
    for (const path of ["/api/games", "/api/games", "/api/contest/current", "/api/nope"]) {
      const id = (await proxied.send(path)).headers.get("x-request-id")!;
      expect(id).toMatch(UUID);
      ids.add(id);
      expect(await accessLine(proxied.logs, id)).toMatchObject({ requestId: id });
    }
    expect(ids.size).toBe(4);
  });
});

test("without TRUST_PROXY a client's id is not taken: anyone could send one", async () => {
  const given = "3f2a9c0d-1e4b-4c5d-9e8f-0123456789ab";
  for (const path of ["/api/games", "/api/user"]) {
    const id = (await direct.send(path, { headers: { "x-request-id": given } })).headers.get("x-request-id")!;
    expect(id).toMatch(UUID);
    expect(id).not.toBe(given);
  }
});

test("an error's own log line carries the request's id, as its access line does", async () => {
  const broken = await makeTestApp();
  const logs = captureLogs();
  const app = createApp({ ...broken, config: { ...broken.config, trustProxy: true }, logger: logs.logger });
  await broken.close();
  const id = "req-after-the-database-closed-0001";
  const res = await app.handle(new Request("http://localhost/api/leaderboard", { headers: { "x-request-id": id } }));
  expect(res.status).toBeGreaterThanOrEqual(500);
  expect(res.headers.get("x-request-id")).toBe(id);
  const lines = logs.lines();
  const errorLine = lines.find((l) => l.level === "error");
  expect(errorLine, logs.text()).toMatchObject({ requestId: id });
  expect(lines.filter((l) => l.requestId !== id)).toEqual([]);
});

/** A WebSocket upgrade by hand, to read the 101's headers (a WebSocket client does not show them). */
async function upgradeHead(port: number, id: string, cookie = ""): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  let head = "";
  socket.on("data", (chunk) => {
    head += chunk.toString();
  });
  socket.write(
    [
      "GET /ws HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      "Upgrade: websocket",
      "Connection: Upgrade",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      "Sec-WebSocket-Version: 13",
      `X-Request-Id: ${id}`,
      ...(cookie ? [`Cookie: ${cookie}`] : []),
      "",
      "",
    ].join("\r\n"),
  );
  for (let i = 0; i < 200 && !head.includes("\r\n\r\n"); i++) await Bun.sleep(5);
  await Bun.sleep(50);
  socket.destroy();
  return head.split("\r\n\r\n")[0]!;
}

test("a WebSocket upgrade answers with the id, and a socket that fails to open logs it", async () => {
  const id = "ws-upgrade-0123456789";
  const head = await upgradeHead(proxied.app.server!.port!, id);
  expect(head).toStartWith("HTTP/1.1 101");
  expect(head.toLowerCase()).toContain(`x-request-id: ${id}`);

  // A closed database: the socket is upgraded, then cannot look its session up.
  const broken = await makeTestApp();
  const logs = captureLogs();
  const app = createApp({ ...broken, config: { ...broken.config, trustProxy: true }, logger: logs.logger });
  app.listen({ port: 0, hostname: "127.0.0.1" });
  await broken.close();
  await upgradeHead(app.server!.port!, "ws-broken-0123456789", `${SESSION_COOKIE}=some-session-token`);
  for (let i = 0; i < 100 && !logs.text().includes("opening a WebSocket failed"); i++) await Bun.sleep(5);
  await app.stop();
  const failed = logs.lines().find((l) => l.msg === "opening a WebSocket failed");
  expect(failed, logs.text()).toMatchObject({ requestId: "ws-broken-0123456789" });
});
