import type { Generated } from "kysely";

/** Aggregates kept by settlement in the same transaction: boards and stats read these, never all bets. */

export interface UserWeekStatsTable {
  user_id: number;
  book_id: number;
  season: number;
  week: number;
  settled: number;
  won: number;
  lost: number;
  pushed: number;
  wagered_cents: number;
  profit_cents: number;
}

export interface UserBookStatsTable {
  user_id: number;
  /** INDIVIDUAL_BOOK, a league's id, or ALL_BOOKS for the player's totals (shared/bets.ts). */
  book_id: number;
  settled: number;
  won: number;
  lost: number;
  pushed: number;
  wagered_cents: number;
  profit_cents: number;
  streak_type: "win" | "loss" | null;
  streak_count: Generated<number>;
  longest_win_streak: Generated<number>;
}

export interface StatsVersionTable {
  id: number;
  version: number;
}
