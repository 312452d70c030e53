/**
 * Messages of the live channel /ws (DESIGN "Access"): JSON objects with a `type` — `odds_update`
 * and `scores_update` (to everyone), `notification` and `bet_settlements` (to one player), `hello` and `pong`.
 */
import type { BetStatus, LegBetType } from "../bets.ts";

/** A pick as settlement messages name it (a single bet's, or a parlay leg's), for the toast's line ("LAC −3.5"). */
export type SettledPick = {
  betType: LegBetType;
  selection: string;
  /** The line of the chosen side, a numeric string ("-3.5"); null for moneylines. */
  point: string | null;
  /** The chosen team's abbreviation ("LAC") for spreads and moneylines; null otherwise. */
  team: string | null;
  /** A prop's player and stat ("passing_yards"); null for the other types. */
  prop: { playerName: string; propType: string } | null;
  /** The pick's grade: for a leg, its own; for a single bet, the bet's. */
  status: BetStatus;
  game: { awayAbbr: string; homeAbbr: string; awayScore: number | null; homeScore: number | null };
};

/**
 * Spec §3 Settlement message, plus the bet's id: one settled (or re-settled) bet of one player.
 * Beyond the spec: `betDetails.pick` (a single bet) or `betDetails.legs` (a parlay, every leg in
 * order); `leg` when one leg of a still-pending parlay was graded (status stays "pending"); and
 * `corrected` when a final score was corrected (a regrade) and changed what had been settled.
 */
export type SettlementMessage = {
  betId: number;
  userId: number;
  status: BetStatus;
  /** The profit as a numeric string ("90.91", "-100.00", "0.00"). */
  result: string | null;
  betDetails: {
    selection: string;
    wagerAmount: string;
    gameInfo: { awayTeam: string; homeTeam: string; awayScore: number; homeScore: number };
    pick?: SettledPick;
    legs?: SettledPick[];
  };
  /** The leg just graded (its index in `betDetails.legs`) and how many legs are still to be graded. */
  leg?: { index: number; legsLeft: number };
  /**
   * What the bet (for a `leg` message: that leg) was before a corrected score, and the corrected
   * game: its score before (null when the event did not say) and after.
   */
  corrected?: {
    status: BetStatus;
    result: string | null;
    game: {
      awayAbbr: string;
      homeAbbr: string;
      before: { awayScore: number; homeScore: number } | null;
      after: { awayScore: number; homeScore: number };
    };
  };
};
