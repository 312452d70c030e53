import type { Kysely } from "kysely";
import type { Db } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { forbidden } from "../../lib/errors.ts";
import { centsToString, UNIT_CENTS } from "../../lib/money.ts";
import type { LeaderboardEntry, UserStats } from "./model.ts";
import * as repo from "./repo.ts";
import { currentStreak, longestWinStreak, nextStreak, roiPercent, winRatePercent, type Outcome, type Streak } from "./rules.ts";
import { ALL_BOOKS } from "./table.ts";

export { ALL_BOOKS };

export const BOARD_SIZE = 100;

type Status = "pending" | Outcome;

/** One bet whose outcome settlement changed, in settlement order. */
export interface OutcomeChange {
  userId: number;
  bookId: number;
  season: number;
  week: number;
  wagerCents: number;
  before: { status: Status; resultCents: number | null };
  after: { status: Status; resultCents: number | null };
}

function sums(status: Status, wagerCents: number, resultCents: number | null, sign: 1 | -1) {
  return {
    settled: sign,
    won: status === "won" ? sign : 0,
    lost: status === "lost" ? sign : 0,
    pushed: status === "push" ? sign : 0,
    wagered_cents: sign * wagerCents,
    profit_cents: sign * (resultCents ?? 0),
  };
}

function merge<T extends { settled: number; won: number; lost: number; pushed: number; wagered_cents: number; profit_cents: number }>(
  rows: T[],
  keyOf: (row: T) => string,
): T[] {
  const merged = new Map<string, T>();
  for (const row of rows) {
    const m = merged.get(keyOf(row));
    if (!m) merged.set(keyOf(row), { ...row });
    else for (const f of ["settled", "won", "lost", "pushed", "wagered_cents", "profit_cents"] as const) m[f] += row[f];
  }
  return [...merged.values()];
}

/**
 * Keeps the aggregates in step with settlement, inside its transaction: weekly and running totals
 * per book and over all books, and each player's streaks. First settlements extend streaks in
 * order; a regrade instead hands over `history` (every settled outcome per player and book, oldest
 * first) and the streaks are rebuilt from it.
 */
export async function recordOutcomeChanges(
  trx: Kysely<Database>,
  changes: OutcomeChange[],
  history?: (pairs: { userId: number; bookId: number }[]) => Promise<Map<string, Outcome[]>>,
): Promise<void> {
  if (changes.length === 0) return;
  const week: repo.WeekDelta[] = [];
  const book: repo.BookDelta[] = [];
  for (const c of changes) {
    for (const [state, sign] of [[c.before, -1], [c.after, 1]] as const) {
      if (state.status === "pending") continue;
      const s = sums(state.status, c.wagerCents, state.resultCents, sign);
      week.push({ user_id: c.userId, book_id: c.bookId, season: c.season, week: c.week, ...s });
      book.push({ user_id: c.userId, book_id: c.bookId, ...s }, { user_id: c.userId, book_id: ALL_BOOKS, ...s });
    }
  }
  await repo.bumpStatsVersion(trx);
  await repo.addWeekStats(trx, merge(week, (r) => `${r.user_id}:${r.book_id}:${r.season}:${r.week}`));

  const pairs = uniquePairs(changes.flatMap((c) => [{ userId: c.userId, bookId: c.bookId }, { userId: c.userId, bookId: ALL_BOOKS }]));
  const streaks = history ? rebuiltStreaks(pairs, await history(pairs)) : await extendedStreaks(trx, changes);
  const bookSums = new Map(merge(book, (r) => pairKey({ userId: r.user_id, bookId: r.book_id })).map((r) => [pairKey({ userId: r.user_id, bookId: r.book_id }), r]));
  const none = { settled: 0, won: 0, lost: 0, pushed: 0, wagered_cents: 0, profit_cents: 0 };
  // One statement per chunk for the running totals: sums added, streaks set.
  await repo.upsertBookStats(
    trx,
    pairs.map((p) => {
      const key = pairKey(p);
      const { user_id: _u, book_id: _b, ...delta } = bookSums.get(key) ?? { user_id: p.userId, book_id: p.bookId, ...none };
      return { user_id: p.userId, book_id: p.bookId, ...delta, ...streaks.get(key)! };
    }),
  );
}

type StreakFields = { streak_type: "win" | "loss" | null; streak_count: number; longest_win_streak: number };

function fields(streak: Streak | null, longest: number): StreakFields {
  return { streak_type: streak?.type ?? null, streak_count: streak?.count ?? 0, longest_win_streak: longest };
}

/** A regrade: streaks computed afresh from each pair's whole history. */
function rebuiltStreaks(pairs: { userId: number; bookId: number }[], outcomes: Map<string, Outcome[]>): Map<string, StreakFields> {
  return new Map(
    pairs.map((p) => {
      const list = outcomes.get(pairKey(p)) ?? [];
      return [pairKey(p), fields(currentStreak(list), longestWinStreak(list))];
    }),
  );
}

/** First settlements: each pair's stored streak extended by the new outcomes, in order. */
async function extendedStreaks(trx: Kysely<Database>, changes: OutcomeChange[]): Promise<Map<string, StreakFields>> {
  const userIds = [...new Set(changes.map((c) => c.userId))];
  const rows = new Map((await repo.bookStatsOfUsers(trx, userIds)).map((r) => [pairKey({ userId: r.user_id, bookId: r.book_id }), r]));
  const state = new Map<string, { streak: Streak | null; longest: number }>();
  for (const c of changes) {
    for (const p of [{ userId: c.userId, bookId: c.bookId }, { userId: c.userId, bookId: ALL_BOOKS }]) {
      const key = pairKey(p);
      const row = rows.get(key);
      const current = state.get(key) ?? {
        streak: row?.streak_type ? { type: row.streak_type, count: row.streak_count } : null,
        longest: row?.longest_win_streak ?? 0,
      };
      if (c.after.status === "pending") {
        state.set(key, current);
        continue;
      }
      const streak = nextStreak(current.streak, c.after.status);
      state.set(key, { streak, longest: streak?.type === "win" ? Math.max(current.longest, streak.count) : current.longest });
    }
  }
  return new Map([...state].map(([key, { streak, longest }]) => [key, fields(streak, longest)]));
}

export const pairKey = (p: { userId: number; bookId: number }) => `${p.userId}:${p.bookId}`;

function uniquePairs(pairs: { userId: number; bookId: number }[]) {
  return [...new Map(pairs.map((p) => [pairKey(p), p])).values()];
}

const noStreak = { type: "win" as const, count: 0 };

/** Spec §3 User stats over all of a player's books; only for the player themself. */
export async function userStats(db: Db, viewerId: number, userId: number): Promise<UserStats> {
  if (viewerId !== userId) throw forbidden("You can only see your own stats", "not_your_stats");
  return statsOf(db, userId);
}

/** A player's figures, for callers that have already checked who may see them (friends). */
export async function statsOf(db: Db, userId: number): Promise<UserStats> {
  const row = await repo.userBookStats(db, userId, ALL_BOOKS);
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
