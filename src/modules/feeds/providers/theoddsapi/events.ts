/**
 * The Odds API's events as our schedule. It has no week numbers: weeks follow spec §5's rule
 * (`weekNumber`), and only games inside the NFL's regular season are kept (no preseason, no
 * playoffs). Teams are named in full; we know them by name, never by their place in a list.
 */

import type { ScheduledGame } from "../../provider.ts";
import { weekNumber } from "../../../games/service.ts";
import { isoTime, obj, str, type Json } from "../json.ts";
import { regularSeasonWindow, teamByName, type NflTeam } from "../nfl.ts";

/** Our game ids for The Odds API's events: "toa-<their id>". */
export const ID_PREFIX = "toa-";

export interface OddsApiEvent {
  id: string;
  home: NflTeam;
  away: NflTeam;
  commenceTime: string;
  raw: Json;
}

/** One event (from /events, /odds or /scores), or the reason it cannot be used. */
export function parseEvent(value: unknown): OddsApiEvent | string {
  const event = obj(value);
  const id = str(event?.id);
  if (!event || !id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return "an event without a usable id";
  const homeName = str(event.home_team);
  const awayName = str(event.away_team);
  const home = homeName ? teamByName(homeName) : undefined;
  const away = awayName ? teamByName(awayName) : undefined;
  if (!home || !away) return `event ${id}: unknown team ${!home ? (homeName ?? "(none)") : (awayName ?? "(none)")}`;
  if (home.abbr === away.abbr) return `event ${id}: a team cannot play itself`;
  const commenceTime = isoTime(event.commence_time);
  if (!commenceTime) return `event ${id}: no kick-off time`;
  return { id, home, away, commenceTime, raw: event };
}

/** Events from a list answer; anything else is an error (the caller keeps its last good list). */
export function parseEvents(body: unknown): { events: OddsApiEvent[]; skipped: string[] } {
  if (!Array.isArray(body)) throw new TypeError("the answer is not a list of events");
  const events: OddsApiEvent[] = [];
  const skipped: string[] = [];
  for (const value of body) {
    const parsed = parseEvent(value);
    if (typeof parsed === "string") skipped.push(parsed);
    else events.push(parsed);
  }
  return { events, skipped };
}

/** The event as a game of `season`, or undefined when it is not a regular-season game of that season. */
export function toScheduled(event: OddsApiEvent, season: number): ScheduledGame | undefined {
  const { start, end } = regularSeasonWindow(season);
  const kickoff = new Date(event.commenceTime);
  if (kickoff < start || kickoff >= end) return undefined;
  return {
    providerId: `${ID_PREFIX}${event.id}`,
    season,
    week: weekNumber(kickoff),
    homeTeam: event.home.name,
    awayTeam: event.away.name,
    homeAbbr: event.home.abbr,
    awayAbbr: event.away.abbr,
    commenceTime: event.commenceTime,
  };
}

/** How far apart two listings of one game may put its kick-off and still be the same game. */
const SAME_GAME_MS = 36 * 60 * 60 * 1000;

/**
 * The event that is this game: ours by id, or another source's (ESPN) by its two teams — in
 * either order, since sources disagree on the home side at neutral sites — and a close kick-off.
 */
export function findEvent(events: readonly OddsApiEvent[], game: ScheduledGame): OddsApiEvent | undefined {
  if (game.providerId.startsWith(ID_PREFIX)) {
    const id = game.providerId.slice(ID_PREFIX.length);
    return events.find((e) => e.id === id);
  }
  const teams = [game.homeAbbr, game.awayAbbr].sort().join("|");
  const kickoff = Date.parse(game.commenceTime);
  return events.find(
    (e) =>
      [e.home.abbr, e.away.abbr].sort().join("|") === teams &&
      Math.abs(Date.parse(e.commenceTime) - kickoff) <= SAME_GAME_MS,
  );
}
