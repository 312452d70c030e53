import { t } from "elysia";
import { idNumber, wholeNumber } from "../../http/schema.ts";
import { WEEKS } from "../../shared/games.ts";

export const StatsParams = t.Object({ userId: idNumber("userId") });
export const WeekParams = t.Object({ week: wholeNumber("week", 1, WEEKS) });
