/**
 * The demo season's pools (decision 0072): picks the bots made on weeks already played, priced at the
 * lines their games closed at, as if made the day before; graded by the caller's sweep.
 */
import type { Db } from "../../runtime/index.ts";
import type { Game } from "../../shared/contract/games.ts";
import { pickWorth } from "../../shared/pools.ts";
import type { PoolLeague } from "./pool.ts";
import * as repo from "./repo.ts";
import { pickPrice } from "./rules.ts";

export interface PastPick {
  userId: number;
  game: Game;
  selection: string;
  points: number | null;
  /** Their tiebreaker guess of the week, when the pool has one. */
  tiebreaker?: number | null;
}

/** Records past picks as made a day before their games; picks the game offers no line for are left out. */
export async function recordPastPicks(db: Db, league: PoolLeague, picks: readonly PastPick[]): Promise<number> {
  const against = league.format === "survivor" ? "straight" : league.options.against;
  let recorded = 0;
  await db.transaction().execute(async (trx) => {
    for (const pick of picks) {
      const { game } = pick;
      const price = pickPrice({ ...game, odds: game.closingOdds ?? game.odds }, against, pick.selection);
      if (price === null) continue;
      const pickedAt = new Date(Date.parse(game.commenceTime) - 24 * 60 * 60 * 1000).toISOString();
      await repo.insertPick(trx, {
        league_id: league.id,
        user_id: pick.userId,
        season: game.season,
        week: game.week,
        game_id: game.id,
        selection: pick.selection,
        points: pick.points,
        odds: price.odds,
        point: price.point,
        worth: pickWorth(league.options, pick.points, price.odds),
        picked_at: pickedAt,
      });
      await repo.touchSheet(
        trx,
        { leagueId: league.id, userId: pick.userId, season: game.season, week: game.week },
        pickedAt,
        pick.tiebreaker,
      );
      recorded += 1;
    }
  });
  return recorded;
}
