import { keys, useQuery } from "../../lib/queries.ts";

/** The parts of a bet (GET /api/users/{id}/bets/week/{week}) the game cards show. */
export interface WeekBet {
  id: number;
  gameId: string;
  betType: string;
  selection: string;
  odds: string;
  point: string | null;
  units: string;
  potentialWin: string;
  status: "pending" | "won" | "lost" | "push";
  prop: { playerName: string; propType: string } | null;
  league: { name: string } | null;
  isParlay: boolean;
}

/** The signed-in player's bets of one week, for 'YOUR BET' on the cards; none for visitors. */
export function useWeekBets(userId: number | null | undefined, week: number | null) {
  return useQuery<WeekBet[]>(userId && week !== null ? keys.weekBets(userId, week) : null);
}

/** GET /api/users/{id}/coverage/week/{week}: individual games bet against the week's games. */
export interface Coverage {
  week: number;
  gamesScheduled: number;
  gamesBet: number;
  gamesRequired: number;
  eligible: boolean;
}

export function useCoverage(userId: number | null | undefined, week: number | null) {
  return useQuery<Coverage>(userId && week !== null ? keys.coverage(userId, week) : null);
}

/** Spec §3 User stats. */
export interface UserStats {
  roi: number;
  winRate: number;
  totalBets: number;
  totalProfit: string;
  currentStreak: { type: "win" | "loss"; count: number };
}

export function useUserStats(userId: number | null | undefined) {
  return useQuery<UserStats>(userId ? keys.stats(userId) : null);
}

/** The fields of the player's bets the 30-day ROI needs. */
export interface SettledBetFields {
  status: "pending" | "won" | "lost" | "push";
  wagerAmount: string;
  result: string | null;
  settledAt: string | null;
}

export function useAllBets(userId: number | null | undefined) {
  return useQuery<SettledBetFields[]>(userId ? keys.bets(userId) : null);
}
