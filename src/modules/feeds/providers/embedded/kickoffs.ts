/**
 * Kick-off times. The NFL schedules in US Eastern time; we store UTC, so each slot is converted
 * with the IANA zone's real rules (EDT until the first Sunday of November, then EST).
 */

import { WEEKS } from "../../../../shared/games.ts";
import { LIVE_WINDOW_MS, seasonStart } from "../../../games/service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type Slot = "thursday" | "early" | "late405" | "late425" | "sunday-night" | "monday";

/** Day after the week's Thursday, and the Eastern wall-clock time. */
export const SLOTS: Readonly<Record<Slot, { day: number; hour: number; minute: number }>> = {
  thursday: { day: 0, hour: 20, minute: 15 },
  early: { day: 3, hour: 13, minute: 0 },
  late405: { day: 3, hour: 16, minute: 5 },
  late425: { day: 3, hour: 16, minute: 25 },
  "sunday-night": { day: 3, hour: 20, minute: 20 },
  monday: { day: 4, hour: 20, minute: 15 },
};

// Building a formatter is slow; one serves every conversion.
const EASTERN = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** Eastern time minus UTC at this instant, in ms (−4 h in summer, −5 h in winter). */
export function easternOffsetMs(utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of EASTERN.formatToParts(new Date(utcMs))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(utcMs / 1000) * 1000;
}

// Kick-offs repeat a handful of wall-clock times on a few dozen days a season; formatting is the
// slow part of generating a schedule, so each conversion is done once per process.
const converted = new Map<number, number>();

/** The UTC instant of an Eastern wall-clock time (month 1–12). */
export function easternToUtc(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let utc = converted.get(wall);
  if (utc === undefined) {
    // Guess with the offset at the wall time read as UTC, then correct with the offset at the
    // guess; two passes settle every time outside the skipped/repeated hour at 2 am (no game then).
    utc = wall - easternOffsetMs(wall);
    utc = wall - easternOffsetMs(utc);
    converted.set(wall, utc);
  }
  return new Date(utc);
}

/** 00:00 UTC on the Thursday that starts week `week` (spec §5). */
export function weekThursday(season: number, week: number): Date {
  return new Date(seasonStart(season).getTime() + 7 * (week - 1) * DAY_MS);
}

export function kickoff(season: number, week: number, slot: Slot): Date {
  const { day, hour, minute } = SLOTS[slot];
  const date = new Date(weekThursday(season, week).getTime() + day * DAY_MS);
  return easternToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute);
}

/** When a season is over: its last game (week 18's Sunday night game) has been played out. */
export function seasonEnd(season: number): Date {
  return new Date(kickoff(season, WEEKS, "sunday-night").getTime() + LIVE_WINDOW_MS);
}

/** The season in progress at `now`, else the next one. */
export function currentSeasonAt(now: Date): number {
  const year = now.getUTCFullYear();
  if (now >= seasonStart(year)) return year;
  return now < seasonEnd(year - 1) ? year - 1 : year;
}
