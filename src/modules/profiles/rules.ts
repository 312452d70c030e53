/** Who may see a profile, what of a bet it shows, and the record's figures. Pure. */
import type { ProfileBet, ProfileVisibility, RecordFigures } from "../../shared/contract/profiles.ts";
import type { Bet } from "../../shared/contract/betting.ts";
import { stringToCents, UNIT_CENTS } from "../../shared/money.ts";
import { publicBet } from "../../shared/public-bet.ts";
import { summarize } from "../../shared/stats.ts";

export type ProfileAccess = "allowed" | "friends_only" | "league_mates_only" | "only_me";

/** A bot's record is public whatever its setting (it is not a person and has no settings to change). */
export function profileAccess(facts: {
  visibility: ProfileVisibility;
  isOwner: boolean;
  isFriend: boolean;
  isLeagueMate: boolean;
  isBot: boolean;
}): ProfileAccess {
  if (facts.isOwner || facts.isBot || facts.visibility === "everyone") return "allowed";
  if (facts.visibility === "league_mates")
    return facts.isFriend || facts.isLeagueMate ? "allowed" : "league_mates_only";
  if (facts.visibility === "friends") return facts.isFriend ? "allowed" : "friends_only";
  return "only_me";
}

type Graded = Pick<Bet, "status" | "game">;

/** A pick's game has gone: it kicked off, or the pick is graded (its game is final). */
const gone = (pick: Graded, now: Date) =>
  pick.status !== "pending" || Date.parse(pick.game.commenceTime) <= now.getTime();

/**
 * Whether a bet may be listed to others: once every game it rides on has kicked off or is final. A
 * parlay lost on its first leg still waits for its last (issue 40): its other legs are picks on games
 * not yet played. The figures count every settled bet all the same: a record keeps its losses.
 */
export function showable(bet: Graded & Pick<Bet, "legs">, now: Date): boolean {
  return bet.legs ? bet.legs.every((leg) => gone(leg, now)) : gone(bet, now);
}

/** A bet without what stays private: the note, confidence, league and ids a profile has no use for. */
export const profileBet = publicBet;

type Settled = Pick<Bet, "id" | "status" | "wagerAmount" | "result" | "settledAt" | "clv">;

/** The figures of settled bets (given in settlement order); pending ones are left out. */
export function recordFigures(bets: readonly Settled[]): RecordFigures {
  const settled = bets.filter((bet) => bet.status !== "pending");
  const summary = summarize(
    settled.map((bet) => ({
      status: bet.status,
      wagerCents: stringToCents(bet.wagerAmount),
      resultCents: bet.result === null ? null : stringToCents(bet.result),
    })),
  );
  const clvs = settled.flatMap((bet) => (bet.clv === null ? [] : [bet.clv]));
  const share = (n: number) => Math.round((n / clvs.length) * 1000) / 10;
  return {
    won: summary.wonBets,
    lost: summary.lostBets,
    pushed: summary.pushedBets,
    units: (summary.totalProfitCents / UNIT_CENTS).toFixed(2),
    roi: Math.round(summary.roi * 10) / 10,
    winRate: Math.round(summary.winRate * 10) / 10,
    averageClv: clvs.length === 0 ? null : Math.round((clvs.reduce((sum, v) => sum + v, 0) / clvs.length) * 10) / 10,
    beatClose: clvs.length === 0 ? null : share(clvs.filter((v) => v > 0).length),
    clvBets: clvs.length,
  };
}

const BET_TYPE_ORDER = ["spread", "total", "moneyline", "prop", "parlay"];

/** Settled bets in settlement order (oldest first; ties by id). */
export function inSettlementOrder<T extends Settled>(bets: readonly T[]): T[] {
  return bets
    .filter((bet) => bet.status !== "pending" && bet.settledAt !== null)
    .sort((a, b) => Date.parse(a.settledAt!) - Date.parse(b.settledAt!) || a.id - b.id);
}

/** One row per bet type the player has settled, in the app's usual order. */
export function byBetType<T extends Settled & Pick<Bet, "betType">>(settled: readonly T[]) {
  const groups = Map.groupBy(settled, (bet) => bet.betType);
  return [...groups.keys()]
    .sort((a, b) => BET_TYPE_ORDER.indexOf(a) - BET_TYPE_ORDER.indexOf(b))
    .map((betType) => ({ betType, figures: recordFigures(groups.get(betType)!) }));
}

/** One row per week the player has settled bets in, newest first, with the week's best bet (its biggest win). */
export function byWeek(settled: readonly Bet[]) {
  const groups = Map.groupBy(settled, (bet) => `${bet.season}-${String(bet.week).padStart(2, "0")}`);
  return [...groups.keys()]
    .sort()
    .reverse()
    .map((key) => {
      const bets = groups.get(key)!;
      return { season: bets[0]!.season, week: bets[0]!.week, figures: recordFigures(bets), best: bestBet(bets) };
    });
}

/** The settled bet that won the most (the earlier one on a tie); null when none won. */
export function bestBet(settled: readonly Bet[]): ProfileBet | null {
  let best: Bet | null = null;
  for (const bet of settled) {
    if (bet.status !== "won") continue;
    if (!best || stringToCents(bet.result ?? "0") > stringToCents(best.result ?? "0")) best = bet;
  }
  return best ? profileBet(best) : null;
}
