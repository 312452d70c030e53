/**
 * Pure rules of the weekly contest (spec §1, §9; DESIGN "Stats and boards"). The prize rules the
 * browser shows too are in shared/contest.ts; players are ranked by shared/stats.ts.
 */
import { PRIZE_PLACES, requiredGamesForPrize } from "../../shared/contest.ts";
import { compareRankFigures, type RankFigures } from "../../shared/stats.ts";

export interface Candidate {
  isBot: boolean;
  isAdmin: boolean;
  /** ISO time the account was created. */
  registeredAt: string;
  /** Different games bet in the individual book that week. */
  gamesBet: number;
}

export interface WeekFacts {
  gamesScheduled: number;
  /** ISO kick-off of the week's first game. */
  firstKickoff: string;
}

/** Why a player cannot win the week; empty when they can. */
export function ineligibility(candidate: Candidate, week: WeekFacts): string[] {
  const reasons: string[] = [];
  if (candidate.isBot) reasons.push("bot");
  if (candidate.isAdmin) reasons.push("site admin");
  if (new Date(candidate.registeredAt) >= new Date(week.firstKickoff))
    reasons.push("registered after the week's first kick-off");
  const required = requiredGamesForPrize(week.gamesScheduled);
  if (candidate.gamesBet < required) reasons.push(`bet ${candidate.gamesBet} of the ${required} games required`);
  return reasons;
}

export interface Ranked extends RankFigures {
  userId: number;
}

export interface Placed<T extends Ranked> {
  entry: T;
  place: number;
  /** Shares its place with another winner. */
  tied: boolean;
}

/**
 * The winners among eligible players already in board order (shared/stats.ts `compareRankFigures`):
 * places 1 to 3, players with the same figures sharing a place, and everyone tied at the cut-off
 * listed as tied.
 */
export function selectWinners<T extends Ranked>(eligibleInOrder: readonly T[], places = PRIZE_PLACES): Placed<T>[] {
  const placed: Placed<T>[] = [];
  eligibleInOrder.forEach((entry, i) => {
    const previous = placed.at(-1);
    const place = previous && compareRankFigures(previous.entry, entry) === 0 ? previous.place : i + 1;
    if (place <= places) placed.push({ entry, place, tied: false });
  });
  for (const p of placed) p.tied = placed.some((o) => o !== p && o.place === p.place);
  return placed;
}

export interface Signup {
  userId: number;
  username: string;
  address: string | null;
  createdAt: string;
}

/** Accounts signed up from the same address within this long of each other look linked. */
export const LINKED_WINDOW_MS = 48 * 60 * 60 * 1000;

/** Other accounts that look linked to this one: same sign-up address, close sign-up times. */
export function linkedAccounts(account: Signup, others: readonly Signup[]): Signup[] {
  if (!account.address || account.address === "local") return [];
  const at = new Date(account.createdAt).getTime();
  return others.filter(
    (o) =>
      o.userId !== account.userId &&
      o.address === account.address &&
      Math.abs(new Date(o.createdAt).getTime() - at) <= LINKED_WINDOW_MS,
  );
}
