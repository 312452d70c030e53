/**
 * Facts about the real NFL that the remote providers share: the 32 teams (ESPN's abbreviations,
 * the names we show) and when a regular season runs.
 */

import { TEAMS } from "./embedded/teams.ts";

export interface NflTeam {
  abbr: string;
  name: string;
}

const BY_ABBR = new Map(TEAMS.map((t) => [t.abbr, { abbr: t.abbr, name: t.name }]));
const BY_NAME = new Map(TEAMS.map((t) => [nameKey(t.name), { abbr: t.abbr, name: t.name }]));
// Other spellings seen in feeds.
for (const [alias, abbr] of [
  ["WAS", "WSH"],
  ["LA", "LAR"],
  ["JAC", "JAX"],
] as const) {
  BY_ABBR.set(alias, BY_ABBR.get(abbr)!);
}

function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The team an abbreviation names, or undefined for anything that is not one of the 32. */
export function teamByAbbr(abbr: string): NflTeam | undefined {
  return BY_ABBR.get(abbr.toUpperCase());
}

/** The team a full name ("Kansas City Chiefs") names, or undefined. */
export function teamByName(name: string): NflTeam | undefined {
  return BY_NAME.get(nameKey(name));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** After week 18 the season's last results can still trickle in; only then does the next season show. */
const RESULTS_GRACE_MS = 3 * DAY_MS;

/** The NFL opens on the Thursday after Labor Day (the first Monday of September); 00:00 UTC that day. */
export function nflOpener(year: number): Date {
  const first = new Date(Date.UTC(year, 8, 1));
  const toMonday = (1 - first.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(year, 8, 1 + toMonday + 3));
}

/** From the opener to the Thursday after week 18: the regular season's games, no preseason, no playoffs. */
export function regularSeasonWindow(year: number): { start: Date; end: Date } {
  const start = nflOpener(year);
  return { start, end: new Date(start.getTime() + 18 * WEEK_MS) };
}

/** The season in progress at `now`, else the next one (DESIGN "Games and odds"). */
export function currentNflSeason(now: Date): number {
  const year = now.getUTCFullYear();
  return now.getTime() < regularSeasonWindow(year - 1).end.getTime() + RESULTS_GRACE_MS ? year - 1 : year;
}
