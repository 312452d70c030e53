import { t } from "elysia";
import { wholeNumber } from "../../http/schema.ts";
import { WEEKS } from "../../shared/games.ts";

export const StatsParams = t.Object({ userId: wholeNumber("userId", 1, Number.MAX_SAFE_INTEGER) });
export const WeekParams = t.Object({ week: wholeNumber("week", 1, WEEKS) });
