/**
 * Pools (issue 45, decisions 0072 and 0073): pick'em, confidence and survivor sheets scored from the
 * real lines. The leagues module owns the league (its format, options, members and who may act) and
 * reaches pools only here; pools never read leagues back.
 */
import type { Db } from "../../runtime/index.ts";
import * as repo from "./repo.ts";

export type { PoolLeague, PoolMember } from "./pool.ts";
export { readSheet, saveSheet, type SheetInput } from "./sheet.ts";
export { poolStandings } from "./standings.ts";
export { gradeGame, gradeUngraded } from "./grading.ts";
export { makeAutoPicks } from "./auto-picks.ts";
export { correctPick, type Correction } from "./corrections.ts";
export { remindersOf, survivorNewsOf, type PoolReminder, type SurvivorNews } from "./notices.ts";
export { recordPastPicks, type PastPick } from "./seeding.ts";

/** Whether a pool has any pick yet: from its first pick its format and options are fixed. */
export function hasPoolPicks(db: Db, leagueId: number): Promise<boolean> {
  return repo.hasPicks(db, leagueId);
}
