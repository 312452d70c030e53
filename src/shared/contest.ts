/**
 * The weekly contest's prize rules (spec §1, §9), shown by the browser and applied by the server:
 * one rule decides who can win a week (`prizeBlockers`) and what a player's week looks like to them
 * (`contestStatus`); the winners, the boards and every status line use them.
 */

export const PRIZE_PLACES = 3;
export const PRIZE_DOLLARS = 20;

/** Games a player must bet for the prize: all but one; no requirement with a single game (or none). */
export function requiredGamesForPrize(gamesScheduled: number): number {
  return gamesScheduled <= 1 ? 0 : gamesScheduled - 1;
}

export interface Entrant {
  isBot: boolean;
  isAdmin: boolean;
  /** ISO time the account was created. */
  registeredAt: string;
  /** Different games bet in the individual book that week (single bets). */
  gamesBet: number;
}

export interface PrizeWeek {
  gamesScheduled: number;
  /** ISO kick-off of the week's first game. */
  firstKickoff: string;
}

/** Why a player cannot win the week; empty when they can (DESIGN "Stats and boards"). */
export function prizeBlockers(entrant: Entrant, week: PrizeWeek): string[] {
  const reasons: string[] = [];
  if (entrant.isBot) reasons.push("bot");
  if (entrant.isAdmin) reasons.push("site admin");
  if (new Date(entrant.registeredAt) >= new Date(week.firstKickoff))
    reasons.push("registered after the week's first kick-off");
  const required = requiredGamesForPrize(week.gamesScheduled);
  if (entrant.gamesBet < required) reasons.push(`bet ${entrant.gamesBet} of the ${required} games required`);
  return reasons;
}

/**
 * Where a player stands in a week's contest:
 * - `eligible`: they can win it;
 * - `in-reach`: not yet, but enough open games are left to qualify;
 * - `out-of-reach`: too few open games are left to qualify (or the week is over);
 * - `barred`: they cannot win it whatever they bet (a bot, a site admin, registered after its first kick-off);
 * - `no-games`: nothing is scheduled.
 */
export type ContestState = "eligible" | "in-reach" | "out-of-reach" | "barred" | "no-games";

export interface ContestStatusFacts {
  week: number;
  /** The week's games: whether betting on each is still open, and whether the player has bet it. */
  games: readonly { open: boolean; bet: boolean }[];
  /** ISO kick-off of the week's first game (null without games). */
  firstKickoff: string | null;
  entrant: Omit<Entrant, "gamesBet">;
  /** The following week's first kick-off, or null when this is the season's last week. */
  nextWeekKickoff: string | null;
}

export interface ContestStatus {
  state: ContestState;
  week: number;
  gamesScheduled: number;
  gamesBet: number;
  gamesRequired: number;
  /** Open games the player has not bet yet: the ones that can still count. */
  gamesLeft: number;
  /** More games to bet to qualify (0 once eligible; more than `gamesLeft` when out of reach). */
  gamesNeeded: number;
  /** Why the player is barred (bot, site admin, late registration); empty otherwise. */
  reasons: string[];
  /** The next week's number and first kick-off, null in the season's last week. */
  nextWeek: { week: number; firstKickoff: string } | null;
}

/** A player's contest status for one week, from its games and the player's bets (pure). */
export function contestStatus(facts: ContestStatusFacts): ContestStatus {
  const gamesScheduled = facts.games.length;
  const gamesBet = facts.games.filter((g) => g.bet).length;
  const gamesLeft = facts.games.filter((g) => g.open && !g.bet).length;
  const gamesRequired = requiredGamesForPrize(gamesScheduled);
  const gamesNeeded = Math.max(0, gamesRequired - gamesBet);
  const reasons =
    facts.firstKickoff === null
      ? []
      : prizeBlockers(
          { ...facts.entrant, gamesBet: Number.POSITIVE_INFINITY },
          { gamesScheduled, firstKickoff: facts.firstKickoff },
        );
  let state: ContestState;
  if (gamesScheduled === 0) state = "no-games";
  else if (reasons.length > 0) state = "barred";
  else if (gamesNeeded === 0) state = "eligible";
  else if (gamesNeeded <= gamesLeft) state = "in-reach";
  else state = "out-of-reach";
  return {
    state,
    week: facts.week,
    gamesScheduled,
    gamesBet,
    gamesRequired,
    gamesLeft,
    gamesNeeded,
    reasons,
    nextWeek: facts.nextWeekKickoff === null ? null : { week: facts.week + 1, firstKickoff: facts.nextWeekKickoff },
  };
}
