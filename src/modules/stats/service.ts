import { dataVersion, type Db } from "../../runtime/index.ts";
import { assertSelf } from "../../lib/policy.ts";
import { INDIVIDUAL_BOOK } from "../../shared/bets.ts";
import { BOARD_SIZE } from "../../shared/limits.ts";
import { centsToString, UNIT_CENTS } from "../../shared/money.ts";
import type { LeaderboardEntry, UserStats } from "../../shared/contract/stats.ts";
import type { OutcomeChange } from "./aggregates.ts";
import { boardsOf, noteRankingChanges, type BoardWeek } from "./boards.ts";
export { noteRankingChanges } from "./boards.ts";
import type { RankRow } from "./ranking.ts";
import * as repo from "./repo.ts";
import { compareRankFigures, type RankFigures, roiPercent, winRatePercent } from "../../shared/stats.ts";
export { recordOutcomeChanges, type OutcomeChange } from "./aggregates.ts";

/** Settlement calls this once a transaction of outcome changes has committed: the boards re-read those players. */
export function playersSettled(db: Db, changes: readonly OutcomeChange[]): void {
  noteRankingChanges(db, [...new Set(changes.filter((c) => c.bookId === INDIVIDUAL_BOOK).map((c) => c.userId))]);
}

/** Waits until every board has taken in the figures settled so far (settlement calls it when done). */
export function boardsUpToDate(db: Db): Promise<void> {
  return boardsOf(db).flush();
}

/** What the cached board answers depend on beyond the rankings (renames, deletions). */
export function boardsVersion(): number {
  return dataVersion("boards");
}

/** Calls `listener` each time settled figures were taken into the rankings (settlement awaits it). */
export function onBoardsChanged(db: Db, listener: () => Promise<void>): () => void {
  return boardsOf(db).onApplied(listener);
}

const noStreak = { type: "win" as const, count: 0 };

/** Spec §3 User stats over all of a player's books; only for the player themself. */
export async function userStats(db: Db, viewerId: number, userId: number): Promise<UserStats> {
  assertSelf(viewerId, userId, "stats");
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

async function entriesOf(db: Db, shown: (RankRow & { rank: number })[]): Promise<LeaderboardEntry[]> {
  const people = new Map(
    (
      await repo.boardPeople(
        db,
        INDIVIDUAL_BOOK,
        shown.map((r) => r.userId),
      )
    ).map((p) => [p.id, p]),
  );
  return shown
    .flatMap((row) => {
      const person = people.get(row.userId);
      if (!person) return [];
      return [
        {
          rank: row.rank,
          userId: row.userId,
          username: person.username,
          isBot: person.is_bot === 1,
          roi: roiPercent(row.profitCents, row.wageredCents),
          unitsWon: (row.profitCents / UNIT_CENTS).toFixed(2),
          winRate: winRatePercent(row.won, row.settled),
          streak: person.streak_type ? { type: person.streak_type, count: person.streak_count ?? 0 } : noStreak,
          totalBets: row.settled,
        },
      ];
    })
    .sort((a, b) => a.rank - b.rank || a.username.localeCompare(b.username));
}

/**
 * A board's shared part, the same for every viewer (what is cached and served to all): the top rows,
 * ties at the cut included, at most twice the board.
 */
export async function boardTop(db: Db, week: BoardWeek): Promise<LeaderboardEntry[]> {
  const ranking = await boardsOf(db).ranking(week);
  const shown = ranking
    .top(BOARD_SIZE)
    .slice(0, BOARD_SIZE * 2)
    .map(({ row, rank }) => ({ ...row, rank }));
  return entriesOf(db, shown);
}

/** One player's own row on a board when it is not among the top rows; null when they are, or not on it. */
export async function viewerRowBeyondTop(db: Db, week: BoardWeek, viewerId: number): Promise<LeaderboardEntry | null> {
  const ranking = await boardsOf(db).ranking(week);
  const rank = ranking.rankOf(viewerId);
  if (rank === null || rank <= BOARD_SIZE) return null;
  const [entry] = await entriesOf(db, [{ ...ranking.rowOf(viewerId)!, rank }]);
  return entry ?? null;
}

/** Every player with settled individual bets in a week, in board order (rank shared by ties). */
export async function weeklyRanking(db: Db, season: number, week: number, limit = Number.POSITIVE_INFINITY) {
  const all = (await boardsOf(db).ranking({ season, week })).all();
  return (limit < all.length ? all.slice(0, limit) : all).map(({ row: r, rank }) => ({
    userId: r.userId,
    rank,
    profitCents: r.profitCents,
    wageredCents: r.wageredCents,
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

/** Players ranked by their figures in one book (a contest league's standings); players without settled bets rank last at zero. */
export async function bookStandings(db: Db, bookId: number, userIds: number[]): Promise<Standing[]> {
  const rows = await repo.bookRows(db, bookId, userIds);
  return rankStandings(
    userIds,
    rows.map((r) => ({
      userId: r.user_id,
      profitCents: r.profit_cents,
      wageredCents: r.wagered_cents,
      settled: r.settled,
      won: r.won,
    })),
  );
}

/** A player's settled figures, as a standings table ranks them. */
export interface StandingFigures extends RankFigures {
  userId: number;
  won: number;
}

/** These players ranked by the one ranking rule over their figures; players without figures rank last at zero. */
export function rankStandings(userIds: number[], figuresOf: readonly StandingFigures[]): Standing[] {
  const rows = new Map(figuresOf.map((f) => [f.userId, f]));
  const figures = userIds.map(
    (userId) => rows.get(userId) ?? { userId, profitCents: 0, wageredCents: 0, settled: 0, won: 0 },
  );
  figures.sort(compareRankFigures);
  let rank = 0;
  return figures.map((f, i) => {
    const previous = figures[i - 1];
    if (!previous || compareRankFigures(previous, f) !== 0) rank = i + 1;
    return {
      rank,
      userId: f.userId,
      unitsWon: (f.profitCents / UNIT_CENTS).toFixed(2),
      totalBets: f.settled,
      winRate: winRatePercent(f.won, f.settled),
      roi: roiPercent(f.profitCents, f.wageredCents),
    };
  });
}

/** A player's settled profit in one book, in cents. */
export async function settledProfitCents(db: Db, userId: number, bookId: number): Promise<number> {
  return (await repo.userBookStats(db, userId, bookId))?.profit_cents ?? 0;
}
