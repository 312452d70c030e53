import useSWR from "swr";

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
}

/** The signed-in player's bets of one week, for 'YOUR BET' on the cards; none for visitors. */
export function useWeekBets(userId: number | null | undefined, week: number | null) {
  return useSWR<WeekBet[]>(userId && week !== null ? `/api/users/${userId}/bets/week/${week}` : null);
}
