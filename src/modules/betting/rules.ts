/** Pure betting rules: which price a selection has, and how a finished game settles a bet (DESIGN "Settlement"). */
import type { BetStatus, BetType } from "../../shared/bets.ts";
import { coverMargin, type ScoredGame } from "../../shared/cover.ts";

export interface PricedMarket {
  marketType: "spreads" | "totals" | "h2h";
  outcomes: { name: string; price: number; point?: number }[];
}

export interface PricedGame {
  homeTeam: string;
  awayTeam: string;
  odds: readonly PricedMarket[];
  playerProps: readonly { id: number; line: number; overOdds: number; underOdds: number }[];
}

export interface Price {
  odds: number;
  point: number | null;
}

const MARKET_OF: Record<Exclude<BetType, "prop" | "parlay">, PricedMarket["marketType"]> = {
  spread: "spreads",
  total: "totals",
  moneyline: "h2h",
};

/** The current price of a selection, or null when the game offers no such selection. */
export function currentPrice(
  game: PricedGame,
  betType: BetType,
  selection: string,
  propId?: number | null,
): Price | null {
  if (betType === "parlay") return null;
  if (betType === "prop") {
    const prop = game.playerProps.find((p) => p.id === propId);
    if (!prop || (selection !== "Over" && selection !== "Under")) return null;
    return { odds: selection === "Over" ? prop.overOdds : prop.underOdds, point: prop.line };
  }
  const market = game.odds.find((m) => m.marketType === MARKET_OF[betType]);
  const outcome = market?.outcomes.find((o) => o.name === selection);
  if (!outcome) return null;
  return { odds: outcome.price, point: betType === "moneyline" ? null : (outcome.point ?? null) };
}

export interface SettleableBet {
  betType: BetType;
  selection: string;
  point: number | null;
}

/** A game's final score, as settlement reads it. */
export type FinalGame = ScoredGame;

/** What a prop bet needs: the player's figure, or that they did not play. */
export interface PropOutcome {
  statValue: number | null;
  didNotPlay: boolean;
}

const bySign = (x: number): Exclude<BetStatus, "pending"> => (x > 0 ? "won" : x < 0 ? "lost" : "push");

/**
 * How a bet ends: spread = margin + point vs 0; total = combined score vs the line; moneyline =
 * winner, a tie pushes; prop = the stat vs the line, a player who did not play voids (push).
 * "pending" when the result cannot be known yet (a prop whose stat has not arrived).
 */
export function settleBet(bet: SettleableBet, game: FinalGame, prop?: PropOutcome): BetStatus {
  switch (bet.betType) {
    case "spread":
    case "moneyline":
    case "total": {
      const margin = coverMargin(bet, game);
      return margin === null ? "push" : bySign(margin);
    }
    case "prop": {
      if (!prop || prop.didNotPlay) return prop?.didNotPlay ? "push" : "pending";
      if (prop.statValue === null) return "pending";
      const over = prop.statValue - (bet.point ?? 0);
      return bySign(bet.selection === "Under" ? -over : over);
    }
    case "parlay":
      return "pending";
  }
}

/** The profit a settled bet books: the potential win, minus the stake, or nothing on a push. */
export function resultCents(
  status: Exclude<BetStatus, "pending">,
  wagerCents: number,
  potentialWinCents: number,
): number {
  if (status === "won") return potentialWinCents;
  if (status === "lost") return -wagerCents;
  return 0;
}

/** The abbreviation of the team a pick names; null for totals and props. */
export function teamAbbr(
  selection: string,
  game: { awayTeam: string; homeTeam: string; awayAbbr: string; homeAbbr: string },
): string | null {
  return selection === game.homeTeam ? game.homeAbbr : selection === game.awayTeam ? game.awayAbbr : null;
}
