/**
 * Scores from /scores. A final counts only when the feed marks it completed and gives a whole score
 * for each of its two teams, found by name — never by place in the list; a game under way the same.
 */

import { arr, num, obj, str } from "../json.ts";
import { teamByName } from "../nfl.ts";
import type { OddsApiEvent } from "./events.ts";

export interface FinalScore {
  homeScore: number;
  awayScore: number;
}

/** The event's final score, undefined while it is not final, or the reason it cannot be read. */
export function finalScore(event: OddsApiEvent): FinalScore | undefined | string {
  if (event.raw.completed !== true) return undefined;
  return teamScores(event) ?? `event ${event.id}: completed without a whole score for each team`;
}

/**
 * The running score of an event under way (listed with scores, not completed); undefined otherwise
 * or when a team's score cannot be read. The feed gives no clock.
 */
export function runningScore(event: OddsApiEvent): FinalScore | undefined {
  return event.raw.completed === false ? teamScores(event) : undefined;
}

function teamScores(event: OddsApiEvent): FinalScore | undefined {
  const scores = arr(event.raw.scores).map(obj);
  const scoreOf = (abbr: string) => {
    const found = scores.filter((s) => {
      const name = str(s?.name);
      return name !== undefined && teamByName(name)?.abbr === abbr;
    });
    if (found.length !== 1) return undefined;
    const n = num(found[0]!.score);
    return n !== undefined && Number.isInteger(n) && n >= 0 && n <= 999 ? n : undefined;
  };
  const homeScore = scoreOf(event.home.abbr);
  const awayScore = scoreOf(event.away.abbr);
  return homeScore === undefined || awayScore === undefined ? undefined : { homeScore, awayScore };
}
