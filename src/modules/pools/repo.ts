import { type Insertable, type RawBuilder, sql } from "kysely";
import type { Db } from "../../runtime/index.ts";
import type { PoolPicksTable } from "./table.ts";

/** Every member's picks of one week of a pool. */
export function picksOfWeek(db: Db, leagueId: number, season: number, week: number) {
  return db
    .selectFrom("pool_picks")
    .selectAll()
    .where("league_id", "=", leagueId)
    .where("season", "=", season)
    .where("week", "=", week)
    .orderBy("id")
    .execute();
}

/** Every pick of a pool's season (a survivor pool's: one a member a week). */
export function picksOfSeason(db: Db, leagueId: number, season: number) {
  return db
    .selectFrom("pool_picks")
    .select(["user_id", "week", "game_id", "selection", "odds", "result"])
    .where("league_id", "=", leagueId)
    .where("season", "=", season)
    .execute();
}

/** One member's picks of one week. */
export function memberWeek(db: Db, leagueId: number, userId: number, season: number, week: number) {
  return db
    .selectFrom("pool_picks")
    .selectAll()
    .where("league_id", "=", leagueId)
    .where("user_id", "=", userId)
    .where("season", "=", season)
    .where("week", "=", week)
    .execute();
}

/** The teams a member picked in the season's other weeks (a survivor uses each team once). */
export async function teamsUsed(db: Db, leagueId: number, userId: number, season: number, exceptWeek: number) {
  const rows = await db
    .selectFrom("pool_picks")
    .select("selection")
    .where("league_id", "=", leagueId)
    .where("user_id", "=", userId)
    .where("season", "=", season)
    .where("week", "!=", exceptWeek)
    .execute();
  return new Set(rows.map((r) => r.selection));
}

export async function insertPick(db: Db, row: Insertable<PoolPicksTable>): Promise<void> {
  await db.insertInto("pool_picks").values(row).execute();
}

/** A pick's new side (and price) or points; a pick whose side changed is graded again when its game is final. */
export async function updatePick(
  db: Db,
  id: number,
  changes: Partial<
    Pick<
      Insertable<PoolPicksTable>,
      "selection" | "points" | "odds" | "point" | "worth" | "picked_at" | "auto" | "result" | "score"
    >
  >,
): Promise<void> {
  await db.updateTable("pool_picks").set(changes).where("id", "=", id).execute();
}

export async function deletePicks(db: Db, leagueId: number, userId: number, gameIds: readonly string[]) {
  if (gameIds.length === 0) return;
  await db
    .deleteFrom("pool_picks")
    .where("league_id", "=", leagueId)
    .where("user_id", "=", userId)
    .where("game_id", "in", gameIds)
    .execute();
}

/** The member's sheet row of the week, made when missing; `tiebreaker` is set when given (undefined: left as it is). */
export async function touchSheet(
  db: Db,
  key: { leagueId: number; userId: number; season: number; week: number },
  savedAt: string,
  tiebreaker: number | null | undefined,
): Promise<void> {
  const values = {
    league_id: key.leagueId,
    user_id: key.userId,
    season: key.season,
    week: key.week,
    saved_at: savedAt,
    tiebreaker: tiebreaker ?? null,
  };
  await db
    .insertInto("pool_sheets")
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(["league_id", "user_id", "season", "week"])
        .doUpdateSet(tiebreaker === undefined ? { saved_at: savedAt } : { saved_at: savedAt, tiebreaker }),
    )
    .execute();
}

/** Every member's sheet row of one week. */
export function sheetsOfWeek(db: Db, leagueId: number, season: number, week: number) {
  return db
    .selectFrom("pool_sheets")
    .selectAll()
    .where("league_id", "=", leagueId)
    .where("season", "=", season)
    .where("week", "=", week)
    .execute();
}

/** Each member's graded totals over the season's weeks: a read of one row per member and week. */
export function seasonTotals(db: Db, leagueId: number, season: number) {
  return db
    .selectFrom("pool_sheets")
    .select((eb) => [
      "user_id",
      eb.fn.sum<number>("points").as("points"),
      eb.fn.sum<number>("won").as("won"),
      eb.fn.sum<number>("lost").as("lost"),
      eb.fn.sum<number>("pushes").as("pushes"),
    ])
    .where("league_id", "=", leagueId)
    .where("season", "=", season)
    .groupBy("user_id")
    .execute();
}

/** Whether a pool has any pick (its format and options are fixed from then on). */
export async function hasPicks(db: Db, leagueId: number): Promise<boolean> {
  const row = await db
    .selectFrom("pool_picks")
    .select("id")
    .where("league_id", "=", leagueId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every pool pick on a game, for grading. */
export function picksOfGame(db: Db, gameId: string) {
  return db
    .selectFrom("pool_picks")
    .select(["id", "league_id", "user_id", "season", "week", "selection", "point", "worth", "result"])
    .where("game_id", "=", gameId)
    .execute();
}

/** Games with picks not graded yet (the sweep grades those whose final score has come). */
export async function ungradedGames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("pool_picks").select("game_id").where("result", "is", null).distinct().execute();
  return rows.map((r) => r.game_id);
}

/** Grades picks of a game with one result; a push scores half its worth (integer halves on both engines). */
export async function setResult(db: Db, ids: readonly number[], result: "won" | "lost" | "push"): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("pool_picks")
    .set((eb) => ({
      result,
      score: result === "won" ? eb.ref("worth") : result === "push" ? eb(eb.ref("worth"), "/", 2) : eb.val(0),
    }))
    .where("id", "in", ids)
    .execute();
}

/** A sum over a sheet's own picks (the outer row of `pool_sheets`). */
const overSheetPicks = (aggregate: RawBuilder<unknown>) =>
  sql<number>`(select coalesce(${aggregate}, 0) from pool_picks p where p.league_id = pool_sheets.league_id and p.user_id = pool_sheets.user_id and p.season = pool_sheets.season and p.week = pool_sheets.week)`;
const countOf = (result: "won" | "lost" | "push") =>
  overSheetPicks(sql`sum(case when p.result = ${result} then 1 else 0 end)`);

/** Makes the sheets of these members' week add up again from their graded picks. */
export async function recomputeSheets(
  db: Db,
  leagueId: number,
  userIds: readonly number[],
  season: number,
  week: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable("pool_sheets")
    .set({
      points: overSheetPicks(sql`sum(p.score)`),
      won: countOf("won"),
      lost: countOf("lost"),
      pushes: countOf("push"),
    })
    .where("league_id", "=", leagueId)
    .where("user_id", "in", [...new Set(userIds)])
    .where("season", "=", season)
    .where("week", "=", week)
    .execute();
}
