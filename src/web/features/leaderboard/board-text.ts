/** How a leaderboard row reads: pure text, unit-tested. */

/** Spec §2: the leaderboard's avatar is simply the first 2 letters of the username, uppercased. */
export function boardInitials(username: string): string {
  return username.slice(0, 2).toUpperCase();
}

/** Spec §2's empty texts. */
export const emptyWeekText = (week: number) =>
  `No settled bets for Week ${week} yet. Place your bets and check back after games complete!`;
export const EMPTY_OVERALL_TEXT = "No leaderboard data available yet.";

export const rankedText = (rank: number) => `You are currently ranked #${rank} on the leaderboard.`;
