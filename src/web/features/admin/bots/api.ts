import useSWR from "swr";
import { apiRequest } from "../../../lib/api.ts";
import { invalidate } from "../../../lib/swr.ts";

/** GET /api/admin/bots/stats (spec §3 Bot stats). */
export interface BotStats {
  totalBotUsers: number;
  totalBotBets: number;
}

export const BOT_STATS_KEY = "/api/admin/bots/stats";

export function useBotStats() {
  return useSWR<BotStats>(BOT_STATS_KEY);
}

const refreshStats = () => invalidate((path) => path === BOT_STATS_KEY);

/** POST /api/admin/bots/ensure: creates the bots missing to reach `count` (idempotent). */
export async function ensureBots(count: number): Promise<{ message: string; created: number; total: number }> {
  const result = await apiRequest<{ message: string; created: number; total: number }>(
    "POST",
    "/api/admin/bots/ensure",
    { count },
  );
  void refreshStats();
  return result;
}

/** POST /api/admin/bots/weekly-update: every bot bets the current week's open games, all but one each. */
export async function runWeeklyUpdate(): Promise<{ message: string; placed: number; bots: number; week: number }> {
  const result = await apiRequest<{ message: string; placed: number; bots: number; week: number }>(
    "POST",
    "/api/admin/bots/weekly-update",
    {},
  );
  void refreshStats();
  return result;
}
