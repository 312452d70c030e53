/** What the server and the browser agree on about the season (spec §4, §5). */

/** A regular season's weeks, numbered 1 to 18. */
export const WEEKS = 18;
