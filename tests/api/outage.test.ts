import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openPostgres, type PostgresHandle } from "../../src/runtime/connection.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser, SEASON_EVE } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, makeTestApp } from "../support.ts";
import { startSession } from "../../src/modules/auth/service.ts";
import { freshPostgresUrl, onPostgres } from "../databases.ts";
import { startServe, type RunningServe } from "../serve-process.ts";
import { CuttableProxy } from "../tcp-proxy.ts";

/**
 * A `serve` process whose PostgreSQL connections all go through a TCP proxy the test can cut
 * (PostgreSQL only): while cut, every connection is dropped and new ones are closed at once, as a
 * restart or a network fault would. Placements keep coming the whole time: the ones answered 201
 * must all be in the database afterwards, the ones that met the outage get 503 JSON, and the
 * process serves again once the database is back, without a restart.
 */
describe.skipIf(!onPostgres)("a lost PostgreSQL connection while serving", () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: CuttableProxy;
  let serve: RunningServe;
  let direct: PostgresHandle;

  beforeAll(async () => {
    database = await freshPostgresUrl();
    const real = new URL(database.url);
    proxy = new CuttableProxy({ hostname: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    serve = await startServe(viaProxy.toString(), {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // startServe waits for the "listening" line; the rest of the log is read and dropped.
      LOG_LEVEL: "info",
      DEMO_BOTS: "0",
      ODDS_PROVIDER: "embedded",
    });
    direct = await openPostgres(database.url, { max: 2 });
  }, 60_000);

  afterAll(async () => {
    serve?.proc.kill("SIGKILL");
    await serve?.proc.exited;
    proxy?.listener.stop(true);
    await direct?.close();
    await database?.drop();
  });

  test("placements answered 201 are all stored; those that met the outage got 503 JSON; it serves again after", async () => {
    const db = direct.db;
    const now = new Date();
    const games = await db
      .selectFrom("games")
      .select(["id", "home_team", "odds"])
      .where("completed_at", "is", null)
      .where("commence_time", ">", new Date(Date.now() + 3600_000).toISOString())
      .orderBy("commence_time")
      .limit(12)
      .execute();
    expect(games.length).toBeGreaterThan(5);
    const players = await db
      .insertInto("users")
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          email: `outage${i}@example.com`,
          username: `outage_${i}`,
          username_key: `outage_${i}`,
          password_hash: "not a hash",
          role: "user" as const,
          created_at: now.toISOString(),
        })),
      )
      .returning("id")
      .execute();
    const cookies = await Promise.all(players.map(async (p) => `npt_session=${await startSession(db, now, p.id)}`));
    const jobs = cookies.flatMap((cookie) =>
      games.map((game) => {
        const h2h = (
          JSON.parse(game.odds) as { marketType: string; outcomes: { name: string; price: number }[] }[]
        ).find((m) => m.marketType === "h2h")!;
        const odds = h2h.outcomes.find((o) => o.name === game.home_team)!.price;
        return {
          cookie,
          body: { gameId: game.id, betType: "moneyline", selection: game.home_team, odds, point: null, units: 1 },
        };
      }),
    );

    const acknowledged: number[] = [];
    const statuses: Record<number, number> = {};
    const unavailable: { body: { code?: string }; retryAfter: string | null; type: string | null }[] = [];
    let phase: "before" | "outage" | "after" = "before";
    const byPhase = { before: 0, outage: 0, after: 0 };
    // Each placement is sent until it gets an answer other than 503, as a browser retrying would.
    const queue = [...jobs];
    let remaining = jobs.length;
    const worker = async () => {
      const deadline = Date.now() + 40_000;
      while (remaining > 0 && Date.now() < deadline) {
        const job = queue.shift();
        if (!job) {
          await Bun.sleep(20);
          continue;
        }
        const res = await fetch(`${serve.url}/api/bets`, {
          method: "POST",
          headers: { origin: serve.url, "content-type": "application/json", cookie: job.cookie },
          body: JSON.stringify(job.body),
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const body = await res.json();
        if (res.status === 503) {
          unavailable.push({
            body,
            retryAfter: res.headers.get("retry-after"),
            type: res.headers.get("content-type"),
          });
          queue.push(job);
          await Bun.sleep(50);
          continue;
        }
        remaining -= 1;
        if (res.status === 201) {
          acknowledged.push(body.id);
          byPhase[phase] += 1;
        }
        // Paced, so the run spans the outage.
        await Bun.sleep(15);
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));
    // The outage starts once placements are flowing (a busy machine may take longer than usual to
    // answer the first), and never later than 10 s in.
    const flowingBy = Date.now() + 10_000;
    while (byPhase.before < 3 && Date.now() < flowingBy) await Bun.sleep(20);
    await Bun.sleep(200);
    phase = "outage";
    proxy.cut();
    await Bun.sleep(1500);
    proxy.restore();
    phase = "after";
    await load;

    // Only 201 (stored), 503 (the outage) and 409 (a placement whose commit went through but whose
    // answer was lost, found by its retry; or a price the provider moved) — never a 500.
    expect(Object.keys(statuses).filter((status) => !["201", "409", "503"].includes(status))).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body.code).toBe("database_unavailable");
      expect(answer.type).toContain("application/json");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(remaining).toBe(0);
    expect(byPhase.before).toBeGreaterThan(0);
    // The pool connected again by itself: placements after the outage were acknowledged.
    expect(byPhase.after).toBeGreaterThan(0);
    const stored = await db.selectFrom("bets").select("id").where("id", "in", acknowledged).execute();
    expect(stored.length).toBe(acknowledged.length);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    const health = await fetch(`${serve.url}/api/health`);
    expect(health.status).toBe(200);
    console.log(
      `outage: ${acknowledged.length} placements acknowledged and stored (${byPhase.before} before, ${byPhase.outage} during, ${byPhase.after} after), statuses ${JSON.stringify(statuses)}`,
    );
  }, 60_000);
});

describe.skipIf(!onPostgres)("a PostgreSQL server gone silent (every packet dropped, nothing closed)", () => {
  test("a statement without an answer fails; from then on requests answer 503 at once; readiness never waits on it; placements resume", async () => {
    const database = await freshPostgresUrl();
    const real = new URL(database.url);
    const proxy = new CuttableProxy({ hostname: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const ctx = await makeTestApp({ database: await openPostgres(viaProxy.toString()), now: SEASON_EVE });
    try {
      // Shorter than serve's QUERY_TIMEOUT_MS, for the test's time; the mechanism is the same.
      (ctx.handle as PostgresHandle).limitQueries(1500);
      await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
      const player = await buildUser(ctx);
      const place = (units: number) =>
        call(ctx.app, "POST", "/api/bets", {
          cookie: player.cookie,
          body: {
            gameId: "fake-w1-DAL-PHI",
            betType: "spread",
            selection: "Philadelphia Eagles",
            odds: -110,
            point: -3.5,
            units,
            replaceExisting: true,
          },
        });
      expect((await place(1)).status).toBe(201);
      // Asked before, as a proxy's checks have: its answer stands while the next is asked.
      expect((await call(ctx.app, "GET", "/readyz")).status).toBe(200);

      proxy.silence();
      const answers: { status: number; code: string; ms: number; readyMs: number; ready: number }[] = [];
      for (let i = 0; i < 8; i++) {
        const asked = performance.now();
        const res = await place(2);
        const ms = performance.now() - asked;
        const readyAsked = performance.now();
        const ready = await call(ctx.app, "GET", "/readyz");
        answers.push({
          status: res.status,
          code: res.body.code,
          ms,
          readyMs: performance.now() - readyAsked,
          ready: ready.status,
        });
      }
      console.log(`silent server: ${answers.map((a) => `${a.status} in ${Math.round(a.ms)} ms`).join(", ")}`);
      for (const a of answers) {
        expect({ status: a.status, code: a.code, ready: a.ready }).toEqual({
          status: 503,
          code: "database_unavailable",
          ready: 200,
        });
        expect(a.ms).toBeLessThan(4000);
        expect(a.readyMs).toBeLessThan(500);
      }
      // The first met the silence (its statement's timeout), the second at most the probe's; then at once.
      for (const a of answers.slice(2)) expect(a.ms).toBeLessThan(300);
      expect((await call(ctx.app, "GET", "/readyz")).body.database).toBe("unreachable");

      proxy.restore();
      const back = performance.now();
      let status = 0;
      while (status !== 201 && performance.now() - back < 6000) {
        status = (await place(3)).status;
        if (status !== 201) await Bun.sleep(100);
      }
      expect(status).toBe(201);
      expect(performance.now() - back).toBeLessThan(5000);
    } finally {
      proxy.restore();
      await ctx.close();
      proxy.listener.stop(true);
      await database.drop();
    }
  }, 60_000);
});
