import type { Insertable, Kysely } from "kysely";
import { jsonList } from "../../db/json-rows.ts";
import type { Database } from "../../db/schema.ts";
import { ALL_BOOKS, pairKey } from "../stats/service.ts";
import { INDIVIDUAL_BOOK, type BetsTable, type BetStatus } from "./table.ts";

type Executor = Kysely<Database>;

export function findBetInBook(db: Executor, userId: number, gameId: string, bookId: number) {
  return db
    .selectFrom("bets")
    .selectAll()
    .where("user_id", "=", userId)
    .where("game_id", "=", gameId)
    .where("book_id", "=", bookId)
    .executeTakeFirst();
}

export function findBet(db: Executor, id: number) {
  return db.selectFrom("bets").selectAll().where("id", "=", id).executeTakeFirst();
}

export function deleteBet(db: Executor, id: number) {
  return db.deleteFrom("bets").where("id", "=", id).execute();
}

export async function insertBet(db: Executor, row: Insertable<BetsTable>): Promise<number> {
  const { id } = await db.insertInto("bets").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function updateNote(db: Executor, id: number, note: string | null) {
  return db.updateTable("bets").set({ note }).where("id", "=", id).execute();
}

/** A player's bets with what the screens show beside them (their game's closing line included), newest first. */
export function betsWithDetails(db: Executor, filter: { userId?: number; ids?: number[]; season?: number; week?: number }) {
  let query = db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .leftJoin("game_props", "game_props.id", "bets.prop_id")
    .selectAll("bets")
    .select([
      "games.home_team",
      "games.away_team",
      "games.home_abbr",
      "games.away_abbr",
      "games.commence_time",
      "games.home_score",
      "games.away_score",
      "games.closing_odds",
      "game_props.player_name",
      "game_props.prop_type",
      "game_props.closing_line",
      "game_props.closing_over_odds",
      "game_props.closing_under_odds",
    ]);
  if (filter.userId !== undefined) query = query.where("bets.user_id", "=", filter.userId);
  if (filter.ids !== undefined) query = query.where("bets.id", "in", filter.ids.length ? filter.ids : [-1]);
  if (filter.season !== undefined) query = query.where("bets.season", "=", filter.season);
  if (filter.week !== undefined) query = query.where("bets.week", "=", filter.week);
  return query.orderBy("bets.placed_at", "desc").orderBy("bets.id", "desc").execute();
}

export type BetWithDetails = Awaited<ReturnType<typeof betsWithDetails>>[number];

/** Up to `limit` bets of a game after `afterId`, in id order; `pendingOnly` for the settlement sweep. */
export function betsOfGame(db: Executor, gameId: string, afterId: number, limit: number, pendingOnly: boolean) {
  let query = db.selectFrom("bets").selectAll().where("game_id", "=", gameId).where("id", ">", afterId);
  if (pendingOnly) query = query.where("status", "=", "pending");
  return query.orderBy("id").limit(limit).execute();
}

export function gamesWithPendingBets(db: Executor) {
  return db.selectFrom("bets").select("game_id").distinct().where("status", "=", "pending").execute();
}

/** Gives many bets the same outcome in one statement (a chunk has few distinct outcomes). */
export function setOutcome(db: Executor, ids: number[], status: BetStatus, resultCents: number | null, settledAt: string | null) {
  return db.updateTable("bets").set({ status, result_cents: resultCents, settled_at: settledAt }).where("id", "in", jsonList(ids)).execute();
}

/**
 * Every settled outcome of these players' books, oldest first (book ALL_BOOKS = all their books):
 * what a regrade rebuilds streaks from.
 */
export async function settledOutcomes(db: Executor, pairs: { userId: number; bookId: number }[]) {
  const users = [...new Set(pairs.map((p) => p.userId))];
  const rows = users.length
    ? await db
        .selectFrom("bets")
        .select(["user_id", "book_id", "status"])
        .where("user_id", "in", users)
        .where("status", "!=", "pending")
        .orderBy("settled_at")
        .orderBy("id")
        .execute()
    : [];
  const outcomes = new Map<string, ("won" | "lost" | "push")[]>();
  for (const row of rows) {
    for (const bookId of [row.book_id, ALL_BOOKS]) {
      const key = pairKey({ userId: row.user_id, bookId });
      const list = outcomes.get(key) ?? [];
      list.push(row.status as "won" | "lost" | "push");
      outcomes.set(key, list);
    }
  }
  return outcomes;
}

/** How many different games a player has an individual bet on in a week. */
export async function individualGamesBet(db: Executor, userId: number, season: number, week: number): Promise<number> {
  const row = await db
    .selectFrom("bets")
    .select((eb) => eb.fn.count<number>("game_id").distinct().as("n"))
    .where("user_id", "=", userId)
    .where("season", "=", season)
    .where("week", "=", week)
    .where("book_id", "=", INDIVIDUAL_BOOK)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countBetsOf(db: Executor, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await db.selectFrom("bets").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "in", userIds).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertBets(db: Executor, rows: Insertable<BetsTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto("bets").values(rows).onConflict((oc) => oc.doNothing()).execute();
}

export function individualGamesBetByUsers(db: Executor, userIds: number[], season: number, week: number) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bets")
    .select(["user_id", (eb) => eb.fn.count<number>("game_id").distinct().as("n")])
    .where("user_id", "in", userIds)
    .where("season", "=", season)
    .where("week", "=", week)
    .where("book_id", "=", INDIVIDUAL_BOOK)
    .groupBy("user_id")
    .execute();
}

export async function pendingBetsInWeek(db: Executor, season: number, week: number): Promise<number> {
  const row = await db
    .selectFrom("bets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("season", "=", season)
    .where("week", "=", week)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stakes of a player's pending bets in one book, in cents. */
export async function pendingStakesCents(db: Executor, userId: number, bookId: number): Promise<number> {
  const row = await db
    .selectFrom("bets")
    .select((eb) => eb.fn.sum<number>("wager_cents").as("n"))
    .where("user_id", "=", userId)
    .where("book_id", "=", bookId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A player's bets settled since a time, newest first, with their games. */
export function settledSince(db: Executor, userId: number, since: string, limit: number) {
  return db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .select(["bets.id", "bets.selection", "bets.status", "bets.result_cents", "bets.settled_at", "games.away_team", "games.home_team"])
    .where("bets.user_id", "=", userId)
    .where("bets.status", "!=", "pending")
    .where("bets.settled_at", ">=", since)
    .orderBy("bets.settled_at", "desc")
    .orderBy("bets.id", "desc")
    .limit(limit)
    .execute();
}
