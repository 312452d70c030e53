/**
 * A pool's standings for its season or one week (decision 0072): pick'em and confidence from the
 * sheets' graded totals (one row per member and week), survivor from each member's run.
 */
import type { Db } from "../../runtime/index.ts";
import type { PoolStandings, PoolStandingsRow } from "../../shared/contract/pools.ts";
import { SCORE_SCALE } from "../../shared/pools.ts";
import { currentWeek } from "../games/service.ts";
import { type PoolLeague, type PoolMember, survivorRuns, weekGames } from "./pool.ts";
import * as repo from "./repo.ts";
import { tiebreakerGame } from "./sheet.ts";
import { type PointsRow, rankSeason, rankSurvivors, rankWeek } from "./standings-rules.ts";

const round2 = (x: number) => Math.round(x * 100) / 100;

const BLANK = {
  points: null,
  correct: 0,
  lost: 0,
  pushes: 0,
  alive: null,
  strikes: null,
  eliminatedWeek: null,
  boldness: null,
  tiebreaker: null,
};

/** The standings of the pool's current season (`week` null) or of one of its weeks. */
export async function poolStandings(
  db: Db,
  now: Date,
  league: PoolLeague,
  members: readonly PoolMember[],
  week: number | null,
): Promise<PoolStandings> {
  const { season, week: current } = await currentWeek(db, now);
  const names = new Map(members.map((m) => [m.userId, m.username]));
  const head = {
    format: league.format,
    options: league.options,
    season,
    week,
    currentWeek: current,
    of: members.length,
  };
  if (league.format === "survivor") {
    const runs = await survivorRuns(db, league, members, season, now, week === null ? {} : { upToWeek: week });
    const ranked = rankSurvivors(members.map((m) => ({ userId: m.userId, ...runs.get(m.userId)! })));
    return {
      ...head,
      alive: ranked.filter((r) => r.alive).length,
      tiebreakerTotal: null,
      rows: ranked.map(
        (r): PoolStandingsRow => ({
          ...BLANK,
          rank: r.rank,
          userId: r.userId,
          username: names.get(r.userId) ?? "",
          correct: r.survived,
          alive: r.alive,
          strikes: r.strikes,
          eliminatedWeek: r.eliminatedWeek,
          boldness: round2(r.boldness),
          tiebreak: r.tiebreak,
        }),
      ),
    };
  }
  const totals =
    week === null
      ? (await repo.seasonTotals(db, league.id, season)).map((t) => ({ ...t, tiebreaker: null }))
      : await repo.sheetsOfWeek(db, league.id, season, week);
  const byUser = new Map(totals.map((t) => [t.user_id, t]));
  const games = week === null ? [] : await weekGames(db, league, season, week, now);
  const tiebreak = tiebreakerGame(league, games);
  const total =
    tiebreak?.game.status === "completed" && tiebreak.game.homeScore !== null && tiebreak.game.awayScore !== null
      ? tiebreak.game.homeScore + tiebreak.game.awayScore
      : null;
  const rows: PointsRow[] = members.map((m) => {
    const t = byUser.get(m.userId);
    const guess = t?.tiebreaker ?? null;
    return {
      userId: m.userId,
      points: Number(t?.points ?? 0),
      won: Number(t?.won ?? 0),
      lost: Number(t?.lost ?? 0),
      pushes: Number(t?.pushes ?? 0),
      distance: total === null || guess === null ? null : Math.abs(guess - total),
    };
  });
  const ranked = week === null ? rankSeason(rows) : rankWeek(rows, tiebreak !== null);
  return {
    ...head,
    alive: null,
    tiebreakerTotal: total,
    rows: ranked.map(
      (r): PoolStandingsRow => ({
        ...BLANK,
        rank: r.rank,
        userId: r.userId,
        username: names.get(r.userId) ?? "",
        points: r.points / SCORE_SCALE,
        correct: r.won,
        lost: r.lost,
        pushes: r.pushes,
        tiebreaker: tiebreak?.locked ? (byUser.get(r.userId)?.tiebreaker ?? null) : null,
        tiebreak: r.tiebreak,
      }),
    ),
  };
}
