/** The weekly contest's prize rules (spec §1, §9), shown by the browser and applied by the server. */

export const PRIZE_PLACES = 3;
export const PRIZE_DOLLARS = 20;

/** Games a player must bet for the prize: all but one; no requirement with a single game (or none). */
export function requiredGamesForPrize(gamesScheduled: number): number {
  return gamesScheduled <= 1 ? 0 : gamesScheduled - 1;
}
