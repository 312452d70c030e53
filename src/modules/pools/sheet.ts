/**
 * A member's weekly sheet (decision 0072): saved whole under the member's sheet lock, priced by the
 * server from the lines at the moment of each pick; read back with the others' picks only where
 * they have locked (decision 0073).
 */
import { type Db, transaction } from "../../runtime/index.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import type { PoolSheet } from "../../shared/contract/pools.ts";
import { pickWorth, SCORE_SCALE } from "../../shared/pools.ts";
import { currentSeason } from "../games/service.ts";
import {
  type PoolLeague,
  type PoolMember,
  poolWeeks,
  sideLine,
  survivorRuns,
  toPick,
  weekGames,
  type WeekGame,
} from "./pool.ts";
import * as repo from "./repo.ts";
import { pickPrice, planSheet, type SheetPick } from "./rules.ts";
import type { PoolPickRow } from "./table.ts";

export interface SheetInput {
  picks: { gameId: string; selection: string; points?: number | null }[];
  /** The guessed total points of the week's last game; left out: unchanged. */
  tiebreaker?: number | null;
}

/** The sheet lock: one save (or correction, or automatic pick) of a member's picks at a time, in every process. */
export const sheetLock = (leagueId: number, userId: number) => ({
  exclusive: [["pool-sheet", leagueId, userId]] as const,
});

/** The week's last game (by kick-off), whose total points the tiebreaker guesses; null when the pool has none. */
export function tiebreakerGame(league: PoolLeague, games: readonly WeekGame[]): WeekGame | null {
  if (league.format === "survivor" || !league.options.tiebreaker) return null;
  return games.at(-1) ?? null;
}

/** 400 unless the week counts for the pool (picks for a week before it started or after it ended). */
async function assertWeekInPool(db: Db, league: PoolLeague, season: number, week: number): Promise<void> {
  const weeks = await poolWeeks(db, league, season);
  if (weeks.some((w) => w.week === week)) return;
  const first = weeks[0]?.week;
  throw badRequest(
    first === undefined || week < first
      ? `Week ${week} is not in this pool: it starts with week ${first ?? "—"}`
      : `Week ${week} is not in this pool`,
    "week_not_in_pool",
  );
}

/** Writes one pick of the plan, priced now (or kept at its price when only its points changed). */
export async function writePick(
  trx: Db,
  now: Date,
  league: PoolLeague,
  member: { userId: number; season: number; week: number },
  game: WeekGame["game"],
  pick: SheetPick,
  before: PoolPickRow | undefined,
  opts: { auto?: boolean; lines?: WeekGame["game"]["odds"] } = {},
): Promise<void> {
  const against = league.format === "survivor" ? "straight" : league.options.against;
  const sameSide = before !== undefined && before.selection === pick.selection;
  const price = sameSide
    ? { odds: before.odds, point: before.point }
    : pickPrice({ ...game, odds: opts.lines ?? game.odds }, against, pick.selection);
  if (price === null) throw conflict(`${game.awayTeam} @ ${game.homeTeam} has no spread yet: pick it later`, "no_line");
  const worth = pickWorth(league.options, pick.points, price.odds);
  if (before) {
    await repo.updatePick(trx, before.id, {
      selection: pick.selection,
      points: pick.points,
      worth,
      ...(sameSide
        ? {}
        : { odds: price.odds, point: price.point, picked_at: now.toISOString(), auto: opts.auto ? 1 : 0 }),
      result: null,
      score: null,
    });
    return;
  }
  await repo.insertPick(trx, {
    league_id: league.id,
    user_id: member.userId,
    season: member.season,
    week: member.week,
    game_id: game.id,
    selection: pick.selection,
    points: pick.points,
    odds: price.odds,
    point: price.point,
    worth,
    picked_at: now.toISOString(),
    auto: opts.auto ? 1 : 0,
  });
}

const asSheetPick = (p: PoolPickRow): SheetPick => ({ gameId: p.game_id, selection: p.selection, points: p.points });

/**
 * Saves a member's picks for a week of the current season: the open games' picks become the
 * submitted ones, locked ones stay (changing one is 409 `game_locked`); every refusal leaves the
 * sheet as it was. One save per member at a time (the sheet lock), so two at once end as one of them.
 */
export async function saveSheet(
  db: Db,
  now: Date,
  league: PoolLeague,
  members: readonly PoolMember[],
  userId: number,
  week: number,
  input: SheetInput,
): Promise<void> {
  await transaction(db, sheetLock(league.id, userId), async (trx) => {
    const season = await currentSeason(trx, now);
    if (input.picks.length > 0) await assertWeekInPool(trx, league, season, week);
    const games = await weekGames(trx, league, season, week, now);
    const stored = await repo.memberWeek(trx, league.id, userId, season, week);
    const used =
      league.format === "survivor" ? await repo.teamsUsed(trx, league.id, userId, season, week) : new Set<string>();
    if (league.format === "survivor" && input.picks.length > 0) {
      const member = members.find((m) => m.userId === userId);
      const run = member ? (await survivorRuns(trx, league, [member], season, now)).get(userId) : undefined;
      if (run && !run.alive) throw conflict(`You are out of this pool since week ${run.eliminatedWeek}`, "eliminated");
    }
    const outcome = planSheet(
      league.format,
      week,
      games.map(({ game, locked }) => ({ id: game.id, homeTeam: game.homeTeam, awayTeam: game.awayTeam, locked })),
      stored.map(asSheetPick),
      input.picks,
      used,
    );
    if ("problem" in outcome) throw new AppError(outcome.problem.status, outcome.problem.code, outcome.problem.message);
    const byId = new Map(games.map((g) => [g.game.id, g]));
    const storedBy = new Map(stored.map((p) => [p.game_id, p]));
    const key = { userId, season, week };
    await repo.deletePicks(trx, league.id, userId, outcome.plan.remove);
    for (const pick of outcome.plan.write)
      await writePick(trx, now, league, key, byId.get(pick.gameId)!.game, pick, storedBy.get(pick.gameId));
    await saveTiebreaker(trx, now, league, key, games, input.tiebreaker);
  });
}

/** The tiebreaker guess, until its game locks (then only an unchanged one is accepted). */
async function saveTiebreaker(
  trx: Db,
  now: Date,
  league: PoolLeague,
  key: { userId: number; season: number; week: number },
  games: readonly WeekGame[],
  guess: number | null | undefined,
): Promise<void> {
  const game = tiebreakerGame(league, games);
  const sheetKey = { leagueId: league.id, ...key };
  if (guess === undefined || (guess === null && game === null))
    return repo.touchSheet(trx, sheetKey, now.toISOString(), undefined);
  if (game === null) throw badRequest("tiebreaker: this pool has no tiebreaker", "tiebreaker_not_used");
  const before = (await repo.sheetsOfWeek(trx, league.id, key.season, key.week)).find((s) => s.user_id === key.userId);
  if (game.locked && (before?.tiebreaker ?? null) !== guess)
    throw conflict("The tiebreaker locked with its game: it can no longer change", "game_locked");
  await repo.touchSheet(trx, sheetKey, now.toISOString(), guess);
}

/** A week's sheet for `viewerId`: their picks, everyone's count, and the others' picks on locked games only. */
export async function readSheet(
  db: Db,
  now: Date,
  league: PoolLeague,
  members: readonly PoolMember[],
  viewerId: number,
  week: number,
): Promise<PoolSheet> {
  const season = await currentSeason(db, now);
  const games = await weekGames(db, league, season, week, now);
  const locked = new Set(games.filter((g) => g.locked).map((g) => g.game.id));
  const picks = Map.groupBy(await repo.picksOfWeek(db, league.id, season, week), (p) => p.user_id);
  const sheets = new Map((await repo.sheetsOfWeek(db, league.id, season, week)).map((s) => [s.user_id, s]));
  const tiebreak = tiebreakerGame(league, games);
  const mine = picks.get(viewerId) ?? [];
  const runs = league.format === "survivor" ? await survivorRuns(db, league, members, season, now) : null;
  const pickedGames = new Set(mine.map((p) => p.game_id));
  const open = games.filter((g) => !g.locked);
  const you = runs?.get(viewerId);
  const unpicked =
    league.format === "survivor"
      ? mine.length === 0 && (you?.alive ?? true)
        ? open
        : []
      : open.filter((g) => !pickedGames.has(g.game.id));
  return {
    leagueId: league.id,
    name: league.name,
    format: league.format,
    options: league.options,
    season,
    week,
    games: games.map(({ game, locked }) => {
      const away = sideLine(game, game.awayTeam);
      const home = sideLine(game, game.homeTeam);
      return {
        gameId: game.id,
        awayTeam: game.awayTeam,
        homeTeam: game.homeTeam,
        awayAbbr: game.awayAbbr,
        homeAbbr: game.homeAbbr,
        commenceTime: game.commenceTime,
        status: game.status,
        awayScore: game.awayScore,
        homeScore: game.homeScore,
        locked,
        awayPrice: away.price,
        homePrice: home.price,
        awaySpread: away.spread,
        homeSpread: home.spread,
      };
    }),
    picks: mine.map(toPick),
    tiebreaker: sheets.get(viewerId)?.tiebreaker ?? null,
    tiebreakerGameId: tiebreak?.game.id ?? null,
    usedTeams:
      league.format === "survivor" ? [...(await repo.teamsUsed(db, league.id, viewerId, season, week))].sort() : [],
    needed: league.format === "survivor" ? Math.min(1, unpicked.length) : unpicked.length,
    nextLockAt: unpicked.length === 0 ? null : lockTime(league, games, unpicked[0]!),
    survivor:
      runs === null
        ? null
        : {
            alive: [...runs.values()].filter((r) => r.alive).length,
            of: members.length,
            you: { alive: you?.alive ?? true, strikes: you?.strikes ?? 0 },
          },
    members: members.map((m) => {
      const own = picks.get(m.userId) ?? [];
      const self = m.userId === viewerId;
      const guess = sheets.get(m.userId)?.tiebreaker ?? null;
      return {
        userId: m.userId,
        username: m.username,
        picked: own.length,
        picks: own.filter((p) => self || locked.has(p.game_id)).map(toPick),
        tiebreaker: self || tiebreak?.locked ? guess : null,
        points: (sheets.get(m.userId)?.points ?? 0) / SCORE_SCALE,
      };
    }),
  };
}

/** When a game's pick locks: its kick-off, or the week's first when the week locks at once. */
export function lockTime(league: PoolLeague, games: readonly WeekGame[], game: WeekGame): string {
  return league.options.lock === "week" ? games[0]!.game.commenceTime : game.game.commenceTime;
}
