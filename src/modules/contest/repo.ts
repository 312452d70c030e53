import type { Db } from "../../runtime/index.ts";
import type { Insertable } from "kysely";
import type { ContestWeeksTable, ContestWinnersTable } from "./table.ts";

export function findWeek(db: Db, season: number, week: number) {
  return db
    .selectFrom("contest_weeks")
    .selectAll()
    .where("season", "=", season)
    .where("week", "=", week)
    .executeTakeFirst();
}

export function winnersOf(db: Db, season: number, week: number) {
  return db
    .selectFrom("contest_winners")
    .selectAll()
    .where("season", "=", season)
    .where("week", "=", week)
    .orderBy("place")
    .orderBy("username")
    .execute();
}

/** Records a week and its winners; false (writing nothing) when another request recorded the week first. */
export async function recordWeek(
  db: Db,
  week: Insertable<ContestWeeksTable>,
  winners: Insertable<ContestWinnersTable>[],
): Promise<boolean> {
  const result = await db
    .insertInto("contest_weeks")
    .values(week)
    .onConflict((oc) => oc.columns(["season", "week"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  if (winners.length > 0) await db.insertInto("contest_winners").values(winners).execute();
  return true;
}

/** A season's recorded weeks, latest first. */
export function weeksOfSeason(db: Db, season: number) {
  return db.selectFrom("contest_weeks").selectAll().where("season", "=", season).orderBy("week", "desc").execute();
}

/** A season's recorded winners with each player's username as it is now (a rename or a deleted account shows). */
export function winnersOfSeason(db: Db, season: number) {
  return db
    .selectFrom("contest_winners as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select(["w.week", "w.place", "w.tied", "w.user_id", "u.username", "w.profit_cents", "w.wagered_cents"])
    .where("w.season", "=", season)
    .orderBy("w.week", "desc")
    .orderBy("w.place")
    .orderBy("u.username")
    .execute();
}
