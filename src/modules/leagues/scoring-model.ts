import { t } from "elysia";
import { idNumber, wholeNumber } from "../../http/schema.ts";
import { SCORING_LIMITS, SCORINGS, TIEBREAKERS } from "../../shared/league-scoring.ts";

const literals = <T extends string>(values: readonly T[], error: string) =>
  t.Union(
    values.map((v) => t.Literal(v)),
    { error },
  );

/** A league's scoring settings as Create/Edit League send them (shared/league-scoring.ts); each error names its field. */
export const ScoringBody = t.Object(
  {
    scoring: literals(SCORINGS, `scoring.scoring: must be one of ${SCORINGS.join(", ")}`),
    roiMinBets: wholeNumber("scoring.roiMinBets", 0, SCORING_LIMITS.roiMinBets),
    tiebreakers: t.Array(literals(TIEBREAKERS, `scoring.tiebreakers: each must be one of ${TIEBREAKERS.join(", ")}`), {
      maxItems: TIEBREAKERS.length,
      error: `scoring.tiebreakers: a list of at most ${TIEBREAKERS.length} of ${TIEBREAKERS.join(", ")}`,
    }),
    dropWorstWeeks: wholeNumber("scoring.dropWorstWeeks", 0, SCORING_LIMITS.dropWorstWeeks),
    minBetsPerWeek: wholeNumber("scoring.minBetsPerWeek", 0, SCORING_LIMITS.minBetsPerWeek),
  },
  {
    additionalProperties: false,
    error: "scoring: must be an object of scoring, roiMinBets, tiebreakers, dropWorstWeeks and minBetsPerWeek",
  },
);

/**
 * GET /api/leagues/{id}/standings/{period}: `season`, or a week of the current season (1 to 18). A
 * path segment rather than `?week=`: `/api/leagues/{id}/standings` would be as ambiguous as the
 * spec's own `/api/leagues/join-by-token/{token}` (tests/api/openapi.test.ts).
 */
export const StandingsParams = t.Object({
  id: idNumber("id"),
  period: t.String({ pattern: "^(season|[1-9]|1[0-8])$", error: "period: must be season or a week from 1 to 18" }),
});

/** The week a standings period names; null for the season. */
export const periodWeek = (period: string): number | null => (period === "season" ? null : Number(period));
