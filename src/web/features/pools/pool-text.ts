/** What the pick sheet says (issue 45), pure. */
import type { PoolGame, PoolOptions, PoolPick, PoolSheet } from "../../../shared/contract/pools.ts";
import { picksText } from "../../../shared/pools.ts";
import { formatOdds, formatSpread } from "../../lib/odds-format.ts";

/** A side's line now, as its choice shows it: the moneyline straight up ("+150"), the spread against it ("+3.5"). */
export function sideLine(game: PoolGame, side: "away" | "home", against: PoolOptions["against"]): string {
  if (against === "spread") {
    const spread = side === "away" ? game.awaySpread : game.homeSpread;
    return spread === null ? "no line" : formatSpread(spread);
  }
  const price = side === "away" ? game.awayPrice : game.homePrice;
  return price === null ? "—" : formatOdds(price);
}

/** The line a saved pick was made at: "at +150", "at -3.5". */
export function pickedAtText(pick: Pick<PoolPick, "odds" | "point">): string {
  if (pick.point !== null) return `at ${formatSpread(pick.point)}`;
  return pick.odds === null ? "" : `at ${formatOdds(pick.odds)}`;
}

/** "Won · 2.5", "Lost", "Push · 0.5". */
export function resultText(pick: Pick<PoolPick, "result" | "score">): string | null {
  if (pick.result === null) return null;
  const word = pick.result === "won" ? "Won" : pick.result === "lost" ? "Lost" : "Push";
  return pick.score !== null && pick.score > 0 ? `${word} · ${pick.score}` : word;
}

/** "You still need 3 picks — next lock Sun 1:00 PM", "All picked", "Nothing left to pick this week". */
export function neededText(sheet: Pick<PoolSheet, "games">, needed: number, nextLock: string | null): string {
  if (sheet.games.every((g) => g.locked)) return "Every game of this week has locked.";
  if (needed === 0) return "All picked. You can change any pick until its game locks.";
  return `You still need ${picksText(needed)}${nextLock ? ` — next lock ${nextLock}` : ""}.`;
}
