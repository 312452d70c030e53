import { type Db, jsonList, jsonRows } from "../../runtime/index.ts";
import { ALL_BOOKS, INDIVIDUAL_BOOK } from "../../shared/bets.ts";
import type { UserBookStatsTable, UserWeekStatsTable } from "./table.ts";

type Sums = Pick<UserWeekStatsTable, "settled" | "won" | "lost" | "pushed" | "wagered_cents" | "profit_cents">;
export type WeekDelta = UserWeekStatsTable;
export type BookDelta = Pick<UserBookStatsTable, "user_id" | "book_id"> & Sums;

const addSums =
  <T extends "user_week_stats" | "user_book_stats">(table: T) =>
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's on-conflict builder type for a table chosen by a type parameter cannot be named
  (eb: any) => ({
    settled: eb(`${table}.settled`, "+", eb.ref("excluded.settled")),
    won: eb(`${table}.won`, "+", eb.ref("excluded.won")),
    lost: eb(`${table}.lost`, "+", eb.ref("excluded.lost")),
    pushed: eb(`${table}.pushed`, "+", eb.ref("excluded.pushed")),
    wagered_cents: eb(`${table}.wagered_cents`, "+", eb.ref("excluded.wagered_cents")),
    profit_cents: eb(`${table}.profit_cents`, "+", eb.ref("excluded.profit_cents")),
  });

const SUM_COLUMNS = ["settled", "won", "lost", "pushed", "wagered_cents", "profit_cents"] as const;
const WEEK_COLUMNS = ["user_id", "book_id", "season", "week", ...SUM_COLUMNS] as const;
const BOOK_COLUMNS = [
  "user_id",
  "book_id",
  ...SUM_COLUMNS,
  "streak_type",
  "streak_count",
  "longest_win_streak",
] as const;

/** Adds (or with negative figures, takes back) settled bets to the weekly aggregates; one statement per batch. */
export function addWeekStats(db: Db, deltas: WeekDelta[]) {
  if (deltas.length === 0) return Promise.resolve();
  return db
    .insertInto("user_week_stats")
    .columns(WEEK_COLUMNS)
    .expression(jsonRows(db, "user_week_stats", WEEK_COLUMNS, deltas))
    .onConflict((oc) => oc.columns(["user_id", "book_id", "season", "week"]).doUpdateSet(addSums("user_week_stats")))
    .execute();
}

/** Adds sums to the running totals and sets the streaks, one statement per batch. */
export function upsertBookStats(
  db: Db,
  rows: (BookDelta & { streak_type: "win" | "loss" | null; streak_count: number; longest_win_streak: number })[],
) {
  if (rows.length === 0) return Promise.resolve();
  return db
    .insertInto("user_book_stats")
    .columns(BOOK_COLUMNS)
    .expression(jsonRows(db, "user_book_stats", BOOK_COLUMNS, rows))
    .onConflict((oc) =>
      oc.columns(["user_id", "book_id"]).doUpdateSet((eb) => ({
        ...addSums("user_book_stats")(eb),
        streak_type: eb.ref("excluded.streak_type"),
        streak_count: eb.ref("excluded.streak_count"),
        longest_win_streak: eb.ref("excluded.longest_win_streak"),
      })),
    )
    .execute();
}

/** Every book row of these players (callers pick the books they need). */
export function bookStatsOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("user_book_stats").selectAll().where("user_id", "in", jsonList(db, userIds)).execute();
}

/** A player's totals over all books: the all-books row once they have settled a league bet, else their individual book's. */
export function totalsRow(db: Db, userId: number) {
  return db
    .selectFrom("user_book_stats")
    .selectAll()
    .where("user_id", "=", userId)
    .where("book_id", "in", [ALL_BOOKS, INDIVIDUAL_BOOK])
    .orderBy("book_id")
    .limit(1)
    .executeTakeFirst();
}

export function userBookStats(db: Db, userId: number, bookId: number) {
  return db
    .selectFrom("user_book_stats")
    .selectAll()
    .where("user_id", "=", userId)
    .where("book_id", "=", bookId)
    .executeTakeFirst();
}

/** Names, bot flags and current streaks in a book, for the few players a board shows. */
export function boardPeople(db: Db, bookId: number, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .leftJoin("user_book_stats as b", (join) => join.onRef("b.user_id", "=", "users.id").on("b.book_id", "=", bookId))
    .select(["users.id", "users.username", "users.is_bot", "b.streak_type", "b.streak_count"])
    .where("users.id", "in", userIds)
    .execute();
}

export function bookRows(db: Db, bookId: number, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("user_book_stats")
    .selectAll()
    .where("book_id", "=", bookId)
    .where("user_id", "in", userIds)
    .execute();
}

/** A ranking's row (stats/ranking.ts RankRow). */
const RANK_COLUMNS = [
  "s.user_id as userId",
  "s.settled",
  "s.won",
  "s.lost",
  "s.pushed",
  "s.wagered_cents as wageredCents",
  "s.profit_cents as profitCents",
] as const;

function rankSource(db: Db, week: { season: number; week: number } | null) {
  const base = week
    ? db.selectFrom("user_week_stats as s").where("s.season", "=", week.season).where("s.week", "=", week.week)
    : db.selectFrom("user_book_stats as s");
  return base.select(RANK_COLUMNS).where("s.book_id", "=", INDIVIDUAL_BOOK);
}

/** One page of a board's rows in user-id order (keyset), for building a ranking in steps. */
export function rankRowsPage(
  db: Db,
  week: { season: number; week: number } | null,
  afterUserId: number,
  limit: number,
) {
  return rankSource(db, week)
    .where("s.settled", ">", 0)
    .where("s.user_id", ">", afterUserId)
    .orderBy("s.user_id")
    .limit(limit)
    .execute();
}

/** These players' rows on a board (absent: no settled bets there). */
export function rankRowsOf(db: Db, week: { season: number; week: number } | null, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return rankSource(db, week).where("s.user_id", "in", jsonList(db, userIds)).execute();
}
