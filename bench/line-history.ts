/**
 * Line history (issue 29): what storing it costs a provider sync, and how fast one game's history
 * is served. Run: `node_modules/.bin/bun bench/line-history.ts`. Targets: storing adds no
 * measurable cost to the sync of a full week whose every line moves; GET /api/games/{id}/lines
 * for a game with 500 changes answers in < 5 ms p99 (loopback HTTP, keep-alive).
 *
 * The sync is measured against a baseline in the same run: two databases seeded alike, syncs
 * taken in turn, the baseline's line_changes a view whose INSTEAD OF trigger drops every row (the
 * same sync, the same statements, nothing stored). The baseline's own spread (its two halves,
 * against each other) says how large a difference this machine can measure.
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

/** The embedded season's week 6 alone, every line moving at every sync (half a point, five cents). */
class MovingWeek implements OddsProvider {
  readonly name = "embedded";
  readonly #inner = new EmbeddedProvider();
  tick = 0;
  currentSeason = (now: Date) => this.#inner.currentSeason(now);
  async schedule(season: number): Promise<ScheduledGame[]> {
    return (await this.#inner.schedule(season)).filter((g) => g.week === 6);
  }
  async odds(games: readonly ScheduledGame[], now: Date): Promise<GameOdds[]> {
    const shift = this.tick % 2;
    return (await this.#inner.odds(games, now)).map((o) => ({
      ...o,
      odds: o.odds.map((m) => ({
        ...m,
        outcomes: m.outcomes.map((x) => ({
          ...x,
          price: x.price - 5 * shift,
          point: x.point === undefined ? undefined : x.point + (m.marketType === "spreads" ? 0.5 * shift : 0),
        })),
      })),
    }));
  }
  results = () => Promise.resolve([]);
}

async function seeded(path: string) {
  const handle = openDatabase(path);
  await migrateToLatest(handle.db);
  const provider = new MovingWeek();
  await syncGames(handle.db, provider, NOW);
  return { handle, provider };
}

const dir = mkdtempSync(join(tmpdir(), "npt-bench-lines-"));
const stored = await seeded(join(dir, "stored.db"));
const baseline = await seeded(join(dir, "baseline.db"));
await sql`drop table line_changes`.execute(baseline.handle.db);
await sql`create view line_changes as select 0 as id, '' as game_id, '' as market, '' as selection,
  0.0 as point, 0 as price, '' as changed_at, '' as source`.execute(baseline.handle.db);
await sql`create trigger line_changes_dropped instead of insert on line_changes begin select 1; end`.execute(
  baseline.handle.db,
);

const count = async () =>
  Number(
    (
      await stored.handle.db
        .selectFrom("line_changes")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const rowsBefore = await count();
const timings = { stored: [] as number[], baseline: [] as number[] };
let moved = 0;
for (let i = 0; i < SYNCS; i++) {
  const at = new Date(NOW.getTime() + (i + 1) * 60_000);
  // In turn, first one then the other, so a slow moment of the machine falls on both alike.
  const order = i % 2 === 0 ? (["stored", "baseline"] as const) : (["baseline", "stored"] as const);
  for (const which of order) {
    const db = which === "stored" ? stored : baseline;
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
const ratio = median(timings.stored) / median(timings.baseline);
const half = SYNCS / 2;
const noise = median(timings.baseline.slice(0, half)) / median(timings.baseline.slice(half));
console.log(`a full week's sync (16 games, every line moving), ${SYNCS} syncs each, taken in turn:`);
console.log(summary("  storing line history", timings.stored));
console.log(summary("  baseline (nothing stored)", timings.baseline));
console.log(`  ${moved / SYNCS} games moved a sync, ${rows / SYNCS} changes stored a sync`);
console.log(
  `  cost of storing: ${ratio.toFixed(3)}× the baseline's median; the baseline against itself (first half / second half): ${noise.toFixed(3)}×`,
);
await stored.handle.close();
await baseline.handle.close();

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
