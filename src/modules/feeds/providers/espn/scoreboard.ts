/**
 * ESPN's public NFL scoreboard (`/apis/site/v2/sports/football/nfl/scoreboard`) read into events.
 * Every field is checked: an event we cannot read fully (unknown team, no kick-off, a side
 * missing) is skipped with a reason, never half-stored.
 */

import type { OddsMarket } from "../../provider.ts";
import { arr, isoTime, num, obj, str } from "../json.ts";
import { teamByAbbr, type NflTeam } from "../nfl.ts";
import { consensusOdds } from "./odds.ts";

export const REGULAR_SEASON = 2;

export interface EspnEvent {
  /** ESPN's event id, e.g. "401671789". */
  id: string;
  season: number;
  week: number;
  home: NflTeam;
  away: NflTeam;
  /** Full UTC ISO. */
  commenceTime: string;
  /** ESPN's state: "pre", "in" or "post". */
  state: string;
  /** ESPN's status name, e.g. STATUS_FINAL, STATUS_POSTPONED. */
  statusName: string;
  /** Over with a final score we can trust. */
  final: boolean;
  homeScore: number | null;
  awayScore: number | null;
  /** Under way (state "in"): where it stands, e.g. "Q3 - 4:12", "Halftime"; null otherwise. */
  liveStatus: string | null;
  /** ESPN's consensus line; empty when it has none. */
  odds: OddsMarket[];
}

export interface ParsedScoreboard {
  events: EspnEvent[];
  /** Why events were left out, for the logs. */
  skipped: string[];
  /** What the events of another season, season type or week were, e.g. "2025 regular season week 12". */
  foreign: string[];
}

/** An event left out: why, and for one of another season or week, which it is. */
export interface SkippedEvent {
  reason: string;
  foreign?: string;
}

// A game that ended is "post" + completed; postponed and cancelled games are "post" too on ESPN.
const NOT_PLAYED = /POSTPONED|CANCELED|CANCELLED|SUSPENDED|FORFEIT/;

function score(value: unknown): number | null {
  const n = num(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= 999 ? n : null;
}

function side(competitors: unknown[], homeAway: "home" | "away") {
  const matches = competitors.map(obj).filter((c) => c?.homeAway === homeAway);
  if (matches.length !== 1) return undefined;
  const competitor = matches[0]!;
  const abbr = str(obj(competitor.team)?.abbreviation);
  const team = abbr ? teamByAbbr(abbr) : undefined;
  return team ? { team, score: score(competitor.score), abbr } : { team: undefined, score: null, abbr };
}

/** ESPN's period and clock of a game under way, in the Games screen's words ("Q3 - 4:12", "OT - 2:05"). */
export function liveStatusText(
  statusName: string,
  period: number | undefined,
  clock: string | undefined,
): string | null {
  if (statusName === "STATUS_HALFTIME") return "Halftime";
  if (period === undefined || !Number.isInteger(period) || period < 1 || period > 9) return null;
  const name = period <= 4 ? `Q${period}` : "OT";
  if (statusName === "STATUS_END_PERIOD") return `End of ${name}`;
  return clock && /^\d{1,2}:\d\d$/.test(clock) ? `${name} - ${clock}` : name;
}

const SEASON_TYPES: Record<number, string> = { 1: "preseason", 2: "regular season", 3: "postseason", 4: "off-season" };

/** One event, or why it cannot be used. */
export function parseEvent(value: unknown, expected: { season: number; week: number }): EspnEvent | SkippedEvent {
  const skip = (reason: string): SkippedEvent => ({ reason });
  const event = obj(value);
  const id = str(event?.id) ?? (typeof event?.id === "number" ? String(event.id) : undefined);
  if (!event || !id || !/^\d{1,20}$/.test(id)) return skip("an event without a usable id");
  const season = num(obj(event.season)?.year) ?? expected.season;
  const seasonType = num(obj(event.season)?.type) ?? REGULAR_SEASON;
  const week = num(obj(event.week)?.number) ?? expected.week;
  // ESPN answers an out-of-range request with another week (or the postseason): not ours.
  if (season !== expected.season || seasonType !== REGULAR_SEASON || week !== expected.week) {
    return {
      reason: `event ${id}: not week ${expected.week} of the ${expected.season} regular season`,
      foreign: `${season} ${SEASON_TYPES[seasonType] ?? `season type ${seasonType}`} week ${week}`,
    };
  }
  const competition = obj(arr(event.competitions)[0]);
  if (!competition) return skip(`event ${id}: no competition`);
  const competitors = arr(competition.competitors);
  const home = side(competitors, "home");
  const away = side(competitors, "away");
  if (!home || !away) return skip(`event ${id}: needs exactly one home and one away team`);
  if (!home.team || !away.team) return skip(`event ${id}: unknown team ${!home.team ? home.abbr : away.abbr}`);
  if (home.team.abbr === away.team.abbr) return skip(`event ${id}: a team cannot play itself`);
  const commenceTime = isoTime(competition.date) ?? isoTime(event.date);
  if (!commenceTime) return skip(`event ${id}: no kick-off time`);
  const statusBlock = obj(competition.status) ?? obj(event.status);
  const status = obj(obj(competition.status)?.type) ?? obj(obj(event.status)?.type) ?? {};
  const state = str(status.state) ?? "pre";
  const statusName = str(status.name) ?? "";
  const ended = state === "post" && status.completed === true && !NOT_PLAYED.test(statusName);
  return {
    id,
    season,
    week,
    home: home.team,
    away: away.team,
    commenceTime,
    state,
    statusName,
    final: ended && home.score !== null && away.score !== null,
    homeScore: home.score,
    awayScore: away.score,
    liveStatus:
      state === "in" ? liveStatusText(statusName, num(statusBlock?.period), str(statusBlock?.displayClock)) : null,
    odds: consensusOdds(arr(competition.odds), home.team, away.team),
  };
}

/** A scoreboard answer for one week of a season. */
export function parseScoreboard(body: unknown, expected: { season: number; week: number }): ParsedScoreboard {
  const root = obj(body);
  if (!root || !Array.isArray(root.events)) throw new TypeError("no events list");
  const events: EspnEvent[] = [];
  const skipped: string[] = [];
  const foreign: string[] = [];
  for (const value of root.events) {
    const parsed = parseEvent(value, expected);
    if ("id" in parsed) {
      events.push(parsed);
      continue;
    }
    skipped.push(parsed.reason);
    if (parsed.foreign && !foreign.includes(parsed.foreign)) foreign.push(parsed.foreign);
  }
  return { events, skipped, foreign };
}
