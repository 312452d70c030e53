import type { Kysely } from "kysely";
import type { Db } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { forbidden } from "../../lib/errors.ts";
import { centsToString, UNIT_CENTS } from "../../lib/money.ts";
import type { LeaderboardEntry, UserStats } from "./model.ts";
import * as repo from "./repo.ts";
import { roiPercent, winRatePercent } from "./rules.ts";
import { ALL_BOOKS } from "./table.ts";

export { ALL_BOOKS };
export { pairKey, recordOutcomeChanges, type OutcomeChange } from "./aggregates.ts";

export const BOARD_SIZE = 100;

const noStreak = { type: "win" as const, count: 0 };

/** Spec §3 User stats over all of a player's books; only for the player themself. */
export async function userStats(db: Db, viewerId: number, userId: number): Promise<UserStats> {
  if (viewerId !== userId) throw forbidden("You can only see your own stats", "not_your_stats");
  return statsOf(db, userId);
}

/** A player's figures, for callers that have already checked who may see them (friends). */
export async function statsOf(db: Db, userId: number): Promise<UserStats> {
  const row = await repo.totalsRow(db, userId);
  return {
    roi: roiPercent(row?.profit_cents ?? 0, row?.wagered_cents ?? 0),
    winRate: winRatePercent(row?.won ?? 0, row?.settled ?? 0),
    wonBets: row?.won ?? 0,
    lostBets: row?.lost ?? 0,
    pushedBets: row?.pushed ?? 0,
    totalBets: row?.settled ?? 0,
    totalWagered: centsToString(row?.wagered_cents ?? 0),
    totalProfit: centsToString(row?.profit_cents ?? 0),
    currentStreak: row?.streak_type ? { type: row.streak_type, count: row.streak_count } : noStreak,
    longestWinStreak: row?.longest_win_streak ?? 0,
  };
}

/**
 * Rankings are rebuilt only when the aggregates change: settlement bumps `stats_version` in its
 * transaction, so a cached ranking is right exactly while the version stands — whichever process
 * settled. Keyed per database handle (tests run many side by side).
 */
const rankings = new WeakMap<object, Map<string, { version: number; rows: repo.RankedRow[] }>>();

async function cachedRanking(db: Db, bookId: number, week: { season: number; week: number } | null): Promise<repo.RankedRow[]> {
  const version = await repo.statsVersion(db);
  const key = week ? `${bookId}:${week.season}:${week.week}` : `${bookId}:all`;
  let cache = rankings.get(db);
  if (!cache) rankings.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit?.version === version) return hit.rows;
  const rows = await repo.ranking(db, bookId, week);
  cache.set(key, { version, rows });
  return rows;
}

async function board(db: Db, bookId: number, week: { season: number; week: number } | null, viewerId: number | null): Promise<LeaderboardEntry[]> {
  const ranking = await cachedRanking(db, bookId, week);
  const shown = ranking.filter((r) => r.rank <= BOARD_SIZE || r.user_id === viewerId).slice(0, BOARD_SIZE * 2);
  const viewerRow = ranking.find((r) => r.user_id === viewerId);
  if (viewerRow && !shown.includes(viewerRow)) shown.push(viewerRow);
  const people = new Map((await repo.boardPeople(db, bookId, shown.map((r) => r.user_id))).map((p) => [p.id, p]));
  return shown.flatMap((row) => {
    const person = people.get(row.user_id);
    if (!person) return [];
    return [
      {
        rank: row.rank,
        userId: row.user_id,
        username: person.username,
        isBot: person.is_bot === 1,
        roi: roiPercent(row.profit_cents, row.wagered_cents),
        unitsWon: (row.profit_cents / UNIT_CENTS).toFixed(2),
        winRate: winRatePercent(row.won, row.settled),
        streak: person.streak_type ? { type: person.streak_type, count: person.streak_count ?? 0 } : noStreak,
        totalBets: row.settled,
      },
    ];
  }).sort((a, b) => a.rank - b.rank || a.username.localeCompare(b.username));
}

/** A week's board of individual bets: the top players and the viewer's own row. */
export function weeklyLeaderboard(db: Db, season: number, week: number, viewerId: number | null, bookId = 0): Promise<LeaderboardEntry[]> {
  return board(db, bookId, { season, week }, viewerId);
}

/** The all-time board of individual bets. */
export function overallLeaderboard(db: Db, viewerId: number | null, bookId = 0): Promise<LeaderboardEntry[]> {
  return board(db, bookId, null, viewerId);
}

/** Every player with settled individual bets in a week, in board order (rank shared by ties). */
export async function weeklyRanking(db: Db, season: number, week: number) {
  return (await cachedRanking(db, 0, { season, week })).map((r) => ({
    userId: r.user_id,
    rank: r.rank,
    profitCents: r.profit_cents,
    wageredCents: r.wagered_cents,
    settled: r.settled,
    won: r.won,
  }));
}

export interface Standing {
  rank: number;
  userId: number;
  unitsWon: string;
  totalBets: number;
  winRate: number;
  roi: number;
}

/** Players ranked by their figures in one book (a league's standings); players without settled bets rank last at zero. */
export async function bookStandings(db: Db, bookId: number, userIds: number[]): Promise<Standing[]> {
  const rows = new Map((await repo.bookRows(db, bookId, userIds)).map((r) => [r.user_id, r]));
  const figures = userIds.map((userId) => {
    const r = rows.get(userId);
    return { userId, profit: r?.profit_cents ?? 0, wagered: r?.wagered_cents ?? 0, settled: r?.settled ?? 0, won: r?.won ?? 0 };
  });
  const key = (f: (typeof figures)[number]) => [f.profit, roiPercent(f.profit, f.wagered), f.settled];
  figures.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return kb[0]! - ka[0]! || kb[1]! - ka[1]! || kb[2]! - ka[2]!;
  });
  let rank = 0;
  return figures.map((f, i) => {
    const previous = figures[i - 1];
    if (!previous || key(previous).some((v, k) => v !== key(f)[k])) rank = i + 1;
    return {
      rank,
      userId: f.userId,
      unitsWon: (f.profit / UNIT_CENTS).toFixed(2),
      totalBets: f.settled,
      winRate: winRatePercent(f.won, f.settled),
      roi: roiPercent(f.profit, f.wagered),
    };
  });
}

/** A player's settled profit in one book, in cents. */
export async function settledProfitCents(db: Kysely<Database>, userId: number, bookId: number): Promise<number> {
  return (await repo.userBookStats(db, userId, bookId))?.profit_cents ?? 0;
}
