import type { LeaderboardEntry } from "../../../shared/contract/stats.ts";

import { keys, useQuery } from "../../lib/queries.ts";

export type { LeaderboardEntry };

export type BoardView = "week" | "overall";

/**
 * A board, ranked. Everyone's settlements move it, and the live channel only tells a player about
 * their own, so each visit refetches (keeping the last answer on screen meanwhile).
 */
export function useLeaderboard(view: BoardView, week: number | null) {
  return useQuery<LeaderboardEntry[]>(keys.leaderboard(view, week), { revalidateOnMount: true });
}
