import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { UserBookStatsTable, UserWeekStatsTable } from "./table.ts";

type Executor = Kysely<Database>;
type Sums = Pick<UserWeekStatsTable, "settled" | "won" | "lost" | "pushed" | "wagered_cents" | "profit_cents">;
export type WeekDelta = UserWeekStatsTable;
export type BookDelta = Pick<UserBookStatsTable, "user_id" | "book_id"> & Sums;

const addSums = <T extends "user_week_stats" | "user_book_stats">(table: T) =>
  (eb: any) => ({
    settled: eb(`${table}.settled`, "+", eb.ref("excluded.settled")),
    won: eb(`${table}.won`, "+", eb.ref("excluded.won")),
    lost: eb(`${table}.lost`, "+", eb.ref("excluded.lost")),
    pushed: eb(`${table}.pushed`, "+", eb.ref("excluded.pushed")),
    wagered_cents: eb(`${table}.wagered_cents`, "+", eb.ref("excluded.wagered_cents")),
    profit_cents: eb(`${table}.profit_cents`, "+", eb.ref("excluded.profit_cents")),
  });

/** Adds (or with negative figures, takes back) settled bets to the weekly aggregates; one statement per batch. */
export function addWeekStats(db: Executor, deltas: WeekDelta[]) {
  if (deltas.length === 0) return Promise.resolve();
  return db
    .insertInto("user_week_stats")
    .values(deltas)
    .onConflict((oc) => oc.columns(["user_id", "book_id", "season", "week"]).doUpdateSet(addSums("user_week_stats")))
    .execute();
}

export function addBookStats(db: Executor, deltas: BookDelta[]) {
  if (deltas.length === 0) return Promise.resolve();
  return db
    .insertInto("user_book_stats")
    .values(deltas)
    .onConflict((oc) => oc.columns(["user_id", "book_id"]).doUpdateSet(addSums("user_book_stats")))
    .execute();
}

export function bookStatsOf(db: Executor, pairs: { userId: number; bookId: number }[]) {
  if (pairs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("user_book_stats")
    .selectAll()
    .where((eb) => eb.or(pairs.map((p) => eb.and([eb("user_id", "=", p.userId), eb("book_id", "=", p.bookId)]))))
    .execute();
}

export function setStreak(db: Executor, userId: number, bookId: number, streak: { streak_type: "win" | "loss" | null; streak_count: number; longest_win_streak: number }) {
  return db.updateTable("user_book_stats").set(streak).where("user_id", "=", userId).where("book_id", "=", bookId).execute();
}

export function userBookStats(db: Executor, userId: number, bookId: number) {
  return db.selectFrom("user_book_stats").selectAll().where("user_id", "=", userId).where("book_id", "=", bookId).executeTakeFirst();
}

/** ROI as SQL, for ranking: profit over wagered (0 when nothing was wagered). */
const roiExpr = (table: string) =>
  sql<number>`case when ${sql.ref(`${table}.wagered_cents`)} = 0 then 0 else cast(${sql.ref(`${table}.profit_cents`)} as real) / ${sql.ref(`${table}.wagered_cents`)} end`;

const RANK_ORDER = (table: string) =>
  sql`${sql.ref(`${table}.profit_cents`)} desc, ${roiExpr(table)} desc, ${sql.ref(`${table}.settled`)} desc`;

export interface BoardRow extends Sums {
  user_id: number;
  username: string;
  is_bot: number;
  rank: number;
  streak_type: "win" | "loss" | null;
  streak_count: number;
}

/**
 * A board's top `limit` rows by rank (units won, then ROI, then bets; ties share a rank), plus the
 * viewer's own row wherever it ranks. Streaks are the players' current ones in that book.
 */
type RankedQuery = ReturnType<typeof rankedOverall> | ReturnType<typeof rankedWeek>;

function rankedWeek(db: Executor, bookId: number, season: number, week: number) {
  return db
    .selectFrom("user_week_stats as s")
    .innerJoin("users", "users.id", "s.user_id")
    .leftJoin("user_book_stats as b", (join) => join.onRef("b.user_id", "=", "s.user_id").onRef("b.book_id", "=", "s.book_id"))
    .select([
      "s.user_id",
      "users.username",
      "users.is_bot",
      "s.settled",
      "s.won",
      "s.lost",
      "s.pushed",
      "s.wagered_cents",
      "s.profit_cents",
      "b.streak_type",
      sql<number>`coalesce(${sql.ref("b.streak_count")}, 0)`.as("streak_count"),
      sql<number>`rank() over (order by ${RANK_ORDER("s")})`.as("rank"),
    ])
    .where("s.book_id", "=", bookId)
    .where("s.season", "=", season)
    .where("s.week", "=", week)
    .where("s.settled", ">", 0);
}

export function weekBoard(db: Executor, bookId: number, season: number, week: number, limit: number, viewerId: number | null): Promise<BoardRow[]> {
  return topAndViewer(db, rankedWeek(db, bookId, season, week), limit, viewerId);
}

function rankedOverall(db: Executor, bookId: number) {
  return db
    .selectFrom("user_book_stats as s")
    .innerJoin("users", "users.id", "s.user_id")
    .select([
      "s.user_id",
      "users.username",
      "users.is_bot",
      "s.settled",
      "s.won",
      "s.lost",
      "s.pushed",
      "s.wagered_cents",
      "s.profit_cents",
      "s.streak_type",
      "s.streak_count",
      sql<number>`rank() over (order by ${RANK_ORDER("s")})`.as("rank"),
    ])
    .where("s.book_id", "=", bookId)
    .where("s.settled", ">", 0);
}

export function overallBoard(db: Executor, bookId: number, limit: number, viewerId: number | null): Promise<BoardRow[]> {
  return topAndViewer(db, rankedOverall(db, bookId), limit, viewerId);
}

/** Rows ranked within `limit` (ties can make that a few more), and the viewer's own row wherever it ranks. */
async function topAndViewer(db: Executor, ranked: RankedQuery, limit: number, viewerId: number | null): Promise<BoardRow[]> {
  const rows = await db
    .with("ranked", () => ranked)
    .selectFrom("ranked")
    .selectAll()
    .where((eb) => (viewerId === null ? eb("rank", "<=", limit) : eb.or([eb("rank", "<=", limit), eb("user_id", "=", viewerId)])))
    // The viewer's row first, so a pile of ties at the cut can never push it out of the answer.
    .orderBy(sql`user_id = ${viewerId ?? -1}`, "desc")
    .orderBy("rank")
    .limit(limit * 2)
    .execute();
  return (rows as BoardRow[]).sort((a, b) => a.rank - b.rank || a.username.localeCompare(b.username));
}
