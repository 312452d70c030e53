/**
 * Bet placement throughput from 50 concurrent clients (a separate process) over loopback, alone and
 * while a game with 50,000 pending bets is being settled, and how long that settlement takes.
 * Run: `npx bun bench/betting.ts`. Targets (issue 4): ≥ 2,000 bets/s with p99 < 50 ms in both
 * runs; settling 50,000 bets in under 2 s.
 */
import { settleGame } from "../src/modules/betting/settlement.ts";
import { listGames, resolveGame } from "../src/modules/games/service.ts";
import { cliActor } from "../src/modules/audit/service.ts";
import { makeUsers, placementJobs, runPlacements, seedPendingSpreadBets, type PlacementJob } from "./placements.ts";
import { benchServer } from "./support.ts";

const CLIENTS = 50;
const server = await benchServer("2026-10-06T12:00:00Z"); // a Tuesday: the week's games are all open
const now = server.clock.now();
const { db } = server;

const games = (await listGames(db, now)).filter((g) => g.status === "upcoming" && g.week === 6);
const [settledGame, ...openGames] = games;
if (!settledGame || openGames.length < 10) throw new Error("expected a full week of open games");

// 50,000 pending bets on one game, written straight to the table as a busy week would leave them.
await seedPendingSpreadBets(db, settledGame, await makeUsers(db, "crowd", 50_000, now), now);

const jobs = (prefix: string, players: number) => placementJobs(db, openGames, prefix, players, now);
const runLoad = (label: string, work: PlacementJob[]) => runPlacements(label, [server.origin], work, CLIENTS);

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
