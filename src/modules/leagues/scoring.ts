/** A league's scoring settings in and out of its `scoring` column (JSON; null = the default; decision 0058). */
import { Value } from "@sinclair/typebox/value";
import { AppError } from "../../lib/errors.ts";
import { LeagueScoring } from "../../shared/contract/leagues.ts";
import { DEFAULT_SCORING, type ScoringSettings, scoringProblem } from "../../shared/league-scoring.ts";

/**
 * The stored settings, checked against the schema on read: a column that does not pass (written by
 * hand, or by an older build) ranks by the default rather than failing the league's every answer.
 */
export function scoringOf(column: string | null): ScoringSettings {
  if (column === null) return DEFAULT_SCORING;
  try {
    const parsed: unknown = JSON.parse(column);
    return Value.Check(LeagueScoring, parsed) && scoringProblem(parsed) === null ? parsed : DEFAULT_SCORING;
  } catch {
    return DEFAULT_SCORING;
  }
}

/** The column for settings sent by Create/Edit League (none sent: left as it is); 400 naming the field at fault. */
export function scoringColumn(input: ScoringSettings | undefined): { scoring?: string } {
  if (input === undefined) return {};
  const problem = scoringProblem(input);
  if (problem) throw new AppError(400, "invalid_league", problem.message, {}, { field: problem.field });
  const { scoring, roiMinBets, tiebreakers, dropWorstWeeks, minBetsPerWeek } = input;
  return { scoring: JSON.stringify({ scoring, roiMinBets, tiebreakers, dropWorstWeeks, minBetsPerWeek }) };
}
