/**
 * Keeps the aggregates in step with settlement, inside its transaction: weekly and running totals
 * per book, each player's totals over all books, and streaks.
 *
 * A player's all-books row (ALL_BOOKS) appears only when they first settle a bet in a league book,
 * seeded from their individual book. Until then their individual book *is* their total — and most
 * players never bet in a league — so settling a bet writes one running-total row, not two. Readers
 * take the all-books row when there is one, else the individual book's (`repo.totalsRow`).
 */
import type { Db } from "../../runtime/index.ts";
import { ALL_BOOKS, INDIVIDUAL_BOOK } from "../../shared/bets.ts";
import * as repo from "./repo.ts";
import { currentStreak, longestWinStreak, nextStreak, type Outcome, type Streak } from "../../shared/stats.ts";
import type { UserBookStatsTable } from "./table.ts";
import { getOrCreate } from "../../lib/maps.ts";

type Status = "pending" | Outcome;
type Pair = { userId: number; bookId: number };
type StoredRow = Awaited<ReturnType<typeof repo.bookStatsOfUsers>>[number];
type Sums = Pick<UserBookStatsTable, "settled" | "won" | "lost" | "pushed" | "wagered_cents" | "profit_cents">;
type StreakFields = Pick<UserBookStatsTable, "streak_type"> & { streak_count: number; longest_win_streak: number };

/** A settled bet's outcome and book, as a regrade's history lists them. */
export interface SettledOutcome {
  userId: number;
  bookId: number;
  status: Outcome;
}

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

const pairKey = (p: Pair) => `${p.userId}:${p.bookId}`;

const SUM_FIELDS = ["settled", "won", "lost", "pushed", "wagered_cents", "profit_cents"] as const;
const noSums = (): Sums => ({ settled: 0, won: 0, lost: 0, pushed: 0, wagered_cents: 0, profit_cents: 0 });

function sums(status: Status, wagerCents: number, resultCents: number | null, sign: 1 | -1): Sums {
  return {
    settled: sign,
    won: status === "won" ? sign : 0,
    lost: status === "lost" ? sign : 0,
    pushed: status === "push" ? sign : 0,
    wagered_cents: sign * wagerCents,
    profit_cents: sign * (resultCents ?? 0),
  };
}

function addInto(target: Sums, delta: Sums): void {
  for (const f of SUM_FIELDS) target[f] += delta[f];
}

/**
 * Applies outcome changes to the aggregates. First settlements extend the stored streaks in order;
 * a regrade instead hands over `history` (every settled outcome of the given players, oldest first,
 * with its book) and the streaks are rebuilt from it.
 */
export async function recordOutcomeChanges(
  trx: Db,
  changes: OutcomeChange[],
  history?: (userIds: number[]) => Promise<SettledOutcome[]>,
): Promise<void> {
  if (changes.length === 0) return;
  const stored = new Map(
    (await repo.bookStatsOfUsers(trx, [...new Set(changes.map((c) => c.userId))])).map((r) => [
      pairKey({ userId: r.user_id, bookId: r.book_id }),
      r,
    ]),
  );
  const keepsTotals = new Set(
    changes
      .filter((c) => c.bookId !== INDIVIDUAL_BOOK || stored.has(pairKey({ userId: c.userId, bookId: ALL_BOOKS })))
      .map((c) => c.userId),
  );
  const pairsOf = (c: OutcomeChange): Pair[] =>
    keepsTotals.has(c.userId)
      ? [
          { userId: c.userId, bookId: c.bookId },
          { userId: c.userId, bookId: ALL_BOOKS },
        ]
      : [{ userId: c.userId, bookId: c.bookId }];
  // Where each pair starts: its stored row, or for a new all-books row, the individual book's.
  const startOf = (p: Pair): StoredRow | undefined =>
    stored.get(pairKey(p)) ??
    (p.bookId === ALL_BOOKS ? stored.get(pairKey({ userId: p.userId, bookId: INDIVIDUAL_BOOK })) : undefined);

  const weekDeltas = new Map<string, repo.WeekDelta>();
  const bookDeltas = new Map<string, { pair: Pair; sums: Sums }>();
  for (const c of changes) {
    for (const p of pairsOf(c)) {
      getOrCreate(bookDeltas, pairKey(p), () => {
        const seed = noSums();
        if (p.bookId === ALL_BOOKS && !stored.has(pairKey(p))) addInto(seed, startOf(p) ?? noSums());
        return { pair: p, sums: seed };
      });
    }
    for (const [state, sign] of [
      [c.before, -1],
      [c.after, 1],
    ] as const) {
      if (state.status === "pending") continue;
      const delta = sums(state.status, c.wagerCents, state.resultCents, sign);
      const week = { user_id: c.userId, book_id: c.bookId, season: c.season, week: c.week };
      addInto(
        getOrCreate(weekDeltas, `${pairKey(c)}:${c.season}:${c.week}`, () => ({ ...week, ...noSums() })),
        delta,
      );
      for (const p of pairsOf(c)) addInto(bookDeltas.get(pairKey(p))!.sums, delta);
    }
  }

  await repo.addWeekStats(trx, [...weekDeltas.values()]);
  const pairs = [...bookDeltas.values()].map((d) => d.pair);
  const streaks = history
    ? rebuiltStreaks(pairs, outcomesByPair(await history([...new Set(pairs.map((p) => p.userId))])))
    : extendedStreaks(changes, pairsOf, startOf);
  // One statement per batch for the running totals: sums added, streaks set.
  await repo.upsertBookStats(
    trx,
    [...bookDeltas.values()].map(({ pair, sums }) => ({
      user_id: pair.userId,
      book_id: pair.bookId,
      ...sums,
      ...streaks.get(pairKey(pair))!,
    })),
  );
}

function fields(streak: Streak | null, longest: number): StreakFields {
  return { streak_type: streak?.type ?? null, streak_count: streak?.count ?? 0, longest_win_streak: longest };
}

/** Each player's outcomes per book and over all their books (ALL_BOOKS), oldest first. */
function outcomesByPair(history: SettledOutcome[]): Map<string, Outcome[]> {
  const outcomes = new Map<string, Outcome[]>();
  for (const row of history) {
    for (const bookId of [row.bookId, ALL_BOOKS])
      getOrCreate(outcomes, pairKey({ userId: row.userId, bookId }), () => []).push(row.status);
  }
  return outcomes;
}

/** A regrade: streaks computed afresh from each pair's whole history. */
function rebuiltStreaks(pairs: Pair[], outcomes: Map<string, Outcome[]>): Map<string, StreakFields> {
  return new Map(
    pairs.map((p) => {
      const list = outcomes.get(pairKey(p)) ?? [];
      return [pairKey(p), fields(currentStreak(list), longestWinStreak(list))];
    }),
  );
}

/** First settlements: each pair's starting streak extended by the new outcomes, in order. */
function extendedStreaks(
  changes: OutcomeChange[],
  pairsOf: (c: OutcomeChange) => Pair[],
  startOf: (p: Pair) => StoredRow | undefined,
): Map<string, StreakFields> {
  const state = new Map<string, { streak: Streak | null; longest: number }>();
  for (const c of changes) {
    for (const p of pairsOf(c)) {
      const current = getOrCreate(state, pairKey(p), () => {
        const row = startOf(p);
        return {
          streak: row?.streak_type ? { type: row.streak_type, count: row.streak_count } : null,
          longest: row?.longest_win_streak ?? 0,
        };
      });
      if (c.after.status === "pending") continue;
      const streak = nextStreak(current.streak, c.after.status);
      state.set(pairKey(p), {
        streak,
        longest: streak?.type === "win" ? Math.max(current.longest, streak.count) : current.longest,
      });
    }
  }
  return new Map([...state].map(([key, { streak, longest }]) => [key, fields(streak, longest)]));
}
