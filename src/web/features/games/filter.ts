import type { Game } from "../../../shared/contract/games.ts";
import { isLocked } from "../../lib/games.ts";

/** The Filter panel's choices (DESIGN: the spec's dead Filter button narrows the list). */
export interface GameFilter {
  /** Part of a team's name or abbreviation, any case. */
  team: string;
  hideStarted: boolean;
  /** Only open games the player has no bet on (the contest status's "games I haven't bet"). */
  notBet: boolean;
}

export const NO_FILTER: GameFilter = { team: "", hideStarted: false, notBet: false };
/** The games that can still count toward the prize: open, not bet yet. */
export const UNBET_FILTER: GameFilter = { team: "", hideStarted: true, notBet: true };

export function activeFilterCount(filter: GameFilter): number {
  return (filter.team.trim() ? 1 : 0) + (filter.hideStarted ? 1 : 0) + (filter.notBet ? 1 : 0);
}

export function matchesFilter(
  game: Game,
  filter: GameFilter,
  nowMs: number,
  isBet: (gameId: string) => boolean,
): boolean {
  if (filter.hideStarted && isLocked(game, nowMs)) return false;
  if (filter.notBet && isBet(game.id)) return false;
  const text = filter.team.trim().toLowerCase();
  if (!text) return true;
  return [game.homeTeam, game.awayTeam, game.homeAbbr, game.awayAbbr].some((name) => name.toLowerCase().includes(text));
}

/**
 * The week's open games as the list shows them (issue 46 item 4): the ones the player can still bet
 * first, then those under way (locked), each in kick-off order — so on a Sunday afternoon the first
 * price on the screen is one that can be taken.
 */
export function bettableFirst<G extends Pick<Game, "status" | "commenceTime">>(
  games: readonly G[],
  nowMs: number,
): { upcoming: G[]; live: G[] } {
  const upcoming: G[] = [];
  const live: G[] = [];
  for (const game of games) (isLocked(game, nowMs) ? live : upcoming).push(game);
  return { upcoming, live };
}
