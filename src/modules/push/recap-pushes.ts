import type { Db } from "../../runtime/index.ts";
import { latestFinalWeek, recapsToTell } from "../leagues/service.ts";
import * as repo from "./repo.ts";
import { isRecapMorning } from "./rules.ts";
import { fromRow } from "./service.ts";

/** A week's recap is told in the days after its last game (a Tuesday a week later tells the next one). */
const RECAP_NEWS_MS = 6 * 24 * 60 * 60 * 1000;
/** Held by quiet hours past this, it is no news: dropped. */
const RECAP_STALE_MS = 12 * 60 * 60 * 1000;

/**
 * The Tuesday recap (issue 44 item 7): once a week's games are all final, to each subscribed member of
 * each league that settled a bet that week, on Tuesday from 9 am in their own zone, "Week 3 in Sunday
 * Sharps: pat won (+4.2U)" — once per league and week (its merge key); the league-picks preference,
 * quiet hours and the daily cap apply at delivery. Returns how many pushes were queued.
 */
export async function planRecapPushes(db: Db, now: Date): Promise<number> {
  const users = await repo.allSubscribedUsers(db);
  if (users.length === 0) return 0;
  const prefs = new Map((await repo.preferencesFor(db, users)).map((p) => [p.user_id, fromRow(p)]));
  const due = users.filter((u) => {
    const p = prefs.get(u) ?? fromRow(undefined);
    return p.kinds.leaguePicks && isRecapMorning(now, p.timeZone);
  });
  if (due.length === 0) return 0;
  const week = await latestFinalWeek(db, now, RECAP_NEWS_MS);
  if (week === null) return 0;
  const wanted = new Set(due);
  const mergeKey = (leagueId: number, season: number) => `recap:${leagueId}:${season}:${week}`;
  // Planned every minute of a Tuesday: a league whose members were all told is not worked out again.
  const alreadyTold = new Set(
    (await repo.pushKeysLike(db, due, `recap:%:${week}`)).map((r) => `${r.user_id}|${r.merge_key}`),
  );
  const stillToTell = (leagueId: number, season: number, memberIds: number[]) =>
    memberIds.some((id) => wanted.has(id) && !alreadyTold.has(`${id}|${mergeKey(leagueId, season)}`));
  const at = now.toISOString();
  let queued = 0;
  for (const league of await recapsToTell(db, now, due, week, stillToTell)) {
    const { recap } = league;
    const hit = recap.biggestHit;
    const data = JSON.stringify({
      kind: "leagueRecap",
      league: league.leagueName,
      leagueId: league.leagueId,
      week: recap.week,
      winners: recap.winners.map((w) => w.username),
      unitsWon: recap.winners[0]!.unitsWon,
      biggestHit: hit ? { player: hit.player.username, units: hit.figure } : null,
    });
    for (const userId of league.memberIds) {
      if (!wanted.has(userId)) continue;
      const added = await repo.insertPush(db, {
        user_id: userId,
        kind: "leaguePicks",
        merge_key: mergeKey(league.leagueId, recap.season),
        data,
        due_at: at,
        stale_at: new Date(now.getTime() + RECAP_STALE_MS).toISOString(),
        created_at: at,
      });
      if (added) queued += 1;
    }
  }
  return queued;
}
