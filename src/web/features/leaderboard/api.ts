import type { RecordedWeek } from "../../../shared/contract/contest.ts";
import type { LeaderboardEntry } from "../../../shared/contract/stats.ts";
import { EVERY_VISIT, keys, useQuery } from "../../lib/queries.ts";

export type BoardView = "week" | "overall";

/**
 * A board, ranked. Everyone's settlements move it, and the live channel only tells a player about
 * their own, so each visit refetches, also right after the last fetch (keeping the last answer on
 * screen meanwhile, and after a failed refetch).
 */
export function useLeaderboard(view: BoardView, week: number | null) {
  return useQuery<LeaderboardEntry[]>(keys.leaderboard(view, week), EVERY_VISIT);
}

/** The season's recorded weekly winners, latest week first (written by the operator's `contest winners`). */
export function useRecordedWinners() {
  return useQuery<RecordedWeek[]>(keys.winners());
}
