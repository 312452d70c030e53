/**
 * Fan-out across processes (issue 30 item 2): `BENCH_SOCKETS` (default 20,000) open Games screens
 * spread over two `serve` processes on one PostgreSQL database — 5,000 of them signed in as players
 * with a pending bet on one game — then a line of that game moves (written and published from a
 * third process, as the jobs holder's sync does) and the game is resolved (as the CLI does). The
 * browsers (bench/fanout-clients.ts, one process per server) put updates in place as the web app
 * does and count the requests an update would cost them. Reports when the last socket held the new
 * line, the final and its settlement message, each after the commit, and the requests caused.
 * Baseline in the same run: a bare Bun.serve (bench/fanout-baseline-server.ts) publishing the same
 * bytes to as many sockets from the same clients.
 * Run: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node_modules/.bin/bun bench/fanout.ts`
 * Targets: last socket ≤ 300 ms after the commit, 0 requests caused; 5,000 settlement messages
 * delivered ≤ 1 s after the resolve.
 */
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { cliActor } from "../src/modules/audit/service.ts";
import { startSession } from "../src/modules/auth/service.ts";
import { gamesUpdate, listGames, resolveGame } from "../src/modules/games/service.ts";
import { publish } from "../src/modules/realtime/service.ts";
import { openPostgres } from "../src/runtime/connection.ts";
import { startServe } from "../tests/serve-process.ts";
import { makeUsers, seedPendingSpreadBets } from "./placements.ts";
import { lineReader } from "./support.ts";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) throw new Error("set BENCH_DATABASE_URL=postgres://…/postgres (a role that may create databases)");
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20_000);
const BETTORS = Math.min(SOCKETS, Number(process.env.BENCH_BETTORS ?? 5_000));

async function admin(query: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(query);
  await c.end();
}
const url = new URL(ADMIN_URL);
url.pathname = "/nfl_bench_fanout";
await admin("drop database if exists nfl_bench_fanout with (force)");
await admin("create database nfl_bench_fanout");

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LOG_LEVEL: "info", // startServe waits for the line saying where it listens
  DEMO_BOTS: "0",
  TRUST_PROXY: "true",
  SOCKETS_PER_ADDRESS: "1000000",
};
const serves = [await startServe(url.toString(), env), await startServe(url.toString(), env)];
const handle = await openPostgres(url.toString());
const { db } = handle;

// The jobs holder seeds the season at start; wait for an open game with a spread.
const now = () => new Date();
let game = null as Awaited<ReturnType<typeof listGames>>[number] | null;
for (let tries = 0; !game && tries < 600; tries++) {
  game =
    (await listGames(db, now())).find(
      (g) => g.status === "upcoming" && g.odds.some((m) => m.marketType === "spreads"),
    ) ?? null;
  if (!game) await Bun.sleep(100);
}
if (!game) throw new Error("no open game with a spread after 60 s");
// Let the jobs holder finish seeding (line history, props): an open transaction holds back every
// process's outbox reader (commit order), which would time the seeding, not the fan-out.
await quiet();
const bettors = await makeUsers(db, "fan", BETTORS, now());
await seedPendingSpreadBets(db, game, bettors, now());
const cookies: string[] = [];
for (const id of bettors) cookies.push(`npt_session=${await startSession(db, now(), id)}`);

/** Waits until no other connection has had a statement running for 3 checks in a row (1.5 s). */
async function quiet() {
  for (let calm = 0; calm < 3; ) {
    await Bun.sleep(500);
    const busy = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state not in ('idle')`.execute(db);
    calm = busy.rows[0]!.n === 0 ? calm + 1 : 0;
  }
}

type Report = {
  sockets: number;
  line: { count: number; last: number };
  final: { count: number; last: number };
  settled: { count: number; last: number };
  refetches: number;
  gamesMessages: number;
  firstMessage: string;
};
const spread = game.odds.find((m) => m.marketType === "spreads")!;
const movedPoint = (spread.outcomes[0]!.point ?? 0) - 0.5;

/** One client process per origin, each with its share of the sockets and cookies; resolves once all said hello. */
async function startClients(origins: string[], withCookies: boolean) {
  const per = Math.ceil(SOCKETS / origins.length);
  const perCookies = Math.ceil(cookies.length / origins.length);
  const procs = origins.map((origin, i) => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, "fanout-clients.ts")], {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "inherit",
    });
    const settings = {
      origin,
      sockets: Math.min(per, SOCKETS - per * i),
      cookies: withCookies ? cookies.slice(perCookies * i, perCookies * (i + 1)) : [],
      addressBlock: i + 1,
      gameId: game!.id,
      point: movedPoint,
    };
    proc.stdin.write(`${JSON.stringify(settings)}\n`);
    proc.stdin.flush();
    const nextLine = lineReader(proc.stdout, "a client process");
    return { proc, nextLine };
  });
  for (const p of procs) if ((await p.nextLine()) !== "ready") throw new Error("a client did not get ready");
  return {
    async report(): Promise<Report[]> {
      const reports: Report[] = [];
      for (const p of procs) {
        p.proc.stdin.write("report\n");
        p.proc.stdin.flush();
        reports.push(JSON.parse(await p.nextLine()) as Report);
        await p.proc.exited;
      }
      return reports;
    },
  };
}

await quiet();
const opening = performance.now();
const clients = await startClients(
  serves.map((s) => s.url),
  true,
);
console.log(
  `${SOCKETS} sockets open over 2 processes (${BETTORS} signed in) in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
);

// 1. A line moves: the game row and its odds_update, in one transaction, as the sync writes them.
const movedOdds = game.odds.map((m) =>
  m.marketType === "spreads"
    ? { ...m, outcomes: m.outcomes.map((o, i) => ({ ...o, point: i === 0 ? movedPoint : -movedPoint })) }
    : m,
);
await db.transaction().execute(async (trx) => {
  await trx
    .updateTable("games")
    .set({ odds: JSON.stringify(movedOdds), odds_updated_at: now().toISOString() })
    .where("id", "=", game!.id)
    .execute();
  await publish(trx, now(), "odds_update", await gamesUpdate(trx, [game!.id], now()));
});
const lineCommitted = Date.now();
await Bun.sleep(3000);

// 2. The game is resolved (as `resolve` on the command line does): the final and 5,000 settlements.
await resolveGame(db, now(), game.id, { homeScore: 31, awayScore: 3, status: "completed" }, cliActor);
const resolveCommitted = Date.now();
await Bun.sleep(Number(process.env.BENCH_WAIT_MS ?? 5000));
const reports = await clients.report();
const sum = (f: (r: Report) => number) => reports.reduce((a, r) => a + f(r), 0);
const last = (f: (r: Report) => number) => Math.max(...reports.map(f));

// Baseline: the same bytes published by two bare Bun.serve processes to as many sockets.
const message = reports.find((r) => r.firstMessage)?.firstMessage;
if (!message) throw new Error("no socket held the moved line: nothing to compare with");
const bareServers = await Promise.all(
  [0, 1].map(async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, "fanout-baseline-server.ts")], {
      stdout: "pipe",
      stderr: "inherit",
    });
    return { proc, url: await lineReader(proc.stdout, "the baseline server")() };
  }),
);
const bareClients = await startClients(
  bareServers.map((s) => s.url),
  false,
);
const barePublished = Date.now();
await Promise.all(bareServers.map((s) => fetch(`${s.url}/publish`, { method: "POST", body: message })));
await Bun.sleep(3000);
const bareReports = await bareClients.report();
const bareLast = Math.max(...bareReports.map((r) => r.line.last));

const lineMs = last((r) => r.line.last) - lineCommitted;
const bareMs = bareLast - barePublished;
const rows = [
  ["sockets (2 serve processes, one PostgreSQL)", `${sum((r) => r.sockets)}`],
  ["moved line held by", `${sum((r) => r.line.count)} sockets; last ${lineMs} ms after the commit`],
  [
    "final held by",
    `${sum((r) => r.final.count)} sockets; last ${last((r) => r.final.last) - resolveCommitted} ms after the resolve`,
  ],
  [
    "settlement messages",
    `${sum((r) => r.settled.count)} of ${BETTORS} bettors; last ${last((r) => r.settled.last) - resolveCommitted} ms after the resolve`,
  ],
  [
    "HTTP requests the updates caused",
    `${sum((r) => r.refetches)} (games messages received: ${sum((r) => r.gamesMessages)})`,
  ],
  [
    "baseline: bare Bun.serve ×2, same bytes",
    `${sum((r) => r.line.count)} sockets; last ${bareMs} ms after the publish (line: ${(lineMs / Math.max(1, bareMs)).toFixed(1)}× the baseline)`,
  ],
];
for (const [label, value] of rows) console.log(`${label!.padEnd(44)} ${value}`);

for (const s of bareServers) s.proc.kill();
for (const s of serves) s.proc.kill("SIGTERM");
await Promise.all([...serves.map((s) => s.proc.exited), ...bareServers.map((s) => s.proc.exited)]);
await handle.close();
await admin("drop database if exists nfl_bench_fanout with (force)");
