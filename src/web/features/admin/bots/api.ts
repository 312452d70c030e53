import type { BotStats, EnsureResult, WeeklyUpdateResult } from "../../../../shared/contract/bots.ts";
import { apiRequest } from "../../../lib/api.ts";
import { afterBotsChanged, keys, useQuery } from "../../../lib/queries.ts";

/** GET /api/admin/bots/stats (spec §3 Bot stats). */
export function useBotStats() {
  return useQuery<BotStats>(keys.botStats());
}

/** POST /api/admin/bots/ensure: creates the bots missing to reach `count` (idempotent). */
export async function ensureBots(count: number): Promise<EnsureResult> {
  const result = await apiRequest<EnsureResult>("POST", "/api/admin/bots/ensure", { count });
  void afterBotsChanged();
  return result;
}

/** POST /api/admin/bots/weekly-update: every bot bets the current week's open games, all but one each. */
export async function runWeeklyUpdate(): Promise<WeeklyUpdateResult> {
  const result = await apiRequest<WeeklyUpdateResult>("POST", "/api/admin/bots/weekly-update", {});
  void afterBotsChanged();
  return result;
}
