/** Pure rules of the weekly contest (spec §1, §9). */

/** Games a player must bet for the prize: all but one; no requirement with a single game (or none). */
export function requiredGamesForPrize(gamesScheduled: number): number {
  return gamesScheduled <= 1 ? 0 : gamesScheduled - 1;
}
