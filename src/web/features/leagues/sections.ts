/**
 * A league's page (issue 44 item 1, decision 0074): one address per section, `/leagues/{id}` its
 * standings and `/leagues/{id}/{section}` the others, so Back, refresh, bookmarks and a shared link land
 * on the section they left. Pure: the route and the server's first screen read addresses alike.
 */
import { intParam } from "../../lib/search-param.ts";
import type { Game } from "../../../shared/contract/games.ts";

export const LEAGUE_SECTIONS = [
  { slug: "standings", label: "Standings" },
  { slug: "week", label: "This week" },
  { slug: "picks", label: "Picks" },
  { slug: "talk", label: "Talk" },
  { slug: "sweat", label: "Sweat" },
  { slug: "recap", label: "Recap" },
  { slug: "members", label: "Members" },
  { slug: "history", label: "History" },
] as const;

export type LeagueSection = (typeof LEAGUE_SECTIONS)[number]["slug"];

/** The route's pattern (wouter's syntax): the section is optional, standings when absent. */
export const LEAGUE_PAGE_PATTERN = "/leagues/:id/:section?";

/** A league's page, or one of its sections: standings live at the league's own address. */
export function leaguePath(id: number, section: LeagueSection = "standings"): string {
  return section === "standings" ? `/leagues/${id}` : `/leagues/${id}/${section}`;
}

/** The league and section an address names, or null when it names none (not a number, an unknown section). */
export function leagueAddress(params: { id?: string; section?: string | undefined }): {
  id: number;
  section: LeagueSection;
} | null {
  const id = intParam(params.id ?? null, 1, Number.MAX_SAFE_INTEGER);
  if (id === null) return null;
  const slug = params.section ?? "standings";
  const section = LEAGUE_SECTIONS.find((s) => s.slug === slug)?.slug;
  return section ? { id, section } : null;
}

/**
 * The week a recap opens on: the current week once all its games are final, else the one before
 * (null in week 1 before its games end). The address's `?week=N` wins.
 */
export function defaultRecapWeek(currentWeek: number, currentGames: readonly Pick<Game, "status">[]): number | null {
  const final = currentGames.length > 0 && currentGames.every((g) => g.status === "completed");
  if (final) return currentWeek;
  return currentWeek > 1 ? currentWeek - 1 : null;
}
