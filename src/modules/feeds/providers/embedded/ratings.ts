/** Each season's team strengths: the baseline pulled toward average plus seeded noise. */

import { Rng } from "./random.ts";
import { TEAMS } from "./teams.ts";

export interface TeamRating {
  /** Points better than an average team on a neutral field. */
  power: number;
  /** Points this team's games add to an average total. */
  scoring: number;
}

export type SeasonRatings = ReadonlyMap<string, TeamRating>;

/** Home-field advantage in points. */
export const HOME_FIELD = 1.5;

export function seasonRatings(season: number): SeasonRatings {
  const drawn = TEAMS.map((team) => {
    const rng = new Rng(`emb:${season}:rating:${team.abbr}`);
    return {
      abbr: team.abbr,
      power: 0.8 * team.power + rng.normal(0, 2.5),
      scoring: 0.6 * team.scoring + rng.normal(0, 1.2),
    };
  });
  // Centre both so an average team is 0 and an average game's total is the base total.
  const meanPower = drawn.reduce((sum, t) => sum + t.power, 0) / drawn.length;
  const meanScoring = drawn.reduce((sum, t) => sum + t.scoring, 0) / drawn.length;
  return new Map(drawn.map((t) => [t.abbr, { power: t.power - meanPower, scoring: t.scoring - meanScoring }]));
}

export function ratingOf(ratings: SeasonRatings, abbr: string): TeamRating {
  const rating = ratings.get(abbr);
  if (!rating) throw new RangeError(`no rating for ${abbr}`);
  return rating;
}
