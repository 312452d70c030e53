import type { Db } from "../../runtime/index.ts";
import { individualGameIdsBet } from "../betting/service.ts";
import { playerWeekStatus } from "../contest/service.ts";
import { currentWeek, weekSchedule } from "../games/service.ts";
import * as repo from "./repo.ts";
import { LOCK_LEAD_MS } from "./rules.ts";
import { fromRow } from "./service.ts";

/**
 * Lock reminders: for each subscribed player who can still make the week's prize (contest's
 * `playerWeekStatus` is "in-reach"), when the first of their unbet open games kicks off within the
 * hour — once per kick-off slot, and worthless (dropped) once that slot has kicked off.
 */
export async function planLockReminders(db: Db, now: Date, adminEmails: readonly string[]): Promise<number> {
  const { season, week } = await currentWeek(db, now);
  const schedule = await weekSchedule(db, season, week, now);
  const soon = schedule.filter((g) => g.open && Date.parse(g.commenceTime) - now.getTime() <= LOCK_LEAD_MS);
  if (soon.length === 0) return 0;
  const firstKickoff = soon.map((g) => g.commenceTime).sort()[0]!;
  const users = await repo.allSubscribedUsers(db);
  const prefs = new Map((await repo.preferencesFor(db, users)).map((p) => [p.user_id, fromRow(p)]));
  let queued = 0;
  for (const userId of users) {
    if (!(prefs.get(userId) ?? fromRow(undefined)).kinds.lockReminder) continue;
    const status = await playerWeekStatus(db, now, userId, season, week, adminEmails);
    if (status.state !== "in-reach") continue;
    const bet = new Set(await individualGameIdsBet(db, userId, season, week));
    const locking = soon.filter((g) => !bet.has(g.id));
    if (locking.length === 0) continue;
    const minutes = Math.round((Date.parse(firstKickoff) - now.getTime()) / 60_000);
    const added = await repo.insertPush(db, {
      user_id: userId,
      kind: "lockReminder",
      merge_key: `lock:${season}:${week}:${firstKickoff}`,
      data: JSON.stringify({ kind: "lockReminder", games: locking.length, needed: status.gamesNeeded, minutes }),
      due_at: now.toISOString(),
      stale_at: firstKickoff,
      created_at: now.toISOString(),
    });
    if (added) queued += 1;
  }
  return queued;
}
