import type { League } from "../../../shared/contract/leagues.ts";
import { type LeagueBetRules, keepsOwnBook, leaguePickProblem, leagueStakeProblem } from "../../../shared/leagues.ts";
import { UNIT_CHOICES, wagerCents } from "../../../shared/money.ts";

type LeagueRules = Pick<League, "rules" | "startDate" | "endDate">;

/** What the slip needs to know of a pick to check it against a league's rules. */
interface SlipPickFacts {
  betType: string;
  gameInfo: { commenceTime: string };
}

/** The leagues whose own book the slip offers: those with a starting bankroll (decision 0052). */
export function ownBookLeagues<L extends Pick<League, "startingBankroll">>(leagues: readonly L[]): L[] {
  return leagues.filter((l) => keepsOwnBook({ startingBankrollCents: l.startingBankroll }));
}

/** A league's rules as the shared pure rule (shared/leagues.ts) reads them, from the API's answer. */
export function betRulesOf(league: LeagueRules): LeagueBetRules {
  const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));
  return {
    allowedBetTypes: league.rules.allowedBetTypes,
    minWagerCents: cents(league.rules.minWager),
    maxWagerCents: cents(league.rules.maxWager),
    startDate: league.startDate,
    endDate: league.endDate,
  };
}

/**
 * What the slip greys out for a league's book before Place, each with the reason the server would
 * give: each pick as a single bet, parlaying the picks, and each unit choice's stake.
 */
export interface SlipLimits {
  /** By the pick's index; null when the league takes it. */
  pickProblems: (string | null)[];
  /** Why these picks cannot go in as one parlay; null when they can. */
  parlayProblem: string | null;
  /** By unit choice. */
  unitProblems: Map<number, string | null>;
}

export function slipLimits(rules: LeagueBetRules, picks: readonly SlipPickFacts[]): SlipLimits {
  const asPick = (p: SlipPickFacts, betType = p.betType) => ({ betType, commenceTime: p.gameInfo.commenceTime });
  const parlayProblem =
    picks
      .map((p) => leaguePickProblem(rules, asPick(p, "parlay")) ?? leaguePickProblem(rules, asPick(p)))
      .find((problem) => problem !== null) ?? null;
  return {
    pickProblems: picks.map((p) => leaguePickProblem(rules, asPick(p))),
    parlayProblem,
    unitProblems: new Map(UNIT_CHOICES.map((n) => [n, leagueStakeProblem(rules, wagerCents(n))])),
  };
}

/** Why Place cannot go ahead with these limits, stake and mode; null when it can. */
export function placeProblem(limits: SlipLimits, units: number, asParlay: boolean): string | null {
  const stake = limits.unitProblems.get(units) ?? null;
  if (stake) return stake;
  if (asParlay) return limits.parlayProblem;
  return limits.pickProblems.find((problem) => problem !== null) ?? null;
}
