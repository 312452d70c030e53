/**
 * A PostgreSQL outage degrades the site, it does not blank it (issue 42 item 1): two `serve`
 * processes behind compose's Caddy (deploy/Caddyfile), on a cluster of this test's own that it
 * stops for 12 s. Throughout, the pages, the games list, the current week and the boards answer
 * 200 from what each process holds; placements answer 503 `database_unavailable` with Retry-After
 * at once (no wait on a connection); both processes stay ready (and say the database is
 * unreachable); placements work again within 5 s of the database's return.
 *
 * Run once, in the PostgreSQL pass, where Caddy and Debian's PostgreSQL binaries are installed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import pg from "pg";
import {
  CADDY,
  composeAppEnvironment,
  homeMoneyline,
  type RunningCaddy,
  sender,
  startCaddy,
  waitFor,
} from "../compose-proxy.ts";
import { onPostgres } from "../databases.ts";
import { type OwnCluster, ownClusterUnavailable, startOwnCluster } from "../pg-cluster.ts";
import { startServe, type RunningServe } from "../serve-process.ts";

const OUTAGE_MS = 12_000;
const clusterProblem = ownClusterUnavailable();
const skipped = !onPostgres ? "the SQLite pass" : !CADDY ? "no caddy on PATH" : clusterProblem;
if (skipped && onPostgres) console.log(`database-outage.test.ts skipped: ${skipped}`);

describe.skipIf(skipped !== null)("a 12 s PostgreSQL outage behind the proxy", () => {
  let cluster: OwnCluster;
  const apps: RunningServe[] = [];
  let caddy: RunningCaddy;
  let origin: string;

  beforeAll(async () => {
    cluster = await startOwnCluster();
    const env = { ...composeAppEnvironment(), PATH: process.env.PATH, HOME: process.env.HOME, DEMO_BOTS: "3" };
    apps.push(await startServe(cluster.url, env));
    apps.push(await startServe(cluster.url, env));
    caddy = await startCaddy(apps.map((a) => a.url));
    origin = caddy.origin;
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) app.proc.kill("SIGKILL");
    await Promise.all([caddy?.stop(), ...apps.map((a) => a.proc.exited)]);
    await cluster?.destroy();
  });

  const send = (...args: Parameters<ReturnType<typeof sender>>) => sender(origin)(...args);

  test("pages, games, the current week and the boards answer 200 throughout; placements 503 at once, then back within 5 s", async () => {
    const stamp = Date.now() % 100000;
    const registered = await send("POST", "/api/register", {
      email: `outage-${stamp}@example.com`,
      username: `outage_${stamp}`,
      password: "correct horse battery",
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows: games } = await client.query<{ id: string; home_team: string; odds: string }>(
      "select id, home_team, odds from games where completed_at is null and commence_time > $1 order by commence_time limit 40",
      [new Date(Date.now() + 3600_000).toISOString()],
    );
    await client.end();
    const bets = games.map(homeMoneyline);
    expect(bets.length).toBeGreaterThan(10);
    const week = ((await (await send("GET", "/api/weeks/current")).json()) as { week: number }).week;

    // What a visitor's and a player's screens read; each process is asked once before the outage.
    const reads: [string, Record<string, string>][] = [
      ["/", {}],
      ["/leaderboard", {}],
      ["/api/games", {}],
      [`/api/games?week=${week}`, {}],
      ["/api/weeks/current", {}],
      ["/api/leaderboard", {}],
      [`/api/leaderboard/week/${week}`, {}],
      ["/api/leaderboard", { cookie }],
    ];
    for (const app of apps)
      for (const [path, headers] of reads) expect((await fetch(`${app.url}${path}`, { headers })).status).toBe(200);
    expect((await send("POST", "/api/bets", bets.shift(), { cookie })).status).toBe(201);

    await cluster.stop();
    const outageStarted = performance.now();
    const readStatuses: Record<string, number[]> = {};
    let slowestRead = 0;
    const placements: { status: number; code?: string; retryAfter: string | null; ms: number }[] = [];
    const readiness: { status: number; database?: string }[] = [];
    while (performance.now() - outageStarted < OUTAGE_MS) {
      for (const [path, headers] of reads) {
        const asked = performance.now();
        const res = await send("GET", path, undefined, headers);
        await res.arrayBuffer();
        slowestRead = Math.max(slowestRead, performance.now() - asked);
        (readStatuses[`${path}${headers.cookie ? " (signed in)" : ""}`] ??= []).push(res.status);
      }
      const asked = performance.now();
      const placed = await send("POST", "/api/bets", bets[0], { cookie });
      const body = ((await placed.json().catch(() => null)) ?? {}) as { code?: string };
      placements.push({
        status: placed.status,
        code: body.code,
        retryAfter: placed.headers.get("retry-after"),
        ms: performance.now() - asked,
      });
      for (const app of apps) {
        const res = await fetch(`${app.url}/readyz`);
        readiness.push({ status: res.status, database: ((await res.json()) as { database?: string }).database });
      }
      await Bun.sleep(200);
    }

    await cluster.start();
    const back = performance.now();
    let placedAgainMs = Number.POSITIVE_INFINITY;
    for (const bet of bets.slice(0, 20)) {
      const res = await send("POST", "/api/bets", bet, { cookie });
      if (res.status === 201) {
        placedAgainMs = performance.now() - back;
        break;
      }
      if (performance.now() - back > 10_000) break;
      await Bun.sleep(100);
    }

    const failedReads = Object.fromEntries(
      Object.entries(readStatuses).map(([path, statuses]) => [path, statuses.filter((s) => s !== 200)]),
    );
    console.log(
      `outage: ${Object.values(readStatuses)[0]!.length} rounds of ${reads.length} reads (slowest ${Math.round(slowestRead)} ms); placements ${JSON.stringify(
        Object.fromEntries(
          Map.groupBy(placements, (p) => p.status)
            .entries()
            .map(([s, all]) => [s, all.length]),
        ),
      )}, slowest ${Math.round(Math.max(...placements.map((p) => p.ms)))} ms; placed again ${Math.round(placedAgainMs)} ms after the database returned`,
    );
    expect(failedReads).toEqual(Object.fromEntries(Object.keys(readStatuses).map((path) => [path, []])));
    expect(slowestRead).toBeLessThan(1500);
    expect(placements.length).toBeGreaterThan(10);
    for (const p of placements) {
      expect({ status: p.status, code: p.code }).toEqual({ status: 503, code: "database_unavailable" });
      expect(Number(p.retryAfter)).toBeGreaterThan(0);
      expect(p.ms).toBeLessThan(1500);
    }
    expect(readiness.every((r) => r.status === 200)).toBe(true);
    expect(readiness.some((r) => r.database === "unreachable")).toBe(true);
    expect(placedAgainMs).toBeLessThanOrEqual(5000);
    // Once back, each process says so.
    await waitFor(async () => {
      for (const app of apps)
        if (((await (await fetch(`${app.url}/readyz`)).json()) as { database: string }).database !== "reachable")
          return false;
      return true;
    }, 5_000);
  }, 120_000);
});
