import { t } from "elysia";
import { wholeNumber } from "../../http/schema.ts";
import { BOT_TARGET_MAX } from "./service.ts";

export const EnsureBody = t.Object({ count: wholeNumber("count", 1, BOT_TARGET_MAX) }, { additionalProperties: false });

export const BotStats = t.Object({ totalBotUsers: t.Number(), totalBotBets: t.Number() });
export const EnsureResult = t.Object({ message: t.String(), created: t.Number(), total: t.Number() });
export const WeeklyUpdateResult = t.Object({
  message: t.String(),
  placed: t.Number(),
  bots: t.Number(),
  week: t.Number(),
});
