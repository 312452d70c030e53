import { t } from "elysia";
import { wholeNumber } from "../../http/schema.ts";
import { WEEKS } from "../../shared/games.ts";

export const AdminGamesQuery = t.Object({ week: wholeNumber("week", 1, WEEKS) }, { additionalProperties: false });
