import { requiredGamesForPrize } from "../../../shared/contest.ts";

export const NO_GAMES_TEXT = "No games scheduled for this week";

/**
 * The week's prize requirement in numbers (spec §1): all games but one, none with a single game.
 * The rule itself is the server's (shared/contest.ts), so the page and the winners agree.
 */
export function eligibilityText(week: number, games: number): string {
  if (games === 0) return NO_GAMES_TEXT;
  const required = requiredGamesForPrize(games);
  if (required === 0) return `Week ${week} has 1 game: no minimum number of bets to be eligible.`;
  return `Week ${week} has ${games} games: bet on at least ${required} to be eligible.`;
}
