/**
 * What pools tell their members, for the push job and the bell (decision 0072): the picks each still
 * needs before the next lock, the survivors left after a game and whom it knocked out, and the
 * corrections a commissioner made to their picks; and the automatic survivor picks, made in time.
 */
import type { Db } from "../../runtime/index.ts";
import { makeAutoPicks, type PoolReminder, remindersOf, type SurvivorNews, survivorNewsOf } from "../pools/service.ts";
import { poolLeagueOf, poolMembers } from "./pool.ts";
import * as repo from "./repo.ts";

/** The current week's missing picks of these players, in every pool they are in. */
export async function poolReminders(db: Db, now: Date, userIds: readonly number[]): Promise<PoolReminder[]> {
  const wanted = new Set(userIds);
  const found: PoolReminder[] = [];
  for (const row of await repo.poolLeagues(db, userIds)) {
    const members = await poolMembers(db, row.id);
    for (const r of await remindersOf(db, now, poolLeagueOf(row), members)) if (wanted.has(r.userId)) found.push(r);
  }
  return found;
}

/** After these final games: each survivor pool's count and whom each game knocked out, with the pool's members. */
export async function survivorNews(
  db: Db,
  now: Date,
  games: readonly { id: string; season: number; week: number; awayTeam: string; homeTeam: string }[],
  userIds: readonly number[] | null = null,
): Promise<(SurvivorNews & { memberIds: number[] })[]> {
  if (games.length === 0) return [];
  const news: (SurvivorNews & { memberIds: number[] })[] = [];
  for (const row of await repo.poolLeagues(db, userIds)) {
    if (row.format !== "survivor") continue;
    const members = await poolMembers(db, row.id);
    for (const game of games) {
      const told = await survivorNewsOf(db, now, poolLeagueOf(row), members, game);
      if (told) news.push({ ...told, memberIds: members.map((m) => m.userId) });
    }
  }
  return news;
}

/** The corrections of a member's pool picks since a time (their notifications tell them). */
export async function poolCorrections(db: Db, userId: number, since: string) {
  return (await repo.correctionsOf(db, userId, since)).map((r) => {
    const details = JSON.parse(r.details) as { week: number; matchup: string };
    return {
      id: r.id,
      at: r.at,
      leagueId: r.league_id,
      league: r.league_name,
      by: r.actor_username,
      week: details.week,
      matchup: details.matchup,
    };
  });
}

/** Makes the automatic survivor picks that are due, in every pool that asks for them; returns how many. */
export async function runPoolAutoPicks(db: Db, now: Date): Promise<number> {
  let made = 0;
  for (const row of await repo.poolLeagues(db, null)) {
    if (row.format !== "survivor") continue;
    const pool = poolLeagueOf(row);
    if (!pool.options.autoPick) continue;
    made += await makeAutoPicks(db, now, pool, await poolMembers(db, row.id));
  }
  return made;
}
