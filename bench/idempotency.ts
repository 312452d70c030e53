/**
 * What an Idempotency-Key costs a placement (decision 0066): placements from 50 clients with a key
 * each against the same placements without, in turn, pairs in one run on one SQLite server;
 * then the keyed ones sent again (every one a replay, which runs the placement until it meets the
 * stored answer). Run: `npx bun bench/idempotency.ts`.
 * A keyed placement does one more insert in its commit (its answer) and hashes its body.
 */
import { listGames } from "../src/modules/games/service.ts";
import { placementJobs, runPlacements } from "./placements.ts";
import { benchServer } from "./support.ts";

const CLIENTS = 50;
const PLAYERS = 300;
const server = await benchServer("2026-10-06T12:00:00Z"); // a Tuesday: the week's games are all open
const now = server.clock.now();
const games = (await listGames(server.db, now)).filter((g) => g.status === "upcoming" && g.week === 6);

const keyed = <T extends { headers?: Record<string, string> }>(jobs: T[]) =>
  jobs.map((job) => ({ ...job, headers: { "idempotency-key": crypto.randomUUID() } }));

/** A load run, with the server process's CPU per bet (the clients run in a process of their own). */
async function measured(label: string, jobs: Awaited<ReturnType<typeof placementJobs>>) {
  const before = process.cpuUsage();
  const result = await runPlacements(label, [server.origin], jobs, CLIENTS);
  const cpu = process.cpuUsage(before);
  const cpuPerBet = (cpu.user + cpu.system) / jobs.length;
  console.log(`  server CPU ${cpuPerBet.toFixed(0)} µs a bet`);
  if (!result.allPlaced) throw new Error("not every bet was placed");
  return { ...result, cpuPerBet };
}

const ratios: string[] = [];
let lastKeyed: Awaited<ReturnType<typeof placementJobs>> = [];
// Round 1 warms the server up (its first thousands of placements cost more); rounds 2–4 count.
for (let round = 0; round < 4; round++) {
  const plain = await measured(
    `round ${round + 1} without keys`,
    await placementJobs(server.db, games, `plain${round}_`, PLAYERS, now),
  );
  lastKeyed = keyed(await placementJobs(server.db, games, `keyed${round}_`, PLAYERS, now));
  const withKeys = await measured(`round ${round + 1} with keys`, lastKeyed);
  if (round > 0)
    ratios.push(
      `${(withKeys.perSecond / plain.perSecond).toFixed(2)}× bets/s, ${(withKeys.cpuPerBet / plain.cpuPerBet).toFixed(2)}× CPU`,
    );
}
console.log(`with keys / without, rounds 2–4: ${ratios.join("; ")}`);
await measured("the last keyed round sent again (replays)", lastKeyed);
await server.close();
