/**
 * How long a week of ESPN's scoreboard stays good enough. A sync asks for all 18 weeks, but only
 * weeks with games about to start, under way or awaiting their final are read again every time;
 * the rest of the season is re-read now and then, so ESPN sees a handful of requests a minute at most.
 */

import type { EspnEvent } from "./scoreboard.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Games from this far back to this far ahead, not yet final, keep their week hot. */
const HOT_BEHIND_MS = 2 * DAY_MS;
const HOT_AHEAD_MS = 36 * HOUR_MS;
/** A week with games in the coming days: lines move, kick-offs get flexed. */
const WARM_AHEAD_MS = 8 * DAY_MS;
export const WARM_MAX_AGE_MS = 10 * 60 * 1000;
export const COLD_MAX_AGE_MS = 6 * HOUR_MS;

/** The most a week's cached answer may age before it is read again (0: read it every sync). */
export function maxAge(events: readonly EspnEvent[], now: Date): number {
  const t = now.getTime();
  let age = COLD_MAX_AGE_MS;
  for (const event of events) {
    if (event.final) continue;
    const kickoff = Date.parse(event.commenceTime);
    if (kickoff >= t - HOT_BEHIND_MS && kickoff <= t + HOT_AHEAD_MS) return 0;
    if (kickoff <= t + WARM_AHEAD_MS) age = WARM_MAX_AGE_MS;
  }
  return age;
}

/**
 * Whether a week fetched at `fetchedAt` (ms) with these events should be read again at `now`. A
 * week ESPN answered with another season's events is read again every ten minutes until it is right.
 */
export function isStale(events: readonly EspnEvent[], fetchedAt: number, now: Date, foreign = false): boolean {
  const age = now.getTime() - fetchedAt;
  return age < 0 || age >= (foreign ? WARM_MAX_AGE_MS : maxAge(events, now));
}
