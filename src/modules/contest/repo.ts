import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ContestWeeksTable, ContestWinnersTable } from "./table.ts";

type Executor = Kysely<Database>;

export function findWeek(db: Executor, season: number, week: number) {
  return db
    .selectFrom("contest_weeks")
    .selectAll()
    .where("season", "=", season)
    .where("week", "=", week)
    .executeTakeFirst();
}

export function winnersOf(db: Executor, season: number, week: number) {
  return db
    .selectFrom("contest_winners")
    .selectAll()
    .where("season", "=", season)
    .where("week", "=", week)
    .orderBy("place")
    .orderBy("username")
    .execute();
}

export async function recordWeek(
  db: Executor,
  week: Insertable<ContestWeeksTable>,
  winners: Insertable<ContestWinnersTable>[],
) {
  await db.insertInto("contest_weeks").values(week).execute();
  if (winners.length > 0) await db.insertInto("contest_winners").values(winners).execute();
}
