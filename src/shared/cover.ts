/**
 * Where a pick stands against a score (pure; the server's settlement and recaps, the browser's live
 * cover status share it): the points by which it covers (positive), misses (negative) or lands
 * exactly (0). Spread: the team's margin plus its points; moneyline: the team's margin; total: the
 * combined score against the line, turned for an Under. Null for a pick no score decides (a prop,
 * a parlay, a team not in the game).
 */
export interface ScoredGame {
  homeTeam: string;
  awayTeam: string;
  homeScore: number;
  awayScore: number;
}

export interface ScoredPick {
  betType: string;
  selection: string;
  point: number | null;
}

export function coverMargin(pick: ScoredPick, game: ScoredGame): number | null {
  const teamMargin = (team: string) =>
    team === game.homeTeam
      ? game.homeScore - game.awayScore
      : team === game.awayTeam
        ? game.awayScore - game.homeScore
        : null;
  switch (pick.betType) {
    case "spread": {
      const margin = teamMargin(pick.selection);
      return margin === null ? null : margin + (pick.point ?? 0);
    }
    case "moneyline":
      return teamMargin(pick.selection);
    case "total": {
      const over = game.homeScore + game.awayScore - (pick.point ?? 0);
      return pick.selection === "Under" ? -over : over;
    }
    default:
      return null;
  }
}
