import type { ColumnType, Generated, Selectable } from "kysely";

/**
 * A member's pick in a pool (decision 0072): one per game (a survivor's one a week), priced when it
 * was made — the moneyline, or the spread frozen with its price — and graded when its game is final.
 */
export interface PoolPicksTable {
  id: Generated<number>;
  league_id: number;
  user_id: number;
  season: number;
  week: number;
  game_id: string;
  /** The team picked, as the game names it. */
  selection: string;
  /** A confidence pick's points (1..N); null otherwise. */
  points: number | null;
  /** The American price when picked: the moneyline straight up, the spread's price against it; null without one. */
  odds: number | null;
  /** Against the spread: the team's spread when picked (frozen); null straight up. */
  point: number | null;
  /** What the pick scores when correct, in hundredths of a point (shared/pools.ts `pickWorth`). */
  worth: number;
  picked_at: string;
  /** 1: the automatic survivor pick of a member who forgot. */
  auto: Generated<number>;
  /** Null until its game is final. */
  result: ColumnType<"won" | "lost" | "push" | null, "won" | "lost" | "push" | null | undefined>;
  /** Hundredths of a point scored: worth when won, half when pushed, 0 when lost; null until graded. */
  score: ColumnType<number | null, number | null | undefined>;
}

/** A member's week in a pool: the tiebreaker guess, and the week's graded totals (kept by grading). */
export interface PoolSheetsTable {
  league_id: number;
  user_id: number;
  season: number;
  week: number;
  /** The guessed total points of the week's last game; null when none. */
  tiebreaker: number | null;
  saved_at: string;
  points: Generated<number>;
  won: Generated<number>;
  lost: Generated<number>;
  pushes: Generated<number>;
}

export type PoolPickRow = Selectable<PoolPicksTable>;
export type PoolSheetRow = Selectable<PoolSheetsTable>;
