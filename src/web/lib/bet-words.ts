/** A placed bet's pick, stake and money in words, shared by My Bets and the bet slip: pure text, unit-tested. */
import type { Bet } from "../../shared/contract/betting.ts";
import { stringToCents } from "../../shared/money.ts";
import { dollars as dollarsOfCents, formatSpread, propTypeText } from "./odds-format.ts";

/**
 * The pick in words: "Philadelphia Eagles -3.5", "Over 45.5", "Kansas City Chiefs ML",
 * "Patrick Mahomes passing yards Over 245.5".
 */
export function pickText(bet: Pick<Bet, "betType" | "selection" | "point" | "prop">): string {
  const { betType, selection, point } = bet;
  switch (betType) {
    case "spread":
      return point === null ? selection : `${selection} ${formatSpread(point)}`;
    case "total":
      return point === null ? selection : `${selection} ${Number(point)}`;
    case "moneyline":
      return `${selection} ML`;
    case "prop": {
      const what = bet.prop ? `${bet.prop.playerName} ${propTypeText(bet.prop.propType)} ` : "";
      return point === null ? `${what}${selection}` : `${what}${selection} ${Number(point)}`;
    }
    default:
      return selection;
  }
}

/** "1 unit · $100.00", "3 units · $300.00". */
export function stakeText(units: string, wagerAmount: string): string {
  const n = Number(units);
  return `${units} ${n === 1 ? "unit" : "units"} · ${dollars(wagerAmount)}`;
}

/** "90.91" → "$90.91", "1088.12" → "$1,088.12". */
export function dollars(amount: string): string {
  const n = Number(amount);
  return Number.isFinite(n) ? dollarsOfCents(stringToCents(amount)) : amount;
}
