import { centsToString } from "../../shared/money.ts";
import type { LegBetType as BetType } from "../../shared/bets.ts";

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

const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as dollars for people: 9091 → "$90.91", 120000 → "$1,200.00". */
export function dollars(cents: number): string {
  return `$${money.format(Number(centsToString(cents)))}`;
}
