export interface ContestWeeksTable {
  season: number;
  week: number;
  recorded_at: string;
  /** Recorded with --force while games or bets were still unsettled. */
  forced: number;
  /** The week came from the embedded (generated) season, not real games. */
  generated_season: number;
  games_scheduled: number;
}

export interface ContestWinnersTable {
  season: number;
  week: number;
  place: number;
  tied: number;
  user_id: number;
  /** As it was when recorded. */
  username: string;
  profit_cents: number;
  wagered_cents: number;
  settled: number;
  won: number;
  games_bet: number;
  /** Usernames of accounts that look linked (JSON array), or null. */
  linked_to: string | null;
}
