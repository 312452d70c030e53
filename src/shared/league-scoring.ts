/**
 * A league's scoring settings (issue 28 item 3, decision 0058): what its standings rank by, the
 * tiebreakers in the commissioner's order, worst weeks dropped from the season and a minimum of bets
 * for a week to rank. Shared by the server (validation, ranking) and the league form.
 */

export const SCORINGS = ["units", "roi", "wins"] as const;
export type Scoring = (typeof SCORINGS)[number];

/** "moreBets" is today's last tiebreak (DESIGN "Stats and boards"), kept so existing leagues rank as before. */
export const TIEBREAKERS = ["roi", "winRate", "fewerBets", "moreBets", "earliest", "clv"] as const;
export type Tiebreaker = (typeof TIEBREAKERS)[number];

export interface ScoringSettings {
  scoring: Scoring;
  /** With ROI scoring: settled bets a member needs to be ranked (in a week, and in the season). */
  roiMinBets: number;
  tiebreakers: Tiebreaker[];
  /** Each member's worst weeks left out of the season standings. */
  dropWorstWeeks: number;
  /** Settled bets a member needs in a week to be ranked in that week's standings. */
  minBetsPerWeek: number;
}

/** Every league without its own choice ranks this way: units, then ROI, then more bets (today's rule). */
export const DEFAULT_SCORING: ScoringSettings = {
  scoring: "units",
  roiMinBets: 5,
  tiebreakers: ["roi", "moreBets"],
  dropWorstWeeks: 0,
  minBetsPerWeek: 0,
};

export const SCORING_LIMITS = { roiMinBets: 100, dropWorstWeeks: 17, minBetsPerWeek: 20 } as const;

export const SCORING_LABELS: Record<Scoring, string> = { units: "Units won", roi: "ROI", wins: "Wins" };

export const TIEBREAKER_LABELS: Record<Tiebreaker, string> = {
  roi: "ROI",
  winRate: "Win rate",
  fewerBets: "Fewer bets",
  moreBets: "More bets",
  earliest: "Earliest to reach the total",
  clv: "Closing-line value",
};

/** The first problem with scoring settings, naming the field; null when fine. */
export function scoringProblem(s: ScoringSettings): { field: string; message: string } | null {
  if (new Set(s.tiebreakers).size !== s.tiebreakers.length)
    return { field: "scoring.tiebreakers", message: "scoring.tiebreakers: each tiebreaker may be listed only once" };
  if (s.tiebreakers.includes("fewerBets") && s.tiebreakers.includes("moreBets"))
    return { field: "scoring.tiebreakers", message: "scoring.tiebreakers: choose Fewer bets or More bets, not both" };
  for (const field of ["roiMinBets", "dropWorstWeeks", "minBetsPerWeek"] as const) {
    const value = s[field];
    if (!Number.isInteger(value) || value < 0 || value > SCORING_LIMITS[field])
      return {
        field: `scoring.${field}`,
        message: `scoring.${field}: must be a whole number from 0 to ${SCORING_LIMITS[field]}`,
      };
  }
  return null;
}
