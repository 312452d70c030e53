import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { createApp } from "../../src/app.ts";
import { errorHandler } from "../../src/http/errors.ts";
import { httpPipeline } from "../../src/http/pipeline.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { BASE, call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.close());

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(headers.get("content-security-policy")).toContain("script-src 'self'");
  expect(headers.get("content-security-policy")).toContain("https://a.espncdn.com");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("GET /api/health", () => {
  test("answers ok once the database answers", async () => {
    const res = await call(ctx.app, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  test("reports the odds provider's state, and stays ok while the provider fails", async () => {
    const failing = {
      name: "espn",
      ok: false,
      lastAttemptAt: "2026-10-07T16:00:00.000Z",
      lastSuccessAt: "2026-10-07T15:00:00.000Z",
      consecutiveFailures: 3,
      nextSyncAt: "2026-10-07T16:08:00.000Z",
      message: "ESPN scoreboard 2026 week 5: HTTP 500",
    };
    const app = createApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: ctx.logger,
      bus: ctx.bus,
      hub: ctx.hub,
      providerStatus: () => failing,
    });
    const res = await call(app, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", provider: failing });
  });

  test("answers 503 when the database does not", async () => {
    const broken = await makeTestApp();
    await broken.close();
    const res = await call(broken.app, "GET", "/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "unavailable" });
  });
});

describe("routing", () => {
  test("an unknown /api path answers a JSON 404 for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const res = await call(ctx.app, method, "/api/no/such/route", method === "GET" ? {} : { body: {} });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "No such API route", code: "no_route" });
    }
  });

  test("the app's screens get the single-page app, with security headers", async () => {
    for (const path of ["/", "/settings", "/invite/abc", "/friends/7/analytics"]) {
      const res = await call(ctx.app, "GET", path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.body).toContain('<div id="root">');
      expectSecurityHeaders(res.headers);
    }
  });

  test("an unknown path gets the app (its 'not found' screen) with 404", async () => {
    for (const path of ["/some/deep/unknown/page", "/leagues/", "/nope"]) {
      const res = await call<string>(ctx.app, "GET", path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.body).toContain('<div id="root">');
      expectSecurityHeaders(res.headers);
    }
  });

  test("robots.txt, the favicon, the icons and the manifest are real files, not the app", async () => {
    const robots = await call<string>(ctx.app, "GET", "/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toContain("text/plain");
    expect(robots.body).toContain("Disallow: /api/");
    for (const [path, type] of [
      ["/favicon.ico", "image/x-icon"],
      ["/apple-touch-icon.png", "image/png"],
      ["/icon-192.png", "image/png"],
      ["/icon-512.png", "image/png"],
      ["/icon.svg", "image/svg+xml"],
    ] as const) {
      const res = await ctx.app.handle(new Request(`http://localhost${path}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      const bytes = new Uint8Array(await res.arrayBuffer());
      // Never the app's HTML: a PNG starts with \x89PNG, an icon file with 00 00 01 00, an SVG with "<svg".
      expect(new TextDecoder().decode(bytes.slice(0, 15))).not.toContain("<!doctype");
      if (type === "image/png") expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      if (type === "image/x-icon") expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    }
    const manifest = await call<{ name: string; start_url: string; display: string; icons: { src: string }[] }>(
      ctx.app,
      "GET",
      "/manifest.webmanifest",
    );
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toContain("application/manifest+json");
    expect(manifest.body).toMatchObject({ name: "NFL Paper Trading", start_url: "/", display: "standalone" });
    for (const icon of manifest.body.icons)
      expect((await ctx.app.handle(new Request(`http://localhost${icon.src}`))).status).toBe(200);
    const html = (await call<string>(ctx.app, "GET", "/")).body;
    expect(html).toContain('<meta name="description" content="Practise NFL betting risk-free');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  test("the bundle's scripts and styles are served with long caching and security headers", async () => {
    const html = (await call<string>(ctx.app, "GET", "/")).body;
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      const res = await ctx.app.handle(new Request(`${BASE}${asset}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(res.headers.get("content-type")).toMatch(/javascript|css/);
      expectSecurityHeaders(res.headers);
    }
  });
});

describe("every response carries security headers", () => {
  test("API answers and errors alike", async () => {
    expectSecurityHeaders((await call(ctx.app, "GET", "/api/health")).headers);
    expectSecurityHeaders((await call(ctx.app, "GET", "/api/user")).headers);
    expectSecurityHeaders((await call(ctx.app, "GET", "/api/nope")).headers);
    expectSecurityHeaders(
      (await call(ctx.app, "POST", "/api/login", { rawBody: "{", headers: { "content-type": "application/json" } }))
        .headers,
    );
  });
});

describe("request bodies", () => {
  test("a body over the limit answers 413 before it is read", async () => {
    const res = await call(ctx.app, "POST", "/api/login", {
      rawBody: JSON.stringify({ email: "a@example.com", password: "x".repeat(70_000) }),
      headers: { "content-type": "application/json", "content-length": "70040" },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("body_too_large");
  });

  test("a body that is not JSON answers 415", async () => {
    const res = await call(ctx.app, "POST", "/api/login", {
      rawBody: "email=a&password=b",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
  });
});

describe("Origin check", () => {
  const body = { email: "a@example.com", password: "whatever1" };

  test("state-changing requests from another site are refused", async () => {
    const res = await call(ctx.app, "POST", "/api/login", { body, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("bad_origin");
    const fetchMeta = await call(ctx.app, "POST", "/api/login", {
      body,
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    expect(fetchMeta.status).toBe(403);
  });

  test("our own origin, and clients that send none (curl), pass; reads are never blocked", async () => {
    expect((await call(ctx.app, "POST", "/api/login", { body })).status).toBe(401);
    const noOrigin = await ctx.app.handle(
      new Request(`${BASE}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    expect(noOrigin.status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/health", { headers: { origin: "https://evil.example" } })).status).toBe(
      200,
    );
  });

  test("behind a proxy, PUBLIC_URL is our origin", async () => {
    const proxied = await makeTestApp({ env: { PUBLIC_URL: "https://bets.example.com" } });
    const ours = await call(proxied.app, "POST", "/api/login", {
      body,
      headers: { origin: "https://bets.example.com" },
    });
    expect(ours.status).toBe(401);
    const direct = await call(proxied.app, "POST", "/api/login", { body, headers: { origin: BASE } });
    expect(direct.status).toBe(403);
    await proxied.close();
  });

  test("behind HTTPS the session cookie is Secure", async () => {
    const proxied = await makeTestApp({ env: { PUBLIC_URL: "https://bets.example.com" } });
    const res = await call(proxied.app, "POST", "/api/register", {
      body: { email: "s@example.com", username: "secure_one", password: "password1" },
      headers: { origin: "https://bets.example.com" },
    });
    expect(res.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    await proxied.close();
  });
});

describe("unexpected errors", () => {
  test("answer a generic 500 that leaks nothing, and are logged", async () => {
    const lines: string[] = [];
    const logger = createLogger("error", { write: (line: string) => void lines.push(line) });
    const app = new Elysia()
      .use(errorHandler(logger, { trustProxy: false }))
      .use(httpPipeline({ config: ctx.config, logger: createLogger("silent") }))
      .get("/api/boom", () => {
        throw new Error("secret database detail");
      });
    const res = await app.handle(new Request(`${BASE}/api/boom`));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      message: "Something went wrong on our side. Please try again.",
      code: "internal",
    });
    expect(text).not.toContain("secret");
    expect(lines.join()).toContain("secret database detail");
  });
});
