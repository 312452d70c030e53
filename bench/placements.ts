/**
 * What the placement benches share (bench/betting.ts, bench/postgres.ts): bench players written
 * straight to the table, a crowd of pending bets on one game, one placement job per (player, game),
 * and a load run from a client process of its own (place-bets-client.ts).
 */
import { join } from "node:path";
import type { Db } from "../src/runtime/connection.ts";
import { startSession } from "../src/modules/auth/service.ts";
import { INDIVIDUAL_BOOK } from "../src/shared/bets.ts";
import type { Game } from "../src/shared/contract/games.ts";
import { percentile, summary } from "./support.ts";

export interface PlacementJob {
  cookie: string;
  /** The player the cookie signs in (not sent). */
  userId?: number;
  body?: unknown;
  /** Sent with the request as well (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** `POST /api/bets` unless said otherwise (a cancel: `DELETE /api/bets/{id}`). */
  method?: string;
  path?: string;
}

const passwordHash = Bun.password.hashSync("bench-password", { algorithm: "argon2id" });

/** `count` players named `${prefix}${n}`, 500 to a transaction; their ids. */
export async function makeUsers(db: Db, prefix: string, count: number, now: Date): Promise<number[]> {
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

/** One pending spread bet (1–3 units) per player on `game`, written as a busy week would leave them. */
export async function seedPendingSpreadBets(db: Db, game: Game, userIds: number[], now: Date): Promise<void> {
  const spread = game.odds.find((m) => m.marketType === "spreads")!.outcomes[0]!;
  for (let i = 0; i < userIds.length; i += 2000) {
    await db.transaction().execute((trx) =>
      trx
        .insertInto("bets")
        .values(
          userIds.slice(i, i + 2000).map((userId, k) => ({
            user_id: userId,
            game_id: game.id,
            book_id: INDIVIDUAL_BOOK,
            season: game.season,
            week: game.week,
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
}

const BET_TYPE_OF = { spreads: "spread", totals: "total", h2h: "moneyline" } as const;

/** `players` new players with sessions, and one placement job per (player, game), markets and sides varied. */
export async function placementJobs(
  db: Db,
  games: Game[],
  prefix: string,
  players: number,
  now: Date,
): Promise<PlacementJob[]> {
  const ids = await makeUsers(db, prefix, players, now);
  const cookies = await Promise.all(ids.map(async (id) => `npt_session=${await startSession(db, now, id)}`));
  return cookies.flatMap((cookie, i) =>
    games.map((game, g) => {
      const market = game.odds[(i + g) % 3]!;
      const outcome = market.outcomes[(i + g) % 2]!;
      return {
        cookie,
        userId: ids[i],
        body: {
          gameId: game.id,
          betType: BET_TYPE_OF[market.marketType],
          selection: outcome.name,
          odds: outcome.price,
          point: outcome.point ?? null,
          units: 1 + (i % 3),
        },
      };
    }),
  );
}

/**
 * Runs the jobs from `clients` concurrent clients spread over `origins` (for at most `seconds` when
 * given, or until `until` settles); prints and returns throughput and p99, and whether every
 * request done was answered `ok`.
 */
export async function runPlacements(
  label: string,
  origins: string[],
  jobs: PlacementJob[],
  clients = 50,
  { seconds, ok = 201, until }: { seconds?: number; ok?: number; until?: Promise<unknown> } = {},
) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "place-bets-client.ts")], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const sent = jobs.map(({ userId: _, ...job }) => job);
  proc.stdin.write(JSON.stringify({ origin: origins[0], origins, clients, jobs: sent, seconds }));
  await proc.stdin.end();
  // A load beside another stops with it: its figures are those of the time they ran together.
  until?.then(() => proc.kill("SIGINT"));
  const result = JSON.parse(await new Response(proc.stdout).text()) as {
    seconds: number;
    done: number;
    latencies: number[];
    statuses: Record<string, number>;
  };
  const perSecond = result.done / result.seconds;
  const stopped =
    result.done < jobs.length
      ? ` (stopped ${until ? "with the load beside" : `after ${seconds} s`}, of ${jobs.length})`
      : "";
  console.log(
    `${label}: ${result.done} requests${stopped} in ${result.seconds.toFixed(2)} s = ${perSecond.toFixed(0)}/s; statuses ${JSON.stringify(result.statuses)}`,
  );
  console.log(`  ${summary("latency", result.latencies)}`);
  const p99 = percentile(
    [...result.latencies].sort((a, b) => a - b),
    99,
  );
  const max = Math.max(...result.latencies);
  return { perSecond, p99, max, allPlaced: result.statuses[String(ok)] === result.done && result.done > 0 };
}
