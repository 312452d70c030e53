/** Pure rules of the odds feed: how our games follow what a provider says. */

/** How long after our kick-off has passed a provider may still move it later and reopen betting. */
export const KICKOFF_CORRECTION_MS = 60 * 60 * 1000;

/**
 * The kick-off a game not yet completed keeps after a sync, given ours and the provider's latest:
 * betting locks at the latest known kick-off, and corrections are followed both ways.
 * - Ours still ahead: the provider's, earlier or later — even one already past, so betting locks
 *   when the game really starts.
 * - Ours passed: the provider's only when it is later and still ahead (The Odds API's
 *   `commence_time` drifts by minutes; a delayed start), within an hour of ours, and the provider
 *   does not report the game under way; that reopens betting. Otherwise ours stays: a feed's late
 *   glitch never reopens a game under way.
 */
export function followedKickoff(ours: string, theirs: string, now: Date, started = false): string {
  const [o, p, t] = [Date.parse(ours), Date.parse(theirs), now.getTime()];
  if (o > t) return theirs;
  return !started && p > t && t - o <= KICKOFF_CORRECTION_MS ? theirs : ours;
}
