import { WEEKS } from "../../../shared/games.ts";
import { intParam, useSearch } from "../../lib/search-param.ts";
import type { BoardView } from "./api.ts";

export interface BoardSelection {
  view: BoardView;
  /** The week picked in the week view; null follows the server's current week. */
  pickedWeek: number | null;
  /** 'This Week' is the current week again; Overall keeps the picked week for coming back. */
  setView(view: BoardView): void;
  /** Shows a week's board (switching to the week view). */
  setWeek(week: number): void;
}

/**
 * What the Leaderboard shows: the view (This Week / Overall) and the picked week. They live in the
 * address (`?view=overall`, `?week=N`), so Back, refresh and a shared link keep them; a missing or
 * malformed week follows the current one.
 */
export function useBoardSelection(): BoardSelection {
  const [params, update] = useSearch();
  return {
    view: params.get("view") === "overall" ? "overall" : "week",
    pickedWeek: intParam(params.get("week"), 1, WEEKS),
    setView: (view) => update(view === "overall" ? { view: "overall" } : { view: null, week: null }),
    setWeek: (week) => update({ view: null, week: String(week) }),
  };
}

/** The week on screen: the one picked, never past the current week (weeks not begun have no board). */
export function boardWeek(pickedWeek: number | null, currentWeek: number | null): number | null {
  if (currentWeek === null) return null;
  return pickedWeek === null ? currentWeek : Math.min(Math.max(pickedWeek, 1), currentWeek);
}
