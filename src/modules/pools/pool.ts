/**
 * What every pool use-case shares: the pool and its members as the leagues module hands them over,
 * a week's games with their locks, the season's weeks, and the survivors' runs.
 */
import type { Db } from "../../runtime/index.ts";
import type { Game } from "../../shared/contract/games.ts";
import type { PoolPick } from "../../shared/contract/pools.ts";
import type { PoolFormat, PoolOptions } from "../../shared/pools.ts";
import { SCORE_SCALE } from "../../shared/pools.ts";
import { gamesOfWeek, seasonClock } from "../games/service.ts";
import * as repo from "./repo.ts";
import { type PoolWeek, seasonWeeks, weekCounts } from "./rules.ts";
import { type SurvivorStatus, survivorStatus } from "./standings-rules.ts";
import type { PoolPickRow } from "./table.ts";

/** A pool as the leagues module hands it over (it checked the caller may act on it). */
export interface PoolLeague {
  id: number;
  name: string;
  format: PoolFormat;
  options: PoolOptions;
  /** Weeks count from here (the league's start date, or its creation; ISO)… */
  from: string;
  /** …until here (the day after its end date; null: no end). */
  before: string | null;
}

/** A current member, longest-standing first. */
export interface PoolMember {
  userId: number;
  username: string;
  joinedAt: string;
}

/** A week's games in kick-off order, each with whether its picks are locked (at its kick-off, or the week's first). */
export async function weekGames(db: Db, league: PoolLeague, season: number, week: number, now: Date) {
  const games = await gamesOfWeek(db, season, week, now);
  const weekLocked =
    league.options.lock === "week" && games.length > 0 && Date.parse(games[0]!.commenceTime) <= now.getTime();
  return games.map((game) => ({ game, locked: weekLocked || game.status !== "upcoming" }));
}
export type WeekGame = Awaited<ReturnType<typeof weekGames>>[number];

/** The season's weeks that count for the pool. */
export async function poolWeeks(db: Db, league: PoolLeague, season: number): Promise<PoolWeek[]> {
  return seasonWeeks(await seasonClock(db, season), league.options.lock).filter((w) =>
    weekCounts(w, league.from, league.before),
  );
}

/** Each member's survivor run as of `now` (through `upToWeek` when given); `override` grades picks afresh (a game just final). */
export async function survivorRuns(
  db: Db,
  league: PoolLeague,
  members: readonly PoolMember[],
  season: number,
  now: Date,
  opts: {
    upToWeek?: number;
    override?: (pick: {
      userId: number;
      week: number;
      gameId: string;
      selection: string;
    }) => "won" | "lost" | "push" | null | undefined;
  } = {},
): Promise<Map<number, SurvivorStatus>> {
  const weeks = (await poolWeeks(db, league, season)).filter(
    (w) => opts.upToWeek === undefined || w.week <= opts.upToWeek,
  );
  const picks = Map.groupBy(await repo.picksOfSeason(db, league.id, season), (p) => p.user_id);
  const at = now.toISOString();
  return new Map(
    members.map((m) => {
      const own = (picks.get(m.userId) ?? []).map((p) => ({
        week: p.week,
        odds: p.odds,
        result:
          opts.override?.({ userId: m.userId, week: p.week, gameId: p.game_id, selection: p.selection }) ?? p.result,
      }));
      // biome-ignore lint/complexity/useMathMinMax: ISO strings, which compare in time order (Math.max would give NaN)
      const since = m.joinedAt > league.from ? m.joinedAt : league.from;
      const counted = weeks
        .filter((w) => weekCounts(w, since, league.before))
        .map((w) => ({ week: w.week, closed: w.deadline <= at }));
      return [m.userId, survivorStatus(counted, own, league.options)];
    }),
  );
}

/** A stored pick as the API shows it. */
export function toPick(row: PoolPickRow): PoolPick {
  return {
    gameId: row.game_id,
    selection: row.selection,
    points: row.points,
    odds: row.odds,
    point: row.point,
    pickedAt: row.picked_at,
    auto: row.auto === 1,
    result: row.result,
    score: row.score === null ? null : row.score / SCORE_SCALE,
  };
}

/** A game's line for one side now: its moneyline and spread. */
export function sideLine(game: Game, team: string) {
  const outcome = (market: string) =>
    game.odds.find((m) => m.marketType === market)?.outcomes.find((o) => o.name === team);
  return { price: outcome("h2h")?.price ?? null, spread: outcome("spreads")?.point ?? null };
}
