/** When a league shows its members' picks to each other (decision 0055). Pure: the server and the league form share it. */

export const REVEAL_PICKS = ["kickoff", "week_start", "never"] as const;
export type RevealPicks = (typeof REVEAL_PICKS)[number];
export const DEFAULT_REVEAL_PICKS: RevealPicks = "kickoff";

/** What the league form's select and the league's rules say of each choice. */
export const REVEAL_PICKS_LABELS: Record<RevealPicks, string> = {
  kickoff: "At each game's kick-off",
  week_start: "At the week's first kick-off",
  never: "Never",
};

/** What a pick's reveal depends on: the last kick-off among its games, and the first kick-off of that game's week. */
export interface PickTimes {
  /** A straight pick's game's kick-off; a parlay's last leg's. */
  lastKickoff: string;
  weekFirstKickoff: string;
}

/**
 * Whether the other members may see a pick at `now`: once every game it rides on has kicked off
 * ('kickoff'), once its week's first game has ('week_start'), or never. The feed's query says the same
 * in SQL (betting/league-picks.ts); this is the rule as one reads it.
 */
export function isRevealed(mode: RevealPicks, pick: PickTimes, now: Date): boolean {
  if (mode === "never") return false;
  const at = mode === "kickoff" ? pick.lastKickoff : pick.weekFirstKickoff;
  return Date.parse(at) <= now.getTime();
}

/**
 * A revealed pick may be tailed while its game has not kicked off, and only a straight pick: a tail
 * follows one pick at one price, and a parlay is revealed when its last leg kicks off (decision 0055).
 */
export function isTailable(pick: { isParlay: boolean; lastKickoff: string }, now: Date): boolean {
  return !pick.isParlay && Date.parse(pick.lastKickoff) > now.getTime();
}
