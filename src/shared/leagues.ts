/** League rules the server and the browser's league form share (spec §5 league validation; DESIGN "Betting"). */
import { textProblem } from "./text.ts";

/** A league allowing "parlay" takes parlays whose legs' types it allows too. */
export const BET_TYPES = ["spread", "total", "moneyline", "prop", "parlay"] as const;
export type LeagueBetType = (typeof BET_TYPES)[number];
export const DEFAULT_BET_TYPES: LeagueBetType[] = ["spread", "total", "moneyline"];
export const NAME_MAX = 60;

export interface LeagueSettings {
  name: string;
  description?: string | null;
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
  if (s.name.trim().length > NAME_MAX)
    return { field: "name", message: `League name must be at most ${NAME_MAX} characters` };
  const nameProblem = textProblem("name", s.name);
  if (nameProblem) return { field: "name", message: nameProblem };
  const descriptionProblem = textProblem("description", s.description, { multiline: true });
  if (descriptionProblem) return { field: "description", message: descriptionProblem };
  if (s.allowedBetTypes.length === 0)
    return { field: "rules.allowedBetTypes", message: "Please select at least one allowed bet type" };
  if (s.minWagerCents !== null && s.maxWagerCents !== null && s.minWagerCents > s.maxWagerCents) {
    return { field: "rules.minWager", message: "Minimum wager must not be above the maximum wager" };
  }
  if (
    s.startingBankrollCents !== null &&
    (s.startingBankrollCents < 100_00 || s.startingBankrollCents % 100_00 !== 0)
  ) {
    return { field: "startingBankroll", message: "Starting bankroll must be at least 100, in steps of 100" };
  }
  if (s.startDate !== null && s.endDate !== null && s.endDate <= s.startDate) {
    return { field: "endDate", message: "End date must be after start date" };
  }
  return null;
}

/** What a contest league member can still stake: bankroll plus settled profit minus pending stakes. */
export function availableCents(bankrollCents: number, settledProfitCents: number, pendingStakesCents: number): number {
  return bankrollCents + settledProfitCents - pendingStakesCents;
}

/** A league's rules for the bets placed in its book, as data (the leagues module reads them, betting checks them). */
export type LeagueBetRules = Pick<
  LeagueSettings,
  "allowedBetTypes" | "minWagerCents" | "maxWagerCents" | "startDate" | "endDate"
>;

/** One thing a league's rules look at in a bet: a type it counts as, and the kick-off of the game it is on. */
export interface LeaguePick {
  betType: string;
  commenceTime: string;
}

/**
 * Why a stake on these picks breaks a league's rules (type, wager limits, date window by the game's
 * kick-off), the first pick's problem first; null when they are fine. A single bet is one pick; a
 * parlay is each leg as a "parlay" and as its own type.
 */
export function leagueBetProblem(
  rules: LeagueBetRules,
  wagerCents: number,
  picks: readonly LeaguePick[],
): string | null {
  for (const pick of picks) {
    if (!rules.allowedBetTypes.includes(pick.betType)) return `This league does not allow ${pick.betType} bets`;
    if (rules.minWagerCents !== null && wagerCents < rules.minWagerCents)
      return `This league's minimum wager is $${(rules.minWagerCents / 100).toFixed(2)}`;
    if (rules.maxWagerCents !== null && wagerCents > rules.maxWagerCents)
      return `This league's maximum wager is $${(rules.maxWagerCents / 100).toFixed(2)}`;
    const day = pick.commenceTime.slice(0, 10);
    if (rules.startDate !== null && day < rules.startDate)
      return `This league only counts games from ${rules.startDate}`;
    if (rules.endDate !== null && day > rules.endDate) return `This league only counts games until ${rules.endDate}`;
  }
  return null;
}
