import { useState } from "react";
import type { BoardView } from "./api.ts";

export interface BoardSelection {
  view: BoardView;
  /** The week picked in the week view; null follows the server's current week. */
  pickedWeek: number | null;
  setView(view: BoardView): void;
  setWeek(week: number): void;
}

/**
 * What the Leaderboard shows: the view (This Week / Overall) and the picked week, in one place so
 * moving it into the URL (`?view=…&week=…`) changes this hook alone.
 */
export function useBoardSelection(): BoardSelection {
  const [view, setView] = useState<BoardView>("week");
  const [pickedWeek, setPickedWeek] = useState<number | null>(null);
  return { view, pickedWeek, setView, setWeek: setPickedWeek };
}

/** The week on screen: the one picked, never past the current week (weeks not begun have no board). */
export function boardWeek(pickedWeek: number | null, currentWeek: number | null): number | null {
  if (currentWeek === null) return null;
  return pickedWeek === null ? currentWeek : Math.min(Math.max(pickedWeek, 1), currentWeek);
}
