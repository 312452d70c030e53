import type { LegBetType as BetType } from "../../shared/bets.ts";

export { dollars } from "../../shared/money.ts";
export { formatOdds, formatSpread, type PickParts, pickText, propTypeText } from "../../shared/pick-text.ts";

const MARKETS: Record<BetType, string> = {
  spread: "Spread",
  total: "Total",
  moneyline: "Moneyline",
  prop: "Player Prop",
};

export function marketName(betType: BetType | string): string {
  return MARKETS[betType as BetType] ?? betType;
}
