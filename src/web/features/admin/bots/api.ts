import { apiRequest } from "../../../lib/api.ts";
import { afterBotsChanged, keys, useQuery } from "../../../lib/queries.ts";

/** GET /api/admin/bots/stats (spec §3 Bot stats). */
export interface BotStats {
  totalBotUsers: number;
  totalBotBets: number;
}

export function useBotStats() {
  return useQuery<BotStats>(keys.botStats());
}

/** POST /api/admin/bots/ensure: creates the bots missing to reach `count` (idempotent). */
export async function ensureBots(count: number): Promise<{ message: string; created: number; total: number }> {
  const result = await apiRequest<{ message: string; created: number; total: number }>(
    "POST",
    "/api/admin/bots/ensure",
    { count },
  );
  void afterBotsChanged();
  return result;
}

/** POST /api/admin/bots/weekly-update: every bot bets the current week's open games, all but one each. */
export async function runWeeklyUpdate(): Promise<{ message: string; placed: number; bots: number; week: number }> {
  const result = await apiRequest<{ message: string; placed: number; bots: number; week: number }>(
    "POST",
    "/api/admin/bots/weekly-update",
    {},
  );
  void afterBotsChanged();
  return result;
}
