/**
 * Bet placement throughput from 50 concurrent clients (a separate process) over loopback, alone and
 * while a game with 50,000 pending bets is being settled, and how long that settlement takes.
 * Run: `npx bun bench/betting.ts`. Targets (issue 4): ≥ 2,000 bets/s with p99 < 50 ms in both
 * runs; settling 50,000 bets in under 2 s.
 */
import { join } from "node:path";
import { startSession } from "../src/modules/auth/service.ts";
import { settleGame } from "../src/modules/betting/settlement.ts";
import { listGames, resolveGame } from "../src/modules/games/service.ts";
import { cliActor } from "../src/modules/audit/service.ts";
import { INDIVIDUAL_BOOK } from "../src/shared/bets.ts";
import { benchServer, percentile, summary } from "./support.ts";

const CLIENTS = 50;
const server = await benchServer("2026-10-06T12:00:00Z"); // a Tuesday: the week's games are all open
const now = server.clock.now();
const { db } = server;

const passwordHash = Bun.password.hashSync("bench-password", { algorithm: "argon2id" });
async function makeUsers(prefix: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
        const name = `${prefix}${i + k}`;
        return {
          email: `${name}@bench.local`,
          username: name,
          username_key: name,
          password_hash: passwordHash,
          role: "user" as const,
          created_at: now.toISOString(),
        };
      });
      for (const r of await trx.insertInto("users").values(rows).returning("id").execute()) ids.push(r.id);
    });
  }
  return ids;
}

const games = (await listGames(db, now)).filter((g) => g.status === "upcoming" && g.week === 6);
const [settledGame, ...openGames] = games;
if (!settledGame || openGames.length < 10) throw new Error("expected a full week of open games");

// 50,000 pending bets on one game, written straight to the table as a busy week would leave them.
const crowd = await makeUsers("crowd", 50_000);
const spread = settledGame.odds.find((m) => m.marketType === "spreads")!.outcomes[0]!;
for (let i = 0; i < crowd.length; i += 2000) {
  await db.transaction().execute((trx) =>
    trx
      .insertInto("bets")
      .values(
        crowd.slice(i, i + 2000).map((userId, k) => ({
          user_id: userId,
          game_id: settledGame.id,
          book_id: INDIVIDUAL_BOOK,
          season: settledGame.season,
          week: settledGame.week,
          bet_type: "spread" as const,
          selection: spread.name,
          prop_id: null,
          odds: spread.price,
          point: spread.point ?? null,
          units: 1 + (k % 3),
          wager_cents: 10000 * (1 + (k % 3)),
          potential_win_cents: 9091 * (1 + (k % 3)),
          confidence: "medium" as const,
          note: null,
          is_parlay: 0,
          status: "pending" as const,
          result_cents: null,
          placed_at: now.toISOString(),
          priced_at: null,
          settled_at: null,
        })),
      )
      .execute(),
  );
}

/** Players with sessions, and one placement job per (player, open game). */
async function jobs(prefix: string, players: number) {
  const ids = await makeUsers(prefix, players);
  const cookies = await Promise.all(ids.map(async (id) => `npt_session=${await startSession(db, now, id)}`));
  return cookies.flatMap((cookie, i) =>
    openGames.map((game, g) => {
      const market = game.odds[(i + g) % 3]!;
      const outcome = market.outcomes[(i + g) % 2]!;
      const betType =
        market.marketType === "spreads" ? "spread" : market.marketType === "totals" ? "total" : "moneyline";
      return {
        cookie,
        body: {
          gameId: game.id,
          betType,
          selection: outcome.name,
          odds: outcome.price,
          point: outcome.point ?? null,
          units: 1 + (i % 3),
        },
      };
    }),
  );
}

async function runLoad(label: string, work: { cookie: string; body: unknown }[]) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "place-bets-client.ts")], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  proc.stdin.write(JSON.stringify({ origin: server.origin, clients: CLIENTS, jobs: work }));
  await proc.stdin.end();
  const result = JSON.parse(await new Response(proc.stdout).text()) as {
    seconds: number;
    latencies: number[];
    statuses: Record<string, number>;
  };
  console.log(
    `${label}: ${work.length} bets in ${result.seconds.toFixed(2)} s = ${(work.length / result.seconds).toFixed(0)} bets/s; statuses ${JSON.stringify(result.statuses)}`,
  );
  console.log(`  ${summary("latency", result.latencies)}`);
  const perSecond = work.length / result.seconds;
  const p99 = percentile(
    [...result.latencies].sort((a, b) => a - b),
    99,
  );
  return { perSecond, p99, allPlaced: result.statuses["201"] === work.length };
}

const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
const placingVerdict = (r: { perSecond: number; p99: number; allPlaced: boolean }) =>
  verdict(r.perSecond >= 2000 && r.p99 < 50 && r.allPlaced);

await runLoad("warm-up", await jobs("warm", 100));
const alone = await runLoad(`placing alone (${CLIENTS} clients)`, await jobs("alone", 1000));

const duringJobs = await jobs("during", 1000);
await resolveGame(db, now, settledGame.id, { homeScore: 24, awayScore: 20, status: "completed" }, cliActor);
let settleMs = 0;
const settling = (async () => {
  const start = performance.now();
  const changed = await settleGame(db, now, settledGame.id);
  settleMs = performance.now() - start;
  console.log(`settled ${changed} bets of one game in ${settleMs.toFixed(0)} ms (while placing)`);
})();
const during = await runLoad(`placing while settling 50,000 bets (${CLIENTS} clients)`, duringJobs);
await settling;

const start = performance.now();
await db
  .updateTable("bets")
  .set({ status: "pending", result_cents: null, settled_at: null })
  .where("game_id", "=", settledGame.id)
  .execute();
await db.deleteFrom("user_week_stats").execute();
const resetMs = performance.now() - start;
const aloneStart = performance.now();
const changed = await settleGame(db, now, settledGame.id);
const settleAloneMs = performance.now() - aloneStart;
console.log(
  `settled ${changed} bets of one game in ${settleAloneMs.toFixed(0)} ms (alone; reset took ${resetMs.toFixed(0)} ms)`,
);
console.log(
  `targets: placing alone ≥ 2,000/s, p99 < 50 ms: ${placingVerdict(alone)}; while settling: ${placingVerdict(during)}; settling 50,000 bets < 2 s: ${verdict(settleAloneMs < 2000)} alone, ${verdict(settleMs < 2000)} under placing load`,
);
await server.close();
