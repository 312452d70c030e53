/**
 * Messages of the live channel /ws (DESIGN "Access"): JSON objects with a `type` — `odds_update`
 * and `scores_update` (to everyone), `notification` and `bet_settlements` (to one player), `hello` and `pong`.
 */
import type { BetStatus } from "../bets.ts";

/** Spec §3 Settlement message, plus the bet's id: one settled (or re-settled) bet of one player. */
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
  };
};
