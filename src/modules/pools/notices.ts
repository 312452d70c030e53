/**
 * What pools tell their members (decision 0072): who still needs picks this week and when the next
 * of their games locks (the reminders), and after a game, how many survivors are left and who it
 * knocked out. Read by the push job and the bell; nothing here names a pick that has not locked.
 */
import type { Db } from "../../runtime/index.ts";
import { currentWeek, finalFacts } from "../games/service.ts";
import { type PoolLeague, type PoolMember, poolWeeks, survivorRuns, weekGames } from "./pool.ts";
import * as repo from "./repo.ts";
import { gradePick } from "./rules.ts";
import { lockTime } from "./sheet.ts";

export interface PoolReminder {
  userId: number;
  leagueId: number;
  league: string;
  season: number;
  week: number;
  /** Picks still to make this week. */
  needed: number;
  /** When the first of the games they still need locks. */
  nextLockAt: string;
}

/** The current week's missing picks of these members (all of them without `only`). */
export async function remindersOf(
  db: Db,
  now: Date,
  league: PoolLeague,
  members: readonly PoolMember[],
): Promise<PoolReminder[]> {
  const { season, week } = await currentWeek(db, now);
  if (!(await poolWeeks(db, league, season)).some((w) => w.week === week)) return [];
  const games = await weekGames(db, league, season, week, now);
  const open = games.filter((g) => !g.locked);
  if (open.length === 0) return [];
  const picks = Map.groupBy(await repo.picksOfWeek(db, league.id, season, week), (p) => p.user_id);
  const runs = league.format === "survivor" ? await survivorRuns(db, league, members, season, now) : null;
  return members.flatMap((m) => {
    const own = new Set((picks.get(m.userId) ?? []).map((p) => p.game_id));
    if (runs && (own.size > 0 || runs.get(m.userId)?.alive === false)) return [];
    const missing = runs ? open : open.filter((g) => !own.has(g.game.id));
    if (missing.length === 0) return [];
    return [
      {
        userId: m.userId,
        leagueId: league.id,
        league: league.name,
        season,
        week,
        needed: runs ? 1 : missing.length,
        nextLockAt: lockTime(league, games, missing[0]!),
      },
    ];
  });
}

export interface SurvivorNews {
  leagueId: number;
  league: string;
  gameId: string;
  matchup: string;
  alive: number;
  of: number;
  /** Who this game knocked out. */
  out: { userId: number; username: string }[];
}

/** After a game is final: how many of a survivor pool are left, and whom the game knocked out; null when nobody in the pool picked it. */
export async function survivorNewsOf(
  db: Db,
  now: Date,
  league: PoolLeague,
  members: readonly PoolMember[],
  game: { id: string; season: number; week: number; awayTeam: string; homeTeam: string },
): Promise<SurvivorNews | null> {
  if (league.format !== "survivor") return null;
  const onGame = (await repo.picksOfWeek(db, league.id, game.season, game.week)).filter((p) => p.game_id === game.id);
  if (onGame.length === 0) return null;
  const facts = await finalFacts(db, game.id);
  if (!facts) return null;
  // Graded from the final score itself: the news may be read before the grading reaction has run.
  const runs = await survivorRuns(db, league, members, game.season, now, {
    upToWeek: game.week,
    override: (p) => (p.gameId === game.id ? gradePick({ selection: p.selection, point: null }, facts) : undefined),
  });
  const pickers = new Set(onGame.map((p) => p.user_id));
  return {
    leagueId: league.id,
    league: league.name,
    gameId: game.id,
    matchup: `${game.awayTeam} @ ${game.homeTeam}`,
    alive: [...runs.values()].filter((r) => r.alive).length,
    of: members.length,
    out: members
      .filter((m) => pickers.has(m.userId) && runs.get(m.userId)?.eliminatedWeek === game.week)
      .map((m) => ({ userId: m.userId, username: m.username })),
  };
}
