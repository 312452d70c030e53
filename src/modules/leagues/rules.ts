/** Pure league rules (spec §5 league validation; DESIGN "Betting"). */

/** A league allowing "parlay" takes parlays whose legs' types it allows too. */
export const BET_TYPES = ["spread", "total", "moneyline", "prop", "parlay"] as const;
export type LeagueBetType = (typeof BET_TYPES)[number];
export const DEFAULT_BET_TYPES: LeagueBetType[] = ["spread", "total", "moneyline"];
export const NAME_MAX = 60;

export interface LeagueSettings {
  name: string;
  allowedBetTypes: readonly string[];
  minWagerCents: number | null;
  maxWagerCents: number | null;
  startingBankrollCents: number | null;
  startDate: string | null;
  endDate: string | null;
}

/** The first problem with a league's settings, with the spec's message where it has one; null when fine. */
export function settingsProblem(s: LeagueSettings): { field: string; message: string } | null {
  if (s.name.trim() === "") return { field: "name", message: "League name is required" };
  if (s.name.trim().length > NAME_MAX) return { field: "name", message: `League name must be at most ${NAME_MAX} characters` };
  if (s.allowedBetTypes.length === 0) return { field: "rules.allowedBetTypes", message: "Please select at least one allowed bet type" };
  if (s.minWagerCents !== null && s.maxWagerCents !== null && s.minWagerCents > s.maxWagerCents) {
    return { field: "rules.minWager", message: "Minimum wager must not be above the maximum wager" };
  }
  if (s.startingBankrollCents !== null && (s.startingBankrollCents < 100_00 || s.startingBankrollCents % 100_00 !== 0)) {
    return { field: "startingBankroll", message: "Starting bankroll must be at least 100, in steps of 100" };
  }
  if (s.startDate !== null && s.endDate !== null && s.endDate <= s.startDate) {
    return { field: "endDate", message: "End date must be after start date" };
  }
  return null;
}

/** A league counts as a contest with a starting bankroll or a start or end date (spec §4). */
export function isContest(s: Pick<LeagueSettings, "startingBankrollCents" | "startDate" | "endDate">): boolean {
  return s.startingBankrollCents !== null || s.startDate !== null || s.endDate !== null;
}

/** Why a bet breaks a league's rules (type, wager limits, date window by the game's kick-off); null when it is fine. */
export function leagueBetProblem(s: LeagueSettings, bet: { betType: string; wagerCents: number; commenceTime: string }): string | null {
  if (!s.allowedBetTypes.includes(bet.betType)) return `This league does not allow ${bet.betType} bets`;
  if (s.minWagerCents !== null && bet.wagerCents < s.minWagerCents) return `This league's minimum wager is $${(s.minWagerCents / 100).toFixed(2)}`;
  if (s.maxWagerCents !== null && bet.wagerCents > s.maxWagerCents) return `This league's maximum wager is $${(s.maxWagerCents / 100).toFixed(2)}`;
  const day = bet.commenceTime.slice(0, 10);
  if (s.startDate !== null && day < s.startDate) return `This league only counts games from ${s.startDate}`;
  if (s.endDate !== null && day > s.endDate) return `This league only counts games until ${s.endDate}`;
  return null;
}

/** What a contest league member can still stake: bankroll plus settled profit minus pending stakes. */
export function availableCents(bankrollCents: number, settledProfitCents: number, pendingStakesCents: number): number {
  return bankrollCents + settledProfitCents - pendingStakesCents;
}
