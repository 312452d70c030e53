/** How a league's feed shows a revealed pick (decision 0056). Pure. */
import type { Bet } from "../../shared/contract/betting.ts";
import type { LeaguePick, TailedFrom } from "../../shared/contract/league-feed.ts";
import { publicBet } from "../../shared/public-bet.ts";

/** How many picks one page of the feed holds. */
export const FEED_PAGE = 20;

/** Rounded to a tenth of a point, as the profile shows CLV. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * What a tail's feed row says of the pick it followed: whose, at what price, and what the later price
 * cost in closing-line value (the original's CLV minus the tail's; null until both have one).
 */
export function tailedFromOf(original: Bet, username: string, tail: Bet): TailedFrom {
  return {
    betId: original.id,
    username,
    odds: original.odds,
    point: original.point,
    clv: original.clv,
    clvCost: original.clv === null || tail.clv === null ? null : tenth(original.clv - tail.clv),
  };
}

/** A revealed bet as the feed lists it: no note, confidence or book; its stake, its player, whom it tailed. */
export function feedPick(
  bet: Bet,
  username: string,
  tailedFrom: TailedFrom | null,
  tail: LeaguePick["tail"],
): LeaguePick {
  return {
    ...publicBet(bet),
    wagerAmount: bet.wagerAmount,
    propId: bet.propId,
    player: { userId: bet.userId, username },
    tailedFrom,
    tail,
  };
}
