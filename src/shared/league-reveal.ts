/**
 * When a league shows its members' picks to each other (decision 0056): 'kickoff' once every game a
 * pick rides on has kicked off, 'week_start' at its week's first kick-off, 'never'. The rule itself is
 * the feed's one query (betting/league-picks.ts `revealedPickIds`). Pure: the server and the league form share this.
 */

export const REVEAL_PICKS = ["kickoff", "week_start", "never"] as const;
export type RevealPicks = (typeof REVEAL_PICKS)[number];
export const DEFAULT_REVEAL_PICKS: RevealPicks = "kickoff";

/** What the league form's select and the league's rules say of each choice. */
export const REVEAL_PICKS_LABELS: Record<RevealPicks, string> = {
  kickoff: "At each game's kick-off",
  week_start: "At the week's first kick-off",
  never: "Never",
};

/**
 * A revealed pick may be tailed while its game has not kicked off, and only a straight pick: a tail
 * follows one pick at one price, and a parlay is revealed when its last leg kicks off (decision 0056).
 */
export function isTailable(pick: { isParlay: boolean; lastKickoff: string }, now: Date): boolean {
  return !pick.isParlay && Date.parse(pick.lastKickoff) > now.getTime();
}
