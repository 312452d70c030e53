/**
 * PostgreSQL against SQLite, same machine, same run (issue 20):
 * 1. bet placements from 50 concurrent clients (a separate process) spread over two `serve`
 *    processes on one PostgreSQL database, against one `serve` process on a SQLite file;
 * 2. settling a game with 50,000 pending bets on PostgreSQL (target ≤ 2 s).
 * Issue 30's target: the two PostgreSQL processes place at least as many bets a second as the one
 * SQLite process, p99 ≤ 50 ms. Each load also reports the CPU its processes used per placement (the
 * serve processes; on PostgreSQL its backends too): on a shared machine it moves less than bets/s.
 * Each player's 12 bets go out together (one player's bets meet on its book lock, in both processes);
 * `BENCH_ORDER=interleaved` sends them game by game instead (many players, one bet each at a time).
 * `BENCH_PROF=<dir>` writes a CPU profile of one PostgreSQL serve process there (markdown).
 * Run: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx bun bench/postgres.ts`
 * (a role that may create databases; the bench creates and drops its own), or on the tests' throwaway
 * cluster (fsync off): `source scripts/postgres-for-tests.sh; pg_test_start`, then
 * `BENCH_DATABASE_URL=$TEST_DATABASE_URL`.
 * Measured 2026-11-27 (issue 30 item 3): see docs/speed.md.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, openPostgres, type Db, type DbHandle } from "../src/runtime/connection.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { cliActor } from "../src/modules/audit/service.ts";
import { settleGame } from "../src/modules/betting/settlement.ts";
import { listGames, resolveGame } from "../src/modules/games/service.ts";
import { startServe, type RunningServe } from "../tests/serve-process.ts";
import { makeUsers, placementJobs, runPlacements, seedPendingSpreadBets, type PlacementJob } from "./placements.ts";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) throw new Error("set BENCH_DATABASE_URL=postgres://…/postgres (a role that may create databases)");
const CLIENTS = 50;
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 400);

async function admin(query: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(query);
  await c.end();
}
function urlOf(name: string) {
  const u = new URL(ADMIN_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}
async function freshPg(name: string) {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return urlOf(name);
}

/** One placement job per (player, open game), as bench/betting.ts. */
async function jobs(db: Db, prefix: string, players: number) {
  const now = new Date();
  const open = (await listGames(db, now)).filter((g) => g.status === "upcoming" && g.odds.length >= 3).slice(0, 12);
  const all = await placementJobs(db, open, prefix, players, now);
  if (process.env.BENCH_ORDER !== "interleaved") return all;
  return open.flatMap((_, g) => Array.from({ length: players }, (_, i) => all[i * open.length + g]!));
}
const runLoad = (label: string, origins: string[], work: PlacementJob[]) =>
  runPlacements(label, origins, work, CLIENTS);

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LOG_LEVEL: "info",
  DEMO_BOTS: "0",
  AUTH_RATE_LIMIT: "1000000",
};

/** CPU time (user + system, ms) the processes have used so far; those gone since count nothing. */
function cpuMs(pids: number[]): number {
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {}
  }
  return total;
}

/** The PostgreSQL server processes working for a database (its backends), on this machine. */
async function backendsOf(url: string | null): Promise<number[]> {
  if (!url) return [];
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  const { rows } = await c.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [
    new URL(url).pathname.slice(1),
  ]);
  await c.end();
  return rows.map((r) => r.pid);
}

async function placements(label: string, handle: DbHandle, servers: RunningServe[], url: string | null = null) {
  await runLoad(
    `${label} warm-up`,
    servers.map((s) => s.url),
    await jobs(handle.db, "warm", 40),
  );
  const work = await jobs(handle.db, "load", PLAYERS);
  const serves = servers.map((s) => s.proc.pid);
  const backends = await backendsOf(url);
  const before = [cpuMs(serves), cpuMs(backends)];
  const result = await runLoad(
    label,
    servers.map((s) => s.url),
    work,
  );
  const [serveMs, backendMs] = [cpuMs(serves) - before[0]!, cpuMs(backends) - before[1]!];
  console.log(
    `  CPU per placement: serve ${(serveMs / work.length).toFixed(2)} ms` +
      (url ? `, PostgreSQL backends ${(backendMs / work.length).toFixed(2)} ms` : ""),
  );
  return result;
}

const only = process.env.BENCH_ONLY; // "settle" or "place"
let onSqlite = { perSecond: 0, p99: 0 };
let onPostgres = { perSecond: 0, p99: 0 };
if (only !== "settle") {
  // 1a. One serve on SQLite.
  const file = join(mkdtempSync(join(tmpdir(), "npt-bench-pg-")), "bench.db");
  const sqliteServe = await startServe(file, env);
  const sqliteHandle = openDatabase(file);
  onSqlite = await placements("SQLite, 1 process", sqliteHandle, [sqliteServe]);
  sqliteServe.proc.kill("SIGTERM");
  await sqliteServe.proc.exited;
  await sqliteHandle.close();

  // 1b. Two serve processes on one PostgreSQL database.
  const placeUrl = await freshPg("nfl_bench_place");
  const prof = process.env.BENCH_PROF ? ["--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const pgA = await startServe(placeUrl, env, prof);
  const pgB = await startServe(placeUrl, env);
  const pgHandle = await openPostgres(placeUrl);
  onPostgres = await placements("PostgreSQL, 2 processes", pgHandle, [pgA, pgB], placeUrl);
  for (const s of [pgA, pgB]) s.proc.kill("SIGTERM");
  await Promise.all([pgA.proc.exited, pgB.proc.exited]);
  await pgHandle.close();
  await admin("drop database if exists nfl_bench_place with (force)");
}
let settleMs = 0;
if (only !== "place") {
  // 2. Settling 50,000 bets of one game on PostgreSQL.
  const settleUrl = await freshPg("nfl_bench_settle");
  const handle = await openPostgres(settleUrl);
  await migrateToLatest(handle.db);
  const { syncGames } = await import("../src/modules/feeds/service.ts");
  const { EmbeddedProvider } = await import("../src/modules/feeds/providers/embedded/index.ts");
  const now = new Date();
  await syncGames(handle.db, new EmbeddedProvider(), now);
  const game = (await listGames(handle.db, now)).find((g) => g.status === "upcoming" && g.odds.length >= 3)!;
  await seedPendingSpreadBets(handle.db, game, await makeUsers(handle.db, "crowd", 50_000, now), now);
  await handle.db.executeQuery((await import("kysely")).CompiledQuery.raw("analyze"));
  await resolveGame(handle.db, now, game.id, { homeScore: 24, awayScore: 20, status: "completed" }, cliActor);
  const started = performance.now();
  const changed = await settleGame(handle.db, now, game.id);
  settleMs = performance.now() - started;
  console.log(`PostgreSQL: settled ${changed} bets of one game in ${settleMs.toFixed(0)} ms`);
  await handle.close();
  await admin("drop database if exists nfl_bench_settle with (force)");
}

console.log(
  `summary: placements SQLite 1 process ${onSqlite.perSecond.toFixed(0)}/s (p99 ${onSqlite.p99.toFixed(1)} ms), ` +
    `PostgreSQL 2 processes ${onPostgres.perSecond.toFixed(0)}/s (p99 ${onPostgres.p99.toFixed(1)} ms); ` +
    `settling 50,000 bets on PostgreSQL ${settleMs.toFixed(0)} ms (target ≤ 2,000 ms: ${settleMs <= 2000 ? "met" : "MISSED"})`,
);
