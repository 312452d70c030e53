import { useEffect } from "react";
import useSWR, { mutate } from "swr";
import type { CurrentWeek, Game } from "../../shared/contract/games.ts";
import { onOddsUpdate } from "./live.ts";

export const CURRENT_WEEK_KEY = "/api/weeks/current";

/** Starts with "/api/games", so the live channel's odds_update refetches it (app/LiveUpdates.tsx). */
export function gamesKey(week: number): string {
  return `/api/games?week=${week}`;
}

export const isGamesKey = (path: string) => path.startsWith("/api/games");

/**
 * The server's advancing current week (spec §4). It can move when games complete, which the
 * live channel announces with odds_update, so that refetches it too.
 */
export function useCurrentWeek() {
  const result = useSWR<CurrentWeek>(CURRENT_WEEK_KEY);
  useEffect(() => onOddsUpdate(() => void mutate(CURRENT_WEEK_KEY)), []);
  return result;
}

/** One week's games in kick-off order (all statuses); nothing is fetched until the week is known. */
export function useWeekGames(week: number | null) {
  return useSWR<Game[]>(week === null ? null : gamesKey(week));
}

/** Spec §4: locked once the start time has passed or the status is no longer upcoming. */
export function isLocked(game: Pick<Game, "status" | "commenceTime">, nowMs: number): boolean {
  return game.status !== "upcoming" || Date.parse(game.commenceTime) <= nowMs;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric" });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** A kick-off in the viewer's time zone: "Sun, Oct 11 · 1:00 PM". */
export function formatKickoff(iso: string): string {
  const date = new Date(iso);
  return `${dayFormat.format(date)} · ${timeFormat.format(date)}`;
}
