import useSWR from "swr";
import type { LeaderboardEntry } from "../../../shared/contract/stats.ts";

export type BoardView = "week" | "overall";

/** Both keys start with "/api/leaderboard", which the live channel refreshes after the viewer's settlements. */
export const boardKey = (view: BoardView, week: number | null): string | null =>
  view === "overall" ? "/api/leaderboard" : week === null ? null : `/api/leaderboard/week/${week}`;

/**
 * A board, ranked. Everyone's settlements move it, and the live channel only tells a player about
 * their own, so each visit refetches (keeping the last answer on screen meanwhile).
 */
export function useLeaderboard(view: BoardView, week: number | null) {
  return useSWR<LeaderboardEntry[]>(boardKey(view, week), { revalidateOnMount: true });
}
