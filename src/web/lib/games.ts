import { keys, useQuery } from "./queries.ts";
import type { CurrentWeek, Game } from "../../shared/contract/games.ts";
import type { ViewerZone } from "../../shared/viewer-zone.ts";
import { browserZone, dateFormat } from "./viewer-zone.ts";

/**
 * The server's advancing current week (spec §4). It can move when games complete, which the
 * live channel announces with odds_update (afterOddsUpdate refetches it).
 */
export function useCurrentWeek() {
  return useQuery<CurrentWeek>(keys.currentWeek());
}

/** One week's games in kick-off order (all statuses); nothing is fetched until the week is known. */
export function useWeekGames(week: number | null) {
  return useQuery<Game[]>(week === null ? null : keys.games(week));
}

/** Spec §4: locked once the start time has passed or the status is no longer upcoming. */
export function isLocked(game: Pick<Game, "status" | "commenceTime">, nowMs: number): boolean {
  return game.status !== "upcoming" || Date.parse(game.commenceTime) <= nowMs;
}

const DAY: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric" };
// The zone is named: two friends in New York and Denver comparing kick-offs must not disagree silently.
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", timeZoneName: "short" };

/** A kick-off in the viewer's time zone (lib/viewer-zone.ts `useViewerZone`), named: "Sun, Oct 11 · 1:00 PM EDT". */
export function formatKickoff(iso: string, zone: ViewerZone = browserZone()): string {
  const date = new Date(iso);
  return `${dateFormat(zone, DAY).format(date)} · ${dateFormat(zone, TIME).format(date)}`;
}
