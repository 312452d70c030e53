import type { Generated, Selectable } from "kysely";
import type { BetStatus, BetType, LegBetType } from "../../shared/bets.ts";

export interface BetsTable {
  id: Generated<number>;
  user_id: number;
  game_id: string;
  /** The bet's book (shared/bets.ts): INDIVIDUAL_BOOK, or the league's id. */
  book_id: number;
  /** Copied from the game, so weekly reads need no join. */
  season: number;
  week: number;
  bet_type: BetType;
  selection: string;
  prop_id: number | null;
  /** American odds the server priced the bet at. */
  odds: number;
  point: number | null;
  units: number;
  wager_cents: number;
  potential_win_cents: number;
  confidence: "low" | "medium" | "high";
  note: string | null;
  is_parlay: number;
  status: BetStatus;
  /** Profit once settled: positive won, negative lost, 0 push. */
  result_cents: number | null;
  placed_at: string;
  /** When the price the bet used was published. */
  priced_at: string | null;
  settled_at: string | null;
  /** A parlay's legs, sorted, as one key: the same parlay twice in one book is refused. Null for single bets. */
  parlay_key: string | null;
  /** The league pick this bet tailed (a revealed pick of another member); null for none. */
  tailed_from_bet_id: number | null;
}

export type BetRow = Selectable<BetsTable>;

/** One leg of a parlay: a pick on one game, priced at placement and graded when that game is final. */
export interface BetLegsTable {
  id: Generated<number>;
  bet_id: number;
  /** The leg's place in the parlay, from 0, as the player listed them. */
  leg_index: number;
  game_id: string;
  bet_type: LegBetType;
  selection: string;
  prop_id: number | null;
  odds: number;
  point: number | null;
  status: BetStatus;
}

export type BetLegRow = Selectable<BetLegsTable>;

/** One settlement message as its player was told it (the bell keeps the toast's words, issue 46 item 7). */
export interface SettlementNoticesTable {
  id: Generated<number>;
  user_id: number;
  bet_id: number;
  told_at: string;
  /** JSON: shared/contract/live.ts SettlementMessage. */
  message: string;
}
