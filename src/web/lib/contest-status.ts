import type { Coverage } from "../../shared/contract/betting.ts";
import type { ContestStatusAnswer } from "../../shared/contract/contest.ts";
import { formatKickoff } from "./games.ts";
import { keys, useQuery } from "./queries.ts";

/** The player's coverage of a week with its contest status (one request, shared with the Games screen's panel). */
export function useWeekCoverage(userId: number | null | undefined, week: number | null) {
  return useQuery<Coverage>(userId && week !== null ? keys.coverage(userId, week) : null);
}

/** The Games screen's link to the open games a player has not bet (`/?show=unbet`), and to a week's games. */
export const UNBET_GAMES_HREF = "/?show=unbet";
export const weekGamesHref = (week: number) => `/?week=${week}`;

const games = (n: number) => `${n} ${n === 1 ? "game" : "games"}`;

/** Spec §1's sentence for a week without games. */
export const NO_GAMES_STATUS = "No games scheduled for this week";

/**
 * A contest status in words, the same on Games, the Leaderboard and the Contest page: eligible, how
 * many more of the games still open it takes, or that the week can no longer be covered and when
 * the next one starts. Never asks for more games than remain open.
 */
export function contestStatusText(status: ContestStatusAnswer, kickoff: (iso: string) => string = formatKickoff) {
  const { gamesBet, gamesScheduled, gamesLeft, gamesNeeded, week } = status;
  const counted = `${gamesBet} of ${gamesScheduled} bet`;
  switch (status.state) {
    case "no-games":
      return NO_GAMES_STATUS;
    case "eligible":
      return status.gamesRequired === 0
        ? `Eligible ✓ for the Week ${week} prize: one game this week, no minimum.`
        : `Eligible ✓ for the Week ${week} prize: ${counted}.`;
    case "in-reach":
      return `Not eligible yet: ${counted}, ${games(gamesLeft)} left. Bet ${gamesNeeded} more to qualify for the Week ${week} prize.`;
    case "out-of-reach": {
      const next = status.nextWeek
        ? `Week ${status.nextWeek.week} opens ${kickoff(status.nextWeek.firstKickoff)}.`
        : "It was the season's last week.";
      return `Not eligible: Week ${week} can no longer be covered (${counted}, ${games(gamesLeft)} left). ${next}`;
    }
    case "barred":
      return barredText(status);
  }
}

function barredText(status: ContestStatusAnswer): string {
  if (status.reasons.includes("bot")) return "Bots play on the boards but cannot win prizes.";
  if (status.reasons.includes("site admin")) return "Not eligible: site admins cannot win prizes.";
  const next = status.nextWeek ? ` You can win from Week ${status.nextWeek.week}.` : "";
  return `Not eligible for Week ${status.week}: you joined after its first kick-off.${next}`;
}

/** What the status offers to do next: the open games not bet yet, or the next week's games. */
export function contestStatusAction(status: ContestStatusAnswer): { label: string; week: number | null } | null {
  if (status.state === "in-reach") return { label: `Show the ${games(status.gamesLeft)} I haven't bet`, week: null };
  if (status.state === "out-of-reach" && status.nextWeek)
    return { label: `Bet Week ${status.nextWeek.week} games`, week: status.nextWeek.week };
  return null;
}
