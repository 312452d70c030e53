/**
 * A commissioner corrects a member's pick (decision 0072): before its lock or after a mistake, on a
 * game of the week, priced at the line now (or at the close, once its game has started), graded at
 * once when the game is final. The league records it in its history in the same transaction.
 */
import { type Db, transaction } from "../../runtime/index.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import type { PoolPick } from "../../shared/contract/pools.ts";
import { currentSeason } from "../games/service.ts";
import { gradeGameIn } from "./grading.ts";
import { type PoolLeague, toPick, weekGames } from "./pool.ts";
import * as repo from "./repo.ts";
import { planSheet } from "./rules.ts";
import { sheetLock, writePick } from "./sheet.ts";

export interface Correction {
  userId: number;
  gameId: string;
  selection: string;
  /** A confidence pick's points; left out: the pick keeps its own. */
  points?: number | null;
}

/** Sets one pick of a member; `record` writes the league's history entry in the same transaction. */
export async function correctPick(
  db: Db,
  now: Date,
  league: PoolLeague,
  week: number,
  input: Correction,
  record: (trx: Db, what: { matchup: string; season: number }) => Promise<void>,
): Promise<PoolPick> {
  return transaction(db, sheetLock(league.id, input.userId), async (trx) => {
    const season = await currentSeason(trx, now);
    const games = await weekGames(trx, league, season, week, now);
    const game = games.find((g) => g.game.id === input.gameId)?.game;
    if (!game) throw badRequest(`gameId: ${input.gameId} is not a game of week ${week}`, "game_not_in_week");
    const stored = await repo.memberWeek(trx, league.id, input.userId, season, week);
    const before = stored.find((p) => p.game_id === input.gameId);
    const pick = { gameId: input.gameId, selection: input.selection, points: input.points ?? before?.points ?? null };
    // A survivor's week holds one team: the correction takes the place of the week's pick.
    const others = league.format === "survivor" ? [] : stored.filter((p) => p.game_id !== input.gameId);
    const used =
      league.format === "survivor"
        ? await repo.teamsUsed(trx, league.id, input.userId, season, week)
        : new Set<string>();
    const outcome = planSheet(
      league.format,
      week,
      games.map(({ game: g }) => ({ id: g.id, homeTeam: g.homeTeam, awayTeam: g.awayTeam, locked: false })),
      stored.map((p) => ({ gameId: p.game_id, selection: p.selection, points: p.points })),
      [...others.map((p) => ({ gameId: p.game_id, selection: p.selection, points: p.points })), pick],
      used,
    );
    if ("problem" in outcome) throw new AppError(outcome.problem.status, outcome.problem.code, outcome.problem.message);
    await repo.deletePicks(trx, league.id, input.userId, outcome.plan.remove);
    const key = { userId: input.userId, season, week };
    const lines = game.status === "upcoming" ? game.odds : (game.closingOdds ?? game.odds);
    await writePick(trx, now, league, key, game, pick, before, { lines });
    await repo.touchSheet(trx, { leagueId: league.id, ...key }, now.toISOString(), undefined);
    if (game.status === "completed") await gradeGameIn(trx, game.id);
    await record(trx, { matchup: `${game.awayTeam} @ ${game.homeTeam}`, season });
    const row = (await repo.memberWeek(trx, league.id, input.userId, season, week)).find(
      (p) => p.game_id === input.gameId,
    )!;
    return toPick(row);
  });
}
