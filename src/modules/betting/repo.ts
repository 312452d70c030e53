import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { BetsTable, BetStatus } from "./table.ts";

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

/** A player's bets with what the screens show beside them, newest first. */
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
      "game_props.player_name",
      "game_props.prop_type",
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
  return db.updateTable("bets").set({ status, result_cents: resultCents, settled_at: settledAt }).where("id", "in", ids).execute();
}

export interface WeekStatsDelta {
  user_id: number;
  book_id: number;
  season: number;
  week: number;
  settled: number;
  won: number;
  lost: number;
  pushed: number;
  wagered_cents: number;
  profit_cents: number;
}

/** Adds (or with negative figures, takes back) settled bets to the per-user, per-week aggregates; one statement per batch. */
export function addWeekStats(db: Executor, deltas: WeekStatsDelta[]) {
  if (deltas.length === 0) return Promise.resolve();
  return db
    .insertInto("user_week_stats")
    .values(deltas)
    .onConflict((oc) =>
      oc.columns(["user_id", "book_id", "season", "week"]).doUpdateSet((eb) => ({
        settled: eb("user_week_stats.settled", "+", eb.ref("excluded.settled")),
        won: eb("user_week_stats.won", "+", eb.ref("excluded.won")),
        lost: eb("user_week_stats.lost", "+", eb.ref("excluded.lost")),
        pushed: eb("user_week_stats.pushed", "+", eb.ref("excluded.pushed")),
        wagered_cents: eb("user_week_stats.wagered_cents", "+", eb.ref("excluded.wagered_cents")),
        profit_cents: eb("user_week_stats.profit_cents", "+", eb.ref("excluded.profit_cents")),
      })),
    )
    .execute();
}
