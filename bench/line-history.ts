/**
 * Line history (issue 29): what storing it costs a provider sync, and how fast one game's history
 * is served. Run: `node_modules/.bin/bun bench/line-history.ts`. Targets: storing adds no
 * measurable cost to the sync of a full week whose every line moves; GET /api/games/{id}/lines
 * for a game with 500 changes answers in < 5 ms p99 (loopback HTTP, keep-alive).
 *
 * The sync is measured against a baseline in the same run: three databases seeded alike, syncs
 * taken in turn (each first as often), two of them with line_changes a view whose INSTEAD OF
 * trigger drops every row (the same sync, the same statements, nothing stored). Each sync is
 * compared with the baseline's of the same round; the two baselines against each other say how
 * small a difference this run can see. Two weeks are measured: the worst case, every line of every
 * game moving at every sync, and a typical sync, where two of the sixteen games move (a real sync
 * also waits on the network, which this leaves out).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { migrateToLatest } from "../src/db/migrate.ts";
import type { GameOdds, OddsProvider, ScheduledGame } from "../src/modules/feeds/provider.ts";
import { EmbeddedProvider } from "../src/modules/feeds/providers/embedded/index.ts";
import { syncGames } from "../src/modules/feeds/service.ts";
import { openDatabase } from "../src/runtime/connection.ts";
import { benchServer, percentile, summary } from "./support.ts";

const NOW = new Date("2026-10-06T12:00:00Z"); // Tuesday of week 6: its 16 games are all open
const SYNCS = Number(process.env.BENCH_SYNCS ?? 200);

/** The embedded season's week 6 alone, `moving` of its games' lines moving at every sync (half a point, five cents). */
class MovingWeek implements OddsProvider {
  readonly name = "embedded";
  readonly #inner = new EmbeddedProvider();
  tick = 0;
  readonly #shifts = new Map<string, number>();
  constructor(readonly moving: number) {}
  currentSeason = (now: Date) => this.#inner.currentSeason(now);
  async schedule(season: number): Promise<ScheduledGame[]> {
    return (await this.#inner.schedule(season)).filter((g) => g.week === 6);
  }
  async odds(games: readonly ScheduledGame[], now: Date): Promise<GameOdds[]> {
    return (await this.#inner.odds(games, now)).map((o, index) => {
      // Each game moves on `moving` of every 16 syncs, so every sync moves `moving` games.
      const moves = (index + this.tick) % 16 < this.moving;
      const shift = (this.#shifts.get(o.providerId) ?? 0) ^ (moves ? 1 : 0);
      this.#shifts.set(o.providerId, shift);
      return {
        ...o,
        odds: o.odds.map((m) => ({
          ...m,
          outcomes: m.outcomes.map((x) => ({
            ...x,
            price: x.price - 5 * shift,
            point: x.point === undefined ? undefined : x.point + (m.marketType === "spreads" ? 0.5 * shift : 0),
          })),
        })),
      };
    });
  }
  results = () => Promise.resolve([]);
}

async function seeded(path: string, moving: number) {
  const handle = openDatabase(path);
  await migrateToLatest(handle.db);
  const provider = new MovingWeek(moving);
  await syncGames(handle.db, provider, NOW);
  return { handle, provider };
}

/** A database whose line_changes is a view whose INSTEAD OF trigger drops every row: the same sync, nothing stored. */
async function storingNothing(path: string, moving: number) {
  const db = await seeded(path, moving);
  await sql`drop table line_changes`.execute(db.handle.db);
  await sql`create view line_changes as select 0 as id, '' as game_id, '' as market, '' as selection,
    0.0 as point, 0 as price, '' as changed_at, '' as source`.execute(db.handle.db);
  await sql`create trigger line_changes_dropped instead of insert on line_changes begin select 1; end`.execute(
    db.handle.db,
  );
  return db;
}

const dir = mkdtempSync(join(tmpdir(), "npt-bench-lines-"));

/** Syncs storing history against syncs storing nothing, `moving` of the 16 games moving each sync. */
async function compare(moving: number) {
  const databases = {
    stored: await seeded(join(dir, `stored-${moving}.db`), moving),
    baseline: await storingNothing(join(dir, `baseline-${moving}.db`), moving),
    // A second baseline: how far two identical syncs differ here, i.e. the smallest cost this run can see.
    again: await storingNothing(join(dir, `again-${moving}.db`), moving),
  };
  type Which = keyof typeof databases;
  const count = async () =>
    Number(
      (
        await databases.stored.handle.db
          .selectFrom("line_changes")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowsBefore = await count();
  const timings: Record<Which, number[]> = { stored: [], baseline: [], again: [] };
  const orders: Which[][] = [
    ["stored", "baseline", "again"],
    ["baseline", "again", "stored"],
    ["again", "stored", "baseline"],
  ];
  let moved = 0;
  for (let i = 0; i < SYNCS; i++) {
    const at = new Date(NOW.getTime() + (i + 1) * 60_000);
    // In turn, each first as often, so a slow moment of the machine falls on all alike.
    for (const which of orders[i % 3]!) {
      const db = databases[which];
      db.provider.tick = i + 1;
      const start = performance.now();
      const report = await syncGames(db.handle.db, db.provider, at);
      timings[which].push(performance.now() - start);
      if (which === "stored") moved += report.oddsUpdated;
    }
  }
  const rows = (await count()) - rowsBefore;
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  /** The median of the syncs' ratios, each against the sync of the same round. */
  const pairedRatio = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!));
  console.log(
    `a full week's sync (16 games, ${moving === 16 ? "every line moving" : `${moving} games moving`}), ${SYNCS} syncs each, taken in turn:`,
  );
  console.log(summary("  storing line history", timings.stored));
  console.log(summary("  baseline (nothing stored)", timings.baseline));
  console.log(summary("  the baseline again", timings.again));
  console.log(`  ${moved / SYNCS} games moved a sync, ${rows / SYNCS} changes stored a sync`);
  console.log(
    `  storing against the baseline, same round: median ${pairedRatio(timings.stored, timings.baseline).toFixed(3)}× (${(median(timings.stored) - median(timings.baseline)).toFixed(2)} ms a sync); the baseline against itself: ${pairedRatio(timings.again, timings.baseline).toFixed(3)}×`,
  );
  for (const db of Object.values(databases)) await db.handle.close();
}

await compare(16);
await compare(2);

// One game's history with 500 changes, over HTTP, beside the cached GET /api/weeks/current.
const server = await benchServer();
const { week } = (await (await fetch(`${server.origin}/api/weeks/current`)).json()) as { week: number };
const games = (await (await fetch(`${server.origin}/api/games?week=${week}`)).json()) as { id: string }[];
const gameId = games[0]!.id;
const existing = Number(
  (
    await server.db
      .selectFrom("line_changes")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("game_id", "=", gameId)
      .executeTakeFirstOrThrow()
  ).n,
);
const extra = Array.from({ length: 500 - existing }, (_, i) => ({
  game_id: gameId,
  market: "h2h",
  selection: "Over",
  point: null,
  price: -110 - (i % 20),
  changed_at: new Date(Date.parse("2026-10-06T00:00:00Z") + i * 60_000).toISOString(),
  source: "embedded",
}));
await server.db.insertInto("line_changes").values(extra).execute();
const url = `${server.origin}/api/games/${gameId}/lines`;
const answer = (await (await fetch(url)).json()) as { changes: unknown[] };
if (answer.changes.length !== 500) throw new Error(`expected 500 changes, got ${answer.changes.length}`);
const samples: number[] = [];
const trivial: number[] = [];
for (let i = 0; i < 200; i++) await (await fetch(url)).arrayBuffer();
let bytes = 0;
for (let i = 0; i < 2000; i++) {
  let start = performance.now();
  bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
  samples.push(performance.now() - start);
  start = performance.now();
  await (await fetch(`${server.origin}/api/weeks/current`)).arrayBuffer();
  trivial.push(performance.now() - start);
}
console.log(summary(`GET /api/games/{id}/lines, 500 changes (${bytes} bytes)`, samples));
console.log(summary("GET /api/weeks/current (cached, for scale)", trivial));
const p99 = percentile(
  [...samples].sort((a, b) => a - b),
  99,
);
console.log(`p99 < 5 ms: ${p99 < 5 ? "met" : "MISSED"} (${p99.toFixed(2)} ms)`);
await server.close();
