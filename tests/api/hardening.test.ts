/**
 * Round two of the security audit (issue 15), the HTTP side: hostile bodies and heads, malformed
 * cookies, forwarded addresses, secrets in logs, WebSocket limits, HSTS, CSV formulas.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { startSessionPurge } from "../../src/runtime/purges.ts";
import { jsonNestsDeeperThan } from "../../src/http/body.ts";
import { loggablePath } from "../../src/http/pipeline.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { defuseFormula } from "../../src/modules/account/csv.ts";
import { createResetLink } from "../../src/modules/auth/service.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { MAX_CLIENT_MESSAGES_PER_MINUTE, MAX_SOCKETS_PER_USER } from "../../src/modules/realtime/index.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { startServe } from "../serve-process.ts";
import { BASE, call, makeTestApp, type TestContext } from "../support.ts";

const ROOT = join(import.meta.dir, "../..");
const MAIN = join(ROOT, "src/main.ts");
/** The attack from the audit: 60 KB of brackets, 30,000 levels deep. */
const DEEP = `{"note":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;

function expectJsonError(res: { status: number; headers: Headers }, body: unknown, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(body).toMatchObject({ message: expect.any(String), code: code ?? expect.any(String) });
  expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
}

describe("pure pieces", () => {
  test("nesting is measured without parsing, strings skipped", () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonNestsDeeperThan(DEEP, 16)).toBe(true);
  });

  test("invite tokens are cut out of logged paths", () => {
    expect(loggablePath("/api/leagues/join-by-token/s3cr3t")).toBe("/api/leagues/join-by-token/:token");
    expect(loggablePath("/invite/s3cr3t")).toBe("/invite/:token");
    expect(loggablePath("/api/leagues/7")).toBe("/api/leagues/7");
  });

  test("CSV text that a spreadsheet would run is defused; numbers stay numbers", () => {
    for (const formula of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"]) {
      expect(defuseFormula(formula)).toBe(`'${formula}`);
    }
    expect(defuseFormula("-100.00")).toBe("-100.00");
    expect(defuseFormula("Over 47.5")).toBe("Over 47.5");
  });
});

describe("a real serve process (production mode, Bun's own limits out of the way)", () => {
  let proc: Bun.Subprocess<"ignore", "pipe", "ignore">;
  let url: string;

  beforeAll(async () => {
    const db = join(mkdtempSync(join(tmpdir(), "npt-hardening-")), "app.db");
    const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: "info", DEMO_BOTS: "0" };
    delete env.NODE_ENV;
    // The flag package.json's start script and the compiled binary carry (docs/configuration.md: Request limits).
    ({ proc, url } = await startServe(db, env, ["--max-http-header-size=262144"]));
  }, 30_000);
  afterAll(async () => {
    proc.kill("SIGTERM");
    await proc.exited;
  });

  const send = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}${path}`, init);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { res, body };
  };
  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    send(path, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
      duplex: "half",
    } as RequestInit);

  test("a 30,000-deep body is refused at once and never stalls another request", async () => {
    const started = performance.now();
    const attacks = [
      send("/api/bets/1/note", { method: "PATCH", body: DEEP, headers: { "content-type": "application/json" } }),
      post("/api/login", DEEP),
      post("/api/password/reset", DEEP),
    ];
    const healthTimes = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await fetch(`${url}/api/health`);
        expect(res.status).toBe(200);
        return performance.now() - started;
      }),
    );
    const [note, ...open] = await Promise.all(attacks);
    // Signed out, the note route asks for a session first (issue 25); the open routes refuse the body.
    expectJsonError(note!.res, note!.body, 401, "unauthorized");
    for (const attack of open) expectJsonError(attack.res, attack.body, 400, "invalid_body");
    // Before the fix each such body held the event loop for 7–9 s and ended in a 500.
    expect(Math.max(...healthTimes)).toBeLessThan(1500);
  });

  test("a chunked body past BODY_LIMIT (no Content-Length) gets our 413 JSON, read no further", async () => {
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 200; i++) controller.enqueue(new TextEncoder().encode(" ".repeat(1000)));
        controller.close();
      },
    });
    const { res, body } = await post("/api/login", chunks);
    expectJsonError(res, body, 413, "body_too_large");
  });

  test("a body far past Bun's default limit, with its length, gets our 413 JSON", async () => {
    const { res, body } = await post("/api/login", " ".repeat(2_000_000));
    expectJsonError(res, body, 413, "body_too_large");
  });

  test("huge query strings and headers get our 414/431 JSON, not Bun's bare answer", async () => {
    const query = await send(`/api/games?week=${"1".repeat(40_000)}`);
    expectJsonError(query.res, query.body, 414, "uri_too_long");
    const headers = await send("/api/health", { headers: { "x-padding": "p".repeat(20_000) } });
    expectJsonError(headers.res, headers.body, 431, "headers_too_large");
  });
});

describe("a serve process started without the runtime flag (`bun src/main.ts serve`)", () => {
  let proc: Bun.Subprocess<"ignore", "pipe", "ignore">;
  let url: string;

  beforeAll(async () => {
    const db = join(mkdtempSync(join(tmpdir(), "npt-no-flag-")), "app.db");
    const env: Record<string, string | undefined> = { ...process.env, DEMO_BOTS: "0" };
    delete env.BUN_OPTIONS;
    ({ proc, url } = await startServe(db, env, []));
  }, 30_000);
  afterAll(async () => {
    proc.kill("SIGTERM");
    await proc.exited;
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, { headers });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { res, body };
  };

  test("heads past our limit get our 431 JSON with the security headers, on the fast path too, up to 256 KiB", async () => {
    for (const [path, size] of [
      ["/api/health", 17_000],
      ["/api/games", 20_000],
      ["/api/leagues", 100_000],
      ["/api/health", 250_000],
    ] as const) {
      const { res, body } = await get(path, { "x-padding": "p".repeat(size) });
      expectJsonError(res, body, 431, "headers_too_large");
    }
  });

  test("a repeated query parameter is refused on the fast path too", async () => {
    const { res, body } = await get("/api/games?week=1&week=2");
    expectJsonError(res, body, 400, "repeated_query_parameter");
    expect((await get("/api/games?week=2")).res.status).toBe(200);
  });
});

test("the app runs in production mode unless told otherwise (main.ts sets it before anything reads it)", async () => {
  const firstImport = readFileSync(MAIN, "utf8").match(/^import .+$/m)?.[0];
  expect(firstImport).toBe('import "./production-mode.ts";');
  const probe = (env: Record<string, string | undefined>) => {
    const proc = Bun.spawnSync(
      [
        process.execPath,
        "-e",
        'await import("./src/production-mode.ts"); const { isProduction } = await import("elysia/error"); console.log(process.env.NODE_ENV, isProduction)',
      ],
      { cwd: ROOT, env },
    );
    return proc.stdout.toString().trim();
  };
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_ENV;
  expect(probe(env)).toBe("production true");
  expect(probe({ ...env, NODE_ENV: "development" })).toBe("development false");
});

test("started from another folder without NODE_ENV, the app still loads its screens (Bun chose the development JSX transform there)", () => {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_ENV;
  const elsewhere = mkdtempSync(join(tmpdir(), "npt-cwd-"));
  const run = (cwd: string) => Bun.spawnSync([process.execPath, MAIN, "--help"], { cwd, env });
  for (const cwd of [elsewhere, ROOT]) {
    const res = run(cwd);
    expect({ cwd, code: res.exitCode, stderr: res.stderr.toString() }).toEqual({ cwd, code: 0, stderr: "" });
  }
});

describe("in-process", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  });
  afterAll(() => ctx.close());

  test("signed-out callers get 401 before their body is validated; non-admins 403", async () => {
    for (const [method, path] of [
      ["POST", "/api/leagues"],
      ["PATCH", "/api/bets/1/note"],
      ["POST", "/api/bets"],
      ["PUT", "/api/user/username"],
    ] as const) {
      const res = await call(ctx.app, method, path, { body: { nonsense: [1, 2, 3] } });
      expectJsonError(res, res.body, 401, "unauthorized");
    }
    const player = await buildUser(ctx);
    const res = await call(ctx.app, "PATCH", "/api/games/x/y", { cookie: player.cookie, body: { homeScore: "lots" } });
    expect(res.status).toBe(404);
    const admin = await call(ctx.app, "POST", "/api/admin/bots/ensure", {
      cookie: player.cookie,
      body: { count: "many" },
    });
    expectJsonError(admin, admin.body, 403, "admin_only");
  });

  test("a refused body asks for the session first: signed out 401, a non-admin 403, signed in the body's own error", async () => {
    const deep = `{"note":${"[".repeat(100)}${"]".repeat(100)}}`;
    const bodies: [string, Record<string, string>, number, string][] = [
      [deep, { "content-type": "application/json" }, 400, "invalid_body"],
      ['{"note": "unfinished', { "content-type": "application/json" }, 400, "invalid_body"],
      ["[1, 2]", { "content-type": "application/json" }, 400, "invalid_body"],
      ["note=x", { "content-type": "text/plain" }, 415, "unsupported_media_type"],
      [" ".repeat(70_000), { "content-type": "application/json" }, 413, "body_too_large"],
    ];
    const player = await buildUser(ctx);
    const send = (method: string, path: string, rawBody: string, headers: Record<string, string>, cookie?: string) =>
      call(ctx.app, method, path, { rawBody, headers, cookie });
    for (const [rawBody, headers, status, code] of bodies) {
      for (const [method, path] of [
        ["PATCH", "/api/bets/1/note"],
        ["POST", "/api/leagues"],
        ["DELETE", "/api/friends/1"],
        ["PATCH", "/api/games/x"],
      ] as const) {
        const signedOut = await send(method, path, rawBody, headers);
        expectJsonError(signedOut, signedOut.body, 401, "unauthorized");
      }
      const notAdmin = await send("POST", "/api/admin/bots/ensure", rawBody, headers, player.cookie);
      expectJsonError(notAdmin, notAdmin.body, 403, "admin_only");
      const signedIn = await send("PATCH", "/api/bets/1/note", rawBody, headers, player.cookie);
      expectJsonError(signedIn, signedIn.body, status, code);
      // Routes open to everyone refuse the body as before.
      const open = await send("POST", "/api/login", rawBody, headers);
      expectJsonError(open, open.body, status, code);
    }
  });

  test("a malformed session cookie is no session: 401 JSON, never a 500", async () => {
    const cookie = "npt_session=%E0%A4%A";
    const user = await call(ctx.app, "GET", "/api/user", { cookie });
    expectJsonError(user, user.body, 401, "unauthorized");
    const login = await call(ctx.app, "POST", "/api/login", {
      cookie,
      body: { email: "nobody@example.com", password: "password123" },
    });
    expectJsonError(login, login.body, 401, "invalid_credentials");
    const games = await call(ctx.app, "GET", "/api/games", { cookie });
    expect(games.status).toBe(200);
  });

  test("/metrics: a forwarded request is never 'the machine itself', with or without TRUST_PROXY", async () => {
    for (const trust of ["true", "false"]) {
      const proxied = await makeTestApp({ env: { TRUST_PROXY: trust } });
      const forwarded: Record<string, string>[] = [
        { "x-forwarded-for": "127.0.0.1" },
        { "x-real-ip": "127.0.0.1" },
        { forwarded: "for=127.0.0.1" },
      ];
      for (const headers of forwarded) {
        const res = await proxied.app.handle(new Request(`${BASE}/metrics`, { headers }));
        expect(res.status).toBe(403);
      }
      expect((await proxied.app.handle(new Request(`${BASE}/metrics`))).status).toBe(200);
      await proxied.close();
    }
  });

  test("HSTS is sent when our public origin is https, and only then", async () => {
    const https = await makeTestApp({ env: { PUBLIC_URL: "https://bets.example.com" } });
    const res = await https.app.handle(new Request("https://bets.example.com/api/health"));
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    await https.close();
    expect((await call(ctx.app, "GET", "/api/health")).headers.get("strict-transport-security")).toBeNull();
  });

  test("invite tokens never reach the access log", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const app = createApp({ ...ctx, logger });
    const player = await buildUser(ctx);
    await app.handle(
      new Request(`${BASE}/api/leagues/join-by-token/SeCrEtInViTe123`, {
        method: "POST",
        headers: { origin: BASE, cookie: player.cookie },
      }),
    );
    await app.handle(new Request(`${BASE}/invite/SeCrEtInViTe123`));
    await Bun.sleep(20);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join("\n")).not.toContain("SeCrEtInViTe123");
    expect(lines.join("\n")).toContain("/invite/:token");
  });

  test("passwords, session cookies and reset tokens never reach the log, even when refused", async () => {
    const lines: string[] = [];
    const logger = createLogger("debug", { write: (line: string) => void lines.push(line) });
    const app = createApp({ ...ctx, logger });
    const send = (method: string, path: string, body: unknown, cookie?: string) =>
      app.handle(
        new Request(`${BASE}${path}`, {
          method,
          headers: { origin: BASE, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        }),
      );
    const player = await buildUser(ctx, { password: "Hunter2-LogCanary" });
    const signedIn = await send("POST", "/api/login", { email: player.user.email, password: "Hunter2-LogCanary" });
    const sessionToken = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(signedIn.headers.get("set-cookie") ?? "")?.[1];
    expect(sessionToken).toBeTruthy();
    await send("POST", "/api/login", { email: player.user.email, password: "Wrong-LogCanary-1" });
    const { url } = await createResetLink(ctx.db, ctx.clock.now(), player.user.email, BASE);
    const resetToken = decodeURIComponent(new URL(url).searchParams.get("reset")!);
    await send("POST", "/api/password/reset", { token: "Bogus-LogCanary-Token", password: "Fresh-LogCanary-2" });
    await send("POST", "/api/password/reset", { token: resetToken, password: "Fresh-LogCanary-3" });
    await send(
      "PUT",
      "/api/user/password",
      { currentPassword: "x", newPassword: "y" },
      `${SESSION_COOKIE}=${sessionToken}`,
    );
    await Bun.sleep(20);
    const log = lines.join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const secret of ["LogCanary", sessionToken!, resetToken]) expect(log).not.toContain(secret);
  });

  test("bets.csv defuses formulas in league names and notes", async () => {
    await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
    const player = await buildUser(ctx);
    const league = await call(ctx.app, "POST", "/api/leagues", {
      cookie: player.cookie,
      body: {
        name: '=HYPERLINK("http://evil.example","x")',
        isPublic: true,
        rules: { allowedBetTypes: ["spread"] },
        createdBy: player.user.id,
      },
    });
    expect(league.status).toBe(201);
    const games = (await call(ctx.app, "GET", "/api/games")).body as {
      id: string;
      status: string;
      odds: { marketType: string; outcomes: { name: string; price: number; point?: number }[] }[];
    }[];
    const game = games.find((g) => g.status === "upcoming" && g.odds.some((o) => o.marketType === "spreads"))!;
    const side = game.odds.find((o) => o.marketType === "spreads")!.outcomes[0]!;
    const bet = await call(ctx.app, "POST", "/api/bets", {
      cookie: player.cookie,
      body: {
        gameId: game.id,
        betType: "spread",
        selection: side.name,
        odds: side.price,
        point: side.point,
        units: 1,
        note: "@SUM(1+1)",
        leagueId: league.body.id,
      },
    });
    expect(bet.status).toBe(201);
    const res = await ctx.app.handle(
      new Request(`${BASE}/api/users/${player.user.id}/export/bets.csv`, { headers: { cookie: player.cookie } }),
    );
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).toContain("'@SUM(1+1)");
    expect(csv).not.toMatch(/(^|,)[=@]/m);
  });
});

describe("WebSocket limits", () => {
  let ctx: TestContext;
  let origin: string;
  let lines: string[];

  beforeAll(async () => {
    ctx = await makeTestApp({ env: { SOCKETS_PER_ADDRESS: "50" } });
    lines = [];
    const app = createApp({ ...ctx, logger: createLogger("info", { write: (line: string) => void lines.push(line) }) });
    app.listen({ port: 0, hostname: "127.0.0.1" });
    ctx = { ...ctx, app };
    origin = `http://127.0.0.1:${app.server!.port}`;
  });
  afterAll(async () => {
    ctx.hub.closeAll();
    await ctx.app.stop();
    await ctx.close();
  });

  /** Opens a socket; resolves with its first message, or rejects if the upgrade is refused. */
  function connect(cookie?: string) {
    const headers: Record<string, string> = { origin };
    if (cookie) headers.cookie = cookie;
    const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, { headers } as unknown as string[]);
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
    const hello = new Promise<any>((resolve, reject) => {
      ws.addEventListener("message", (e) => resolve(JSON.parse(String(e.data))), { once: true });
      ws.addEventListener("error", () => reject(new Error("refused")));
      ws.addEventListener("close", () => reject(new Error("closed")));
    });
    return { ws, closed, hello };
  }

  test("a malformed session cookie opens a visitor's socket that the hub tracks", async () => {
    const before = ctx.hub.size;
    const s = connect("npt_session=%E0%A4%A");
    expect(await s.hello).toMatchObject({ type: "hello", signedIn: false });
    expect(ctx.hub.size).toBe(before + 1);
    s.ws.close();
    await s.closed;
  });

  test("one player holds at most MAX_SOCKETS_PER_USER sockets", async () => {
    const player = await buildUser(ctx);
    const open = Array.from({ length: MAX_SOCKETS_PER_USER }, () => connect(player.cookie));
    await Promise.all(open.map((s) => s.hello));
    const extra = connect(player.cookie);
    extra.hello.catch(() => {});
    expect(await extra.closed).toBe(1008);
    for (const s of open) s.ws.close();
    await Promise.all(open.map((s) => s.closed));
  });

  test("one client address holds at most SOCKETS_PER_ADDRESS sockets", async () => {
    const open = Array.from({ length: ctx.config.socketsPerAddress }, () => connect());
    await Promise.all(open.map((s) => s.hello));
    const refused = connect();
    await expect(refused.hello).rejects.toThrow();
    expect(await refused.closed).not.toBe(1000);
    for (const s of open) s.ws.close();
    await Promise.all(open.map((s) => s.closed));
    // Closed sockets free their places.
    const again = connect();
    expect(await again.hello).toMatchObject({ type: "hello", signedIn: false });
    again.ws.close();
  });

  test("broadcasts go out through Bun's native pub/sub, one publish for every socket", async () => {
    const sockets = [connect(), connect(), connect()];
    await Promise.all(sockets.map((s) => s.hello));
    const heard = sockets.map(
      (s) =>
        new Promise((resolve) =>
          s.ws.addEventListener("message", (e) => resolve(JSON.parse(String(e.data))), { once: true }),
        ),
    );
    const server = ctx.app.server!;
    const publish = server.publish.bind(server);
    let published = 0;
    server.publish = ((...args: Parameters<typeof publish>) => {
      published += 1;
      return publish(...args);
    }) as typeof server.publish;
    ctx.hub.broadcast({ type: "odds_update" });
    expect(await Promise.all(heard)).toEqual([
      { type: "odds_update" },
      { type: "odds_update" },
      { type: "odds_update" },
    ]);
    expect(published).toBe(1);
    server.publish = publish;
    for (const s of sockets) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
  });

  test("a chatty socket is closed, and its messages are not logged one by one", async () => {
    const s = connect();
    await s.hello;
    lines.length = 0;
    for (let i = 0; i <= MAX_CLIENT_MESSAGES_PER_MINUTE; i++) s.ws.send(JSON.stringify({ type: "chatter", i }));
    expect(await s.closed).toBe(1008);
    expect(lines.filter((line) => line.includes("WebSocket"))).toEqual([]);
  });
});

test("serve's housekeeping deletes expired sessions at start and then on its interval", async () => {
  const ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  const sessions = async () =>
    Number(
      (
        await ctx.db
          .selectFrom("sessions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const early = await buildUser(ctx);
  ctx.clock.advance(31 * 24 * 60 * 60 * 1000); // past the 30-day session
  const late = await buildUser(ctx);
  expect(await sessions()).toBe(2);
  const stop = startSessionPurge(ctx.db, ctx.clock, createLogger("silent"), { intervalMs: 20 });
  await Bun.sleep(50);
  expect(await sessions()).toBe(1);
  expect((await call(ctx.app, "GET", "/api/user", { cookie: late.cookie })).status).toBe(200);
  expect((await call(ctx.app, "GET", "/api/user", { cookie: early.cookie })).status).toBe(401);
  ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
  await Bun.sleep(60);
  expect(await sessions()).toBe(0);
  stop();
  await ctx.close();
});
