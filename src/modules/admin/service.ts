import type { Db } from "../../runtime/index.ts";
import type { ActionItem, AdminGames } from "../../shared/contract/admin.ts";
import { betCountsByGame } from "../betting/service.ts";
import { listGames } from "../games/service.ts";
import { actionNeeded, compareActions } from "./rules.ts";

export { weeklyJobsStatus } from "./weekly-jobs.ts";

/** The admin games screen's figures: the season's action queue and the bets riding on a week's games (one grouped count). */
export async function adminGames(db: Db, now: Date, week: number): Promise<AdminGames> {
  const season = await listGames(db, now);
  const waiting = season.flatMap((game) => {
    const action = actionNeeded(game, now);
    return action ? [{ game, ...action }] : [];
  });
  const weekIds = season.filter((g) => g.week === week).map((g) => g.id);
  const counts = await betCountsByGame(db, [...new Set([...weekIds, ...waiting.map((w) => w.game.id)])]);
  const queue: ActionItem[] = waiting
    .map(({ game, reason, why }) => ({
      gameId: game.id,
      week: game.week,
      awayTeam: game.awayTeam,
      homeTeam: game.homeTeam,
      commenceTime: game.commenceTime,
      reason,
      why,
      bets: counts.get(game.id)?.bets ?? 0,
      players: counts.get(game.id)?.players ?? 0,
    }))
    .sort(compareActions);
  return {
    queue,
    counts: weekIds.flatMap((gameId) => {
      const count = counts.get(gameId);
      return count ? [{ gameId, ...count }] : [];
    }),
  };
}
