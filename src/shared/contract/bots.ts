/** The admin bots API's answers (spec §3 Bot stats). */
import { Type as t } from "@sinclair/typebox";

export const BotStats = t.Object({ totalBotUsers: t.Number(), totalBotBets: t.Number() });
export type BotStats = typeof BotStats.static;

export const EnsureResult = t.Object({ message: t.String(), created: t.Number(), total: t.Number() });
export type EnsureResult = typeof EnsureResult.static;

export const WeeklyUpdateResult = t.Object({
  message: t.String(),
  placed: t.Number(),
  bots: t.Number(),
  week: t.Number(),
});
export type WeeklyUpdateResult = typeof WeeklyUpdateResult.static;
