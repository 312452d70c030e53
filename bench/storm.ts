/**
 * Kick-off storm (issue 16): 10,000 open Games screens, an admin resolves a game, every browser
 * hears `odds_update` and refetches its week at once, while players keep placing bets. The
 * browsers (bench/storm-clients.ts) and the bettors (bench/place-bets-client.ts) run in their own
 * processes. Run: `node_modules/.bin/bun bench/storm.ts`. Targets: every refetch answered within
 * 1 s of the resolve; placements during the storm keep p99 ≤ 50 ms.
 */
import { join } from "node:path";
import { startSession } from "../src/modules/auth/service.ts";
import { listGames } from "../src/modules/games/service.ts";
import { OutboxDispatcher } from "../src/runtime/dispatcher.ts";
import { createLogger } from "../src/lib/logger.ts";
import { benchServer, percentile, summary } from "./support.ts";

const SOCKETS = Number(process.env.STORM_SOCKETS ?? 10_000);
const server = await benchServer("2026-10-06T12:00:00Z", { TRUST_PROXY: "true" }); // a Tuesday: week 6 open
const { db } = server;
const now = server.clock.now();
const dispatcher = new OutboxDispatcher(db, server.bus, server.clock, createLogger("silent"), 10);
await dispatcher.start();

const games = (await listGames(db, now)).filter((g) => g.status === "upcoming" && g.week === 6);
const [resolved, ...open] = games;
const admin = await db
  .insertInto("users")
  .values({
    email: "boss@bench.local",
    username: "boss",
    username_key: "boss",
    password_hash: "x",
    role: "admin",
    created_at: now.toISOString(),
  })
  .returning("id")
  .executeTakeFirstOrThrow();
const adminCookie = `npt_session=${await startSession(db, now, admin.id)}`;

/** Players, one moneyline bet each on the week's other open games. */
async function bettingJobs(prefix: string, players: number) {
  const bettors = await db
    .insertInto("users")
    .values(
      Array.from({ length: players }, (_, i) => ({
        email: `${prefix}${i}@bench.local`,
        username: `${prefix}${i}`,
        username_key: `${prefix}${i}`,
        password_hash: "x",
        role: "user" as const,
        created_at: now.toISOString(),
      })),
    )
    .returning("id")
    .execute();
  return Promise.all(
    bettors.map(async ({ id }, i) => {
      const game = open[i % open.length]!;
      const market = game.odds.find((o) => o.marketType === "h2h")!;
      const outcome = market.outcomes[i % 2]!;
      return {
        cookie: `npt_session=${await startSession(db, now, id)}`,
        body: {
          gameId: game.id,
          betType: "moneyline",
          selection: outcome.name,
          odds: outcome.price,
          point: null,
          units: 1,
        },
      };
    }),
  );
}
async function place(work: { cookie: string; body: unknown }[]) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "place-bets-client.ts")], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  proc.stdin.write(JSON.stringify({ origin: server.origin, clients: 10, jobs: work }));
  await proc.stdin.end();
  return JSON.parse(await new Response(proc.stdout).text()) as {
    seconds: number;
    latencies: number[];
    statuses: Record<string, number>;
  };
}
// A warm server, as on a Sunday: placing has run before the storm.
const warm = await place(await bettingJobs("warm", 400));
console.log(`warm-up: ${summary("placing with no storm", warm.latencies)}`);
// Enough bets to keep placing through the whole storm (about a second).
const jobs = await bettingJobs("b", 1000);

const browsers = Bun.spawn([process.execPath, join(import.meta.dir, "storm-clients.ts")], {
  stdin: "pipe",
  stdout: "pipe",
  stderr: "inherit",
});
browsers.stdin.write(
  JSON.stringify({ origin: server.origin, sockets: SOCKETS, connections: 64, path: "/api/games?week=6" }),
);
await browsers.stdin.end();
const lines = browsers.stdout.pipeThrough(new TextDecoderStream()).getReader();
let out = "";
const openStart = performance.now();
while (!out.includes("ready\n")) out += (await lines.read()).value ?? "";
console.log(
  `${server.hub.size.toLocaleString()} Games screens connected in ${((performance.now() - openStart) / 1000).toFixed(1)} s`,
);

const resolvedAt = Date.now();
const resolve = fetch(`${server.origin}/api/games/${resolved!.id}`, {
  method: "PATCH",
  headers: { "content-type": "application/json", cookie: adminCookie, origin: server.origin },
  body: JSON.stringify({ homeScore: 24, awayScore: 17, status: "completed" }),
});
const placing = await place(jobs);
console.log(`resolve answered ${(await resolve).status}`);
while (!out.trim().endsWith("}")) {
  const { value, done } = await lines.read();
  if (done) break;
  out += value;
}
const storm = JSON.parse(out.trim().split("\n").at(-1)!) as {
  firstMessageAt: number;
  lastAnsweredAt: number;
  answered: number;
  statuses: Record<string, number>;
};
const allAnsweredMs = storm.lastAnsweredAt - resolvedAt;
console.log(
  `odds_update reached the first browser ${storm.firstMessageAt - resolvedAt} ms after the resolve; ${storm.answered.toLocaleString()} refetches answered (statuses ${JSON.stringify(storm.statuses)}), the last ${allAnsweredMs} ms after it`,
);
console.log(
  `placements during the storm: ${jobs.length} in ${placing.seconds.toFixed(2)} s, statuses ${JSON.stringify(placing.statuses)}; ${summary("latency", placing.latencies)}`,
);
const p99 = percentile(
  [...placing.latencies].sort((a, b) => a - b),
  99,
);
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
console.log(
  `targets: every refetch within 1 s: ${verdict(storm.answered === SOCKETS && allAnsweredMs <= 1000)}; placements p99 ≤ 50 ms (${p99.toFixed(1)} ms): ${verdict(p99 <= 50)}`,
);
await dispatcher.stop();
server.hub.closeAll();
await server.close();
process.exit(0);
