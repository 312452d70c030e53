/**
 * Bot speed (issue 6): ensuring 100 bots, a weekly update for 100 bots on the current week, and a
 * first start's demo seeding (40 bots with a settled history). Run: `npx bun bench/bots.ts`.
 * Targets: ensure 100 bots < 2 s; weekly update < 2 s; first-start seeding < 10 s.
 */
import { cliActor } from "../src/modules/audit/service.ts";
import { settleAllPending } from "../src/modules/betting/settlement.ts";
import { ensureBots, seedDemoBots, weeklyUpdate } from "../src/modules/bots/service.ts";
import { listGames } from "../src/modules/games/service.ts";
import { benchServer } from "./support.ts";

const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await work();
  console.log(`${label}: ${(performance.now() - start).toFixed(0)} ms`);
  return result;
};

// A Tuesday: the week's games are all open.
const server = await benchServer("2026-10-06T12:00:00Z");
const now = server.clock.now();
const open = (await listGames(server.db, now)).filter((g) => g.week === 6 && g.status === "upcoming").length;
await time("ensure 100 bots", () => ensureBots(server.db, now, 100, cliActor));
const update = await time(`weekly update, 100 bots, ${open} open games`, () => weeklyUpdate(server.db, now, cliActor));
console.log(`  ${update.message}`);
await server.close();

const fresh = await benchServer("2026-11-22T12:00:00Z");
const seeded = await time("first-start seeding (40 bots, history on every completed week) + settlement", async () => {
  const result = await seedDemoBots(fresh.db, fresh.clock.now(), 40);
  await settleAllPending(fresh.db, fresh.clock.now());
  return result;
});
console.log(`  ${seeded.bots} bots, ${seeded.bets} bets`);
await fresh.close();
