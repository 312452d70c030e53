import { t } from "elysia";
import { idParam, optionalNullable, idNumber, wholeNumber } from "../../http/schema.ts";
import { WEEKS } from "../../shared/games.ts";
import { ID_MAX } from "../../shared/limits.ts";

export const GamesQuery = t.Object(
  { week: t.Optional(wholeNumber("week", 1, WEEKS)) },
  { additionalProperties: false },
);

export const GameParams = t.Object({ id: idParam });

const PropStat = t.Object(
  {
    propId: idNumber("propId"),
    /** The player's figure; omit with didNotPlay. */
    value: optionalNullable(
      t.Numeric({ minimum: 0, maximum: 10_000, error: "value: must be a number from 0 to 10000" }),
    ),
    didNotPlay: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
);

export const ResolveBody = t.Object(
  {
    homeScore: wholeNumber("homeScore", 0, 999),
    awayScore: wholeNumber("awayScore", 0, 999),
    status: t.Literal("completed", { error: 'must be "completed"' }),
    /** Correct the final score of a completed game (re-settles its bets). */
    regrade: t.Optional(t.Boolean()),
    playerStats: t.Optional(t.Array(PropStat, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type ResolveInput = typeof ResolveBody.static;

/** The most changes one answer of GET /api/games/{id}/lines carries (and its default). */
export const LINES_PAGE_MAX = 1000;

export const LinesQuery = t.Object(
  {
    /** The `next` of the previous answer: changes after that one. */
    after: t.Optional(wholeNumber("after", 0, ID_MAX)),
    limit: t.Optional(wholeNumber("limit", 1, LINES_PAGE_MAX)),
  },
  { additionalProperties: false },
);
