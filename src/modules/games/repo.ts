import { type Db, jsonRows } from "../../runtime/index.ts";
import type { Insertable, Updateable } from "kysely";
import type { GamePropsTable, GamesTable, LineChangesTable } from "./table.ts";

export function latestSeason(db: Db) {
  return db
    .selectFrom("games")
    .select((eb) => eb.fn.max("season").as("season"))
    .executeTakeFirst();
}

export function findGame(db: Db, id: string) {
  return db.selectFrom("games").selectAll().where("id", "=", id).executeTakeFirst();
}

export function gamesOfSeason(db: Db, season: number, week?: number) {
  let query = db.selectFrom("games").selectAll().where("season", "=", season);
  if (week !== undefined) query = query.where("week", "=", week);
  return query.orderBy("commence_time").orderBy("id").execute();
}

export function propsOfGames(db: Db, gameIds: readonly string[]) {
  if (gameIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("game_props")
    .selectAll()
    .where("game_id", "in", gameIds)
    .orderBy("game_id")
    .orderBy("id")
    .execute();
}

/** Some of a game's props, by id. */
export function propsById(db: Db, gameId: string, propIds: readonly number[]) {
  return db.selectFrom("game_props").selectAll().where("game_id", "=", gameId).where("id", "in", propIds).execute();
}

/** Just what the current-week rule needs, for every game of a season. */
export function weekClockOfSeason(db: Db, season: number) {
  return db
    .selectFrom("games")
    .select(["week", "commence_time", "completed_at"])
    .where("season", "=", season)
    .execute();
}

/** Games whose final score was recorded after `since` and by `until` (ISO times). */
export function completedBetween(db: Db, since: string, until: string) {
  return db
    .selectFrom("games")
    .selectAll()
    .where("completed_at", ">", since)
    .where("completed_at", "<=", until)
    .orderBy("completed_at")
    .orderBy("id")
    .execute();
}

export function insertGames(db: Db, rows: Insertable<GamesTable>[]) {
  return db.insertInto("games").values(rows).execute();
}

export function updateGame(db: Db, id: string, changes: Updateable<GamesTable>) {
  return db.updateTable("games").set(changes).where("id", "=", id).execute();
}

/**
 * A game's new lines, only over the ones the caller read (`previous`, as stored): false when
 * another sync moved them first. PostgreSQL re-checks the condition once a concurrent update of
 * the row commits, so of two syncs racing only one writes (and records the move).
 */
export async function moveLines(db: Db, id: string, previous: string, changes: Updateable<GamesTable>) {
  const result = await db
    .updateTable("games")
    .set(changes)
    .where("id", "=", id)
    .where("odds", "=", previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A game's running score and status, only while it has no final (a final, an admin's above all, stands). */
export function setLiveScore(
  db: Db,
  id: string,
  live: { homeScore: number | null; awayScore: number | null; status: string | null },
) {
  return db
    .updateTable("games")
    .set({ home_score: live.homeScore, away_score: live.awayScore, live_status: live.status })
    .where("id", "=", id)
    .where("completed_at", "is", null)
    .execute();
}

/** Adds new props and moves the lines of known ones; props are never deleted (bets point at them). */
export function upsertProps(db: Db, rows: Insertable<GamePropsTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db
    .insertInto("game_props")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["game_id", "key"]).doUpdateSet((eb) => ({
        line: eb.ref("excluded.line"),
        over_odds: eb.ref("excluded.over_odds"),
        under_odds: eb.ref("excluded.under_odds"),
      })),
    )
    .execute();
}

/** Records a game's closing line: its odds as they stand, and each of its props' line and prices. */
export async function recordClosingLine(db: Db, gameId: string, closingOdds: string) {
  await db.updateTable("games").set({ closing_odds: closingOdds }).where("id", "=", gameId).execute();
  await db
    .updateTable("game_props")
    .set((eb) => ({
      closing_line: eb.ref("line"),
      closing_over_odds: eb.ref("over_odds"),
      closing_under_odds: eb.ref("under_odds"),
    }))
    .where("game_id", "=", gameId)
    .execute();
}

/** A game moved back into the future: its closing line is taken again at the new kick-off. */
export async function clearClosingLine(db: Db, gameId: string) {
  await db.updateTable("games").set({ closing_odds: null }).where("id", "=", gameId).execute();
  await db
    .updateTable("game_props")
    .set({ closing_line: null, closing_over_odds: null, closing_under_odds: null })
    .where("game_id", "=", gameId)
    .execute();
}

/** Completed games of a season with props that have neither a figure nor "did not play". */
export function completedGamesAwaitingStats(db: Db, season: number) {
  return db
    .selectFrom("games")
    .selectAll()
    .where("season", "=", season)
    .where("completed_at", "is not", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("game_props")
          .select("game_props.id")
          .whereRef("game_props.game_id", "=", "games.id")
          .where("game_props.stat_value", "is", null)
          .where("game_props.did_not_play", "=", 0),
      ),
    )
    .orderBy("commence_time", "desc")
    .execute();
}

export function setPropStat(
  db: Db,
  gameId: string,
  propId: number,
  stat: { stat_value: number | null; did_not_play: number },
) {
  return db
    .updateTable("game_props")
    .set(stat)
    .where("game_id", "=", gameId)
    .where("id", "=", propId)
    .executeTakeFirst();
}

/** Props of a finished game with no figure: their player did not play. */
export function markUnreportedPropsDidNotPlay(db: Db, gameId: string) {
  return db
    .updateTable("game_props")
    .set({ did_not_play: 1 })
    .where("game_id", "=", gameId)
    .where("stat_value", "is", null)
    .execute();
}

export async function countGamesOfWeek(db: Db, season: number, week: number): Promise<number> {
  const row = await db
    .selectFrom("games")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("season", "=", season)
    .where("week", "=", week)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const LINE_COLUMNS = ["game_id", "market", "selection", "point", "price", "changed_at", "source"] as const;

/** One constant statement for any number of changes (json-rows.ts): a sync's batch binds one parameter. */
export async function insertLineChanges(db: Db, rows: Insertable<LineChangesTable>[]) {
  if (rows.length === 0) return;
  await db
    .insertInto("line_changes")
    .columns(LINE_COLUMNS)
    .expression(
      jsonRows(
        db,
        "line_changes",
        LINE_COLUMNS,
        rows.map((r) => ({ ...r, point: r.point ?? null })),
      ),
    )
    .execute();
}

/** One game's line changes after the change `afterId`, in the order they were recorded; `limit` of them. */
export function lineChangesOfGame(db: Db, gameId: string, afterId: number, limit: number) {
  return db
    .selectFrom("line_changes")
    .select(["id", "market", "selection", "point", "price", "changed_at", "source"])
    .where("game_id", "=", gameId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export function gameExists(db: Db, id: string) {
  return db.selectFrom("games").select("id").where("id", "=", id).executeTakeFirst();
}

/** A game kicking off after `since` and by `until`, if any. */
export function oneKickoffBetween(db: Db, since: string, until: string) {
  return db
    .selectFrom("games")
    .select("id")
    .where("commence_time", ">", since)
    .where("commence_time", "<=", until)
    .limit(1)
    .executeTakeFirst();
}
