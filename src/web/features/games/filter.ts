import type { Game } from "../../../shared/contract/games.ts";
import { isLocked } from "../../lib/games.ts";

/** The Filter panel's choices (DESIGN: the spec's dead Filter button narrows the list). */
export interface GameFilter {
  /** Part of a team's name or abbreviation, any case. */
  team: string;
  hideStarted: boolean;
}

export const NO_FILTER: GameFilter = { team: "", hideStarted: false };

export function activeFilterCount(filter: GameFilter): number {
  return (filter.team.trim() ? 1 : 0) + (filter.hideStarted ? 1 : 0);
}

export function matchesFilter(game: Game, filter: GameFilter, nowMs: number): boolean {
  if (filter.hideStarted && isLocked(game, nowMs)) return false;
  const text = filter.team.trim().toLowerCase();
  if (!text) return true;
  return [game.homeTeam, game.awayTeam, game.homeAbbr, game.awayAbbr].some((name) => name.toLowerCase().includes(text));
}
