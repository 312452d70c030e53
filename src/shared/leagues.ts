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

/** Why a league refuses a pick whatever its stake (its type, its game's kick-off day); null when fine. */
export function leaguePickProblem(rules: LeagueBetRules, pick: LeaguePick): string | null {
  return typeProblem(rules, pick) ?? dateProblem(rules, pick);
}

/** Why a league refuses a stake of this many cents (its min/max wager); null when fine. */
export function leagueStakeProblem(rules: LeagueBetRules, wagerCents: number): string | null {
  if (rules.minWagerCents !== null && wagerCents < rules.minWagerCents)
    return `This league's minimum wager is $${(rules.minWagerCents / 100).toFixed(2)}`;
  if (rules.maxWagerCents !== null && wagerCents > rules.maxWagerCents)
    return `This league's maximum wager is $${(rules.maxWagerCents / 100).toFixed(2)}`;
  return null;
}

function typeProblem(rules: LeagueBetRules, pick: LeaguePick): string | null {
  return rules.allowedBetTypes.includes(pick.betType) ? null : `This league does not allow ${pick.betType} bets`;
}

function dateProblem(rules: LeagueBetRules, pick: LeaguePick): string | null {
  const day = pick.commenceTime.slice(0, 10);
  if (rules.startDate !== null && day < rules.startDate) return `This league only counts games from ${rules.startDate}`;
  if (rules.endDate !== null && day > rules.endDate) return `This league only counts games until ${rules.endDate}`;
  return null;
}

/**
 * Why a stake on these picks breaks a league's rules (type, wager limits, date window by the game's
 * kick-off), the first pick's problem first; null when they are fine. A single bet is one pick; a
 * parlay is each leg as a "parlay" and as its own type. The slip greys out what this refuses
 * (features/bet-slip/league-limits.ts) before the server refuses it.
 */
export function leagueBetProblem(
  rules: LeagueBetRules,
  wagerCents: number,
  picks: readonly LeaguePick[],
): string | null {
  for (const pick of picks) {
    const problem = typeProblem(rules, pick) ?? leagueStakeProblem(rules, wagerCents) ?? dateProblem(rules, pick);
    if (problem) return problem;
  }
  return null;
}

/**
 * A league with its own starting bankroll keeps its own book, and its standings rank that book only;
 * any other league ranks its members' individual bets that fit its rules (DESIGN "Betting", decision 0052).
 */
export const keepsOwnBook = (league: { startingBankrollCents: number | null }): boolean =>
  league.startingBankrollCents !== null;

/**
 * The kick-offs a league without its own book counts, as ISO-8601 bounds: from its start date, or
 * from its creation when it has none (so a new league starts level); before the day after its end
 * date, or unbounded. Kick-offs compare as text, as leagueBetProblem compares their UTC day.
 */
export function countedKickoffs(
  league: Pick<LeagueSettings, "startDate" | "endDate">,
  createdAt: string,
): { from: string; before: string | null } {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: league.startDate ?? createdAt, before: league.endDate === null ? null : dayAfter(league.endDate) };
}
