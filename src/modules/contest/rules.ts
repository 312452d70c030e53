/**
 * Pure rules of the weekly contest (spec §1, §9; DESIGN "Stats and boards"). The prize rules the
 * browser shows too are in shared/contest.ts; players are ranked by shared/stats.ts.
 */
import { PRIZE_PLACES, prizeBlockers } from "../../shared/contest.ts";
import { compareRankFigures, type RankFigures } from "../../shared/stats.ts";

export type { Entrant as Candidate, PrizeWeek as WeekFacts } from "../../shared/contest.ts";

/** Why a player cannot win the week; empty when they can (the shared rule the boards and status use too). */
export const ineligibility = prizeBlockers;

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
