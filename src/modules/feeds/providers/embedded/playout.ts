/**
 * The generated season's games played out in time: between kick-off and the final (RESULT_DELAY_MS
 * later) a game runs four quarters and a halftime on the clock, its scores coming at the minutes
 * results.ts placed them, so the running score only grows and ends on the final score. Pure: the
 * same game and elapsed time always give the same answer.
 */

import { OVERTIME_MINUTES, REGULATION_MINUTES, type Score, type ScoringPlay } from "./results.ts";

const MINUTE_MS = 60 * 1000;
const QUARTER_MINUTES = REGULATION_MINUTES / 4;
const HALFTIME_MS = 20 * MINUTE_MS;

export interface LiveState {
  homeScore: number;
  awayScore: number;
  /** "Q3 - 4:12", "Halftime", "OT - 2:05", "End of OT". */
  status: string;
}

/** Where the game's clock stands `elapsedMs` after kick-off: a game minute, or halftime. */
function gameClock(elapsedMs: number, durationMs: number, overtime: boolean): { minute: number; halftime: boolean } {
  const overtimeMs = overtime ? OVERTIME_MINUTES * MINUTE_MS : 0;
  const quarterMs = (durationMs - HALFTIME_MS - overtimeMs) / 4;
  const toMinute = (ms: number) => (ms / quarterMs) * QUARTER_MINUTES;
  if (elapsedMs < 2 * quarterMs) return { minute: toMinute(elapsedMs), halftime: false };
  if (elapsedMs < 2 * quarterMs + HALFTIME_MS) return { minute: 2 * QUARTER_MINUTES, halftime: true };
  const secondHalf = elapsedMs - HALFTIME_MS;
  if (secondHalf < 4 * quarterMs) return { minute: toMinute(secondHalf), halftime: false };
  // Overtime runs at the real clock's pace.
  return { minute: REGULATION_MINUTES + (secondHalf - 4 * quarterMs) / MINUTE_MS, halftime: false };
}

function pointsBy(plays: readonly ScoringPlay[], minute: number): number {
  return plays.reduce((sum, play) => (play.minute <= minute ? sum + play.points : sum), 0);
}

/** "4:12": the minutes and seconds left of a period. */
function clockText(minutesLeft: number): string {
  const seconds = Math.max(0, Math.ceil(minutesLeft * 60 - 1e-9));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The game as it stands `elapsedMs` after kick-off, for a game lasting `durationMs` until its final;
 * null before kick-off and once the final is due (results() gives it then).
 */
export function liveState(score: Score, elapsedMs: number, durationMs: number): LiveState | null {
  if (elapsedMs < 0 || elapsedMs >= durationMs) return null;
  const { minute, halftime } = gameClock(elapsedMs, durationMs, score.overtime);
  const homeScore = pointsBy(score.homePlays, minute);
  const awayScore = pointsBy(score.awayPlays, minute);
  return { homeScore, awayScore, status: halftime ? "Halftime" : statusText(minute, homeScore !== awayScore) };
}

function statusText(minute: number, decided: boolean): string {
  if (minute < REGULATION_MINUTES) {
    const quarter = Math.floor(minute / QUARTER_MINUTES) + 1;
    return `Q${quarter} - ${clockText(quarter * QUARTER_MINUTES - minute)}`;
  }
  // Overtime is sudden death: a score ends it, and the clock stops there until the final.
  if (decided) return "End of OT";
  return `OT - ${clockText(REGULATION_MINUTES + OVERTIME_MINUTES - minute)}`;
}
