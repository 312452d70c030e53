/**
 * Probes and metrics (issue 32 item 3, issue 42): /livez answers while the process does, /readyz
 * while it can serve (not draining, this build's migrations, storage taking writes on SQLite) and
 * says apart whether the database answers; /metrics carries build info, process metrics, the pool
 * and the odds quota, behind METRICS_TOKEN when set.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import packageJson from "../../package.json" with { type: "json" };
import { createApp } from "../../src/app.ts";
import { DatabaseHealth } from "../../src/runtime/database-health.ts";
import { freshPostgresUrl, onPostgres } from "../databases.ts";
import { startServe } from "../serve-process.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.close());

describe("/livez and /readyz", () => {
  test("both answer 200 while the database answers with this build's migrations", async () => {
    const live = await call(ctx.app, "GET", "/livez");
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: "alive" } });
    const ready = await call(ctx.app, "GET", "/readyz");
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { status: "ready", database: "reachable" },
    });
  });

  test("a database that does not answer leaves the process ready (it serves from memory) and says so apart, on /metrics too", async () => {
    const health = new DatabaseHealth();
    const app = createApp({ ...ctx, health });
    const scrape = async () => (await app.handle(new Request("http://localhost/metrics"))).text();
    expect(await scrape()).toMatch(/^npt_database_reachable 1$/m);
    health.unreachable();
    const ready = await call(app, "GET", "/readyz");
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { status: "ready", database: "unreachable" },
    });
    const text = await scrape();
    expect(text).toMatch(/^npt_ready 1$/m);
    expect(text).toMatch(/^npt_database_reachable 0$/m);
    expect((await call(app, "GET", "/livez")).status).toBe(200);
  });

  test("a database without this build's last migration is not ready", async () => {
    const behind = await makeTestApp();
    const last = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(behind.db);
    await sql`delete from kysely_migration where name = ${last.rows[0]!.name}`.execute(behind.db);
    const ready = await call(behind.app, "GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body.code).toBe("migrations_not_current");
    expect((await call(behind.app, "GET", "/livez")).status).toBe(200);
    await behind.close();
  });

  test("draining: /readyz 503 draining, /livez 200, the API still answers", async () => {
    const draining = await makeTestApp();
    draining.runtime.drain();
    const ready = await call(draining.app, "GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ message: "This process is shutting down", code: "draining", database: "reachable" });
    expect((await call(draining.app, "GET", "/livez")).status).toBe(200);
    expect((await call(draining.app, "GET", "/api/weeks/current")).status).toBe(200);
    await draining.close();
  });

  test("SIGTERM drains a real serve: /readyz 503 for DRAIN_SECONDS while /livez answers, then it exits 0", async () => {
    const postgres = onPostgres ? await freshPostgresUrl() : null;
    const db = postgres?.url ?? join(mkdtempSync(join(tmpdir(), "npt-drain-")), "drain.db");
    const serve = await startServe(db, { ...process.env, LOG_LEVEL: "info", DEMO_BOTS: "0", DRAIN_SECONDS: "2" });
    try {
      expect((await fetch(`${serve.url}/readyz`)).status).toBe(200);
      const stopAsked = performance.now();
      serve.proc.kill("SIGTERM");
      await Bun.sleep(300);
      const ready = await fetch(`${serve.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { code: string }).code).toBe("draining");
      expect((await fetch(`${serve.url}/livez`)).status).toBe(200);
      expect(await serve.proc.exited).toBe(0);
      expect(performance.now() - stopAsked).toBeGreaterThanOrEqual(2000);
    } finally {
      serve.proc.kill("SIGKILL");
      await postgres?.drop();
    }
  }, 30_000);
});

const TOKEN = "s3cret-metrics-token-0123456789";

// Without METRICS_TOKEN the former rule stands (admins or the machine itself): tests/api/operations.test.ts "/metrics".
describe("/metrics", () => {
  test("with METRICS_TOKEN: only the bearer gets in (401 otherwise), whoever asks, from wherever", async () => {
    const guarded = await makeTestApp({ env: { METRICS_TOKEN: TOKEN, ADMIN_EMAILS: "boss@example.com" } });
    const ask = (headers: Record<string, string>) =>
      guarded.app.handle(new Request("http://localhost/metrics", { headers }));
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-of-some-length" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${btoa(`prometheus:${TOKEN}`)}` },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await ask(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({
        message: "Metrics need Authorization: Bearer <METRICS_TOKEN>",
        code: "metrics_token_required",
      });
    }
    // From another container in the compose network: a forwarded or foreign address does not matter.
    const scraped = await ask({ authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "172.18.0.5" });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("npt_build_info");
    await guarded.close();
  });

  test("build info, process metrics and, on PostgreSQL, the pool", async () => {
    const built = await makeTestApp({ env: { BUILD_COMMIT: "0123ABCdef45" } });
    const text = await (await built.app.handle(new Request("http://localhost/metrics"))).text();
    expect(text).toContain(`npt_build_info{version="${packageJson.version}",commit="0123abcdef45"} 1`);
    for (const name of [
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "process_open_fds",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ])
      expect(text).toMatch(new RegExp(`^${name} `, "m"));
    if (onPostgres) {
      expect(text).toMatch(/^npt_db_pool_connections\{pool="main",state="open"\} [1-9]\d*$/m);
      expect(text).toMatch(/^npt_db_pool_connections\{pool="main",state="idle"\} \d+$/m);
      expect(text).toMatch(/^npt_db_pool_waiting_clients\{pool="main"\} 0$/m);
    } else expect(text).not.toMatch(/^npt_db_pool/m);
    // No odds provider running here: no quota to show.
    expect(text).not.toMatch(/^npt_odds_api_requests_remaining/m);
    // Every sample line parses as `name{labels} value`.
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#")))
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[\d.e+-]+|NaN|\+Inf)$/);
    await built.close();
    const unknown = await (await ctx.app.handle(new Request("http://localhost/metrics"))).text();
    expect(unknown).toContain(`npt_build_info{version="${packageJson.version}",commit="unknown"} 1`);
  });

  test("the odds provider's remaining quota is a gauge once the provider has told it", async () => {
    let remaining: number | null = null;
    const app = createApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: ctx.logger,
      bus: ctx.bus,
      hub: ctx.hub,
      providerStatus: () => ({
        name: "theoddsapi",
        ok: true,
        lastAttemptAt: null,
        lastSuccessAt: null,
        consecutiveFailures: 0,
        nextSyncAt: null,
        requestsRemaining: remaining,
      }),
    });
    const scrape = async () => (await app.handle(new Request("http://localhost/metrics"))).text();
    expect(await scrape()).not.toMatch(/^npt_odds_api_requests_remaining/m);
    remaining = 412;
    expect(await scrape()).toMatch(/^npt_odds_api_requests_remaining\{provider="theoddsapi"\} 412$/m);
  });
});
