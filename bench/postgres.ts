/**
 * PostgreSQL against SQLite, same machine, same run (issue 20):
 * 1. bet placements from 50 concurrent clients (a separate process) spread over two `serve`
 *    processes on one PostgreSQL database, against one `serve` process on a SQLite file;
 * 2. settling a game with 50,000 pending bets on PostgreSQL (target ≤ 2 s).
 * Run: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx bun bench/postgres.ts`
 * (a role that may create databases; the bench creates and drops its own).
 */
import { mkdtempSync } from "node:fs";
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
  return placementJobs(db, open, prefix, players, now);
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

async function placements(label: string, handle: DbHandle, servers: RunningServe[]) {
  await runLoad(
    `${label} warm-up`,
    servers.map((s) => s.url),
    await jobs(handle.db, "warm", 40),
  );
  return runLoad(
    label,
    servers.map((s) => s.url),
    await jobs(handle.db, "load", PLAYERS),
  );
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
  const pgA = await startServe(placeUrl, env);
  const pgB = await startServe(placeUrl, env);
  const pgHandle = await openPostgres(placeUrl);
  onPostgres = await placements("PostgreSQL, 2 processes", pgHandle, [pgA, pgB]);
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
