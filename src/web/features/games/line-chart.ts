/**
 * The line-movement chart's pure pieces (issue 29 item 2): which side of a market is charted, its
 * line from the opening through every move to now (or the close), the viewer's bets on it, and
 * the words a screen reader gets instead of the picture.
 */
import type { Bet } from "../../../shared/contract/betting.ts";
import type { Game, LineChange } from "../../../shared/contract/games.ts";
import { formatOdds, formatSpread } from "../../lib/odds-format.ts";

export type ChartMarket = LineChange["market"];

export const CHART_MARKETS: readonly { market: ChartMarket; label: string }[] = [
  { market: "spreads", label: "Spread" },
  { market: "totals", label: "Total" },
  { market: "h2h", label: "Moneyline" },
];

const BET_TYPE_OF: Record<ChartMarket, string> = { spreads: "spread", totals: "total", h2h: "moneyline" };

/** One quote of the charted side: `at` in epoch ms. */
export interface LinePoint {
  at: number;
  point: number | null;
  price: number;
}

/** A bet (or a parlay's leg) of the viewer on the charted market, at the price and time it got. */
export interface BetMark {
  betId: number;
  parlay: boolean;
  selection: string;
  at: number;
  point: number | null;
  price: number;
}

export interface MarketSeries {
  market: ChartMarket;
  /** The side charted: the viewer's pick when they have one, else the home team (or the Over). */
  selection: string;
  /** The opening, then every move, oldest first. */
  moves: LinePoint[];
  /** Where the line ends: now, or the kick-off once the game has started (its closing line). */
  endAt: number;
  closed: boolean;
  bets: BetMark[];
}

/** The viewer's bets and parlay legs on this game's market, oldest first. */
export function betMarks(bets: readonly Bet[], gameId: string, market: ChartMarket): BetMark[] {
  const betType = BET_TYPE_OF[market];
  const marks: BetMark[] = [];
  for (const bet of bets) {
    const picks = bet.isParlay ? (bet.legs ?? []) : [bet];
    for (const pick of picks) {
      if (pick.gameId !== gameId || pick.betType !== betType) continue;
      marks.push({
        betId: bet.id,
        parlay: bet.isParlay,
        selection: pick.selection,
        at: Date.parse(bet.placedAt),
        point: pick.point === null ? null : Number(pick.point),
        price: Number(pick.odds),
      });
    }
  }
  return marks.sort((a, b) => a.at - b.at);
}

/** The side a market's chart follows: the viewer's latest pick on it, else the home team, or the Over. */
export function chartedSelection(market: ChartMarket, game: Pick<Game, "homeTeam">, marks: readonly BetMark[]) {
  return marks.at(-1)?.selection ?? (market === "totals" ? "Over" : game.homeTeam);
}

/** A market's series for the chart and its summary; null when the feed never quoted it. */
export function marketSeries(
  changes: readonly LineChange[],
  market: ChartMarket,
  game: Pick<Game, "id" | "homeTeam" | "commenceTime">,
  bets: readonly Bet[],
  now: number,
): MarketSeries | null {
  const allMarks = betMarks(bets, game.id, market);
  const selection = chartedSelection(market, game, allMarks);
  const moves = changes
    .filter((c) => c.market === market && c.selection === selection)
    .map((c) => ({ at: Date.parse(c.at), point: c.point, price: c.price }));
  if (moves.length === 0) return null;
  const kickoff = Date.parse(game.commenceTime);
  const closed = now >= kickoff;
  return {
    market,
    selection,
    moves,
    endAt: Math.max(closed ? kickoff : now, moves.at(-1)!.at),
    closed,
    bets: allMarks.filter((m) => m.selection === selection),
  };
}

/** The value the chart draws: the point for spreads and totals, the price for a moneyline. */
export function chartValue(market: ChartMarket, quote: { point: number | null; price: number }): number {
  return market === "h2h" || quote.point === null ? quote.price : quote.point;
}

/**
 * The series as the chart library wants it: whole seconds, strictly increasing (moves within one
 * second keep the last), the line held to its end, and each bet's moment on it.
 */
export function chartPoints(series: MarketSeries): { time: number; value: number }[] {
  const bySecond = new Map<number, number>();
  const value = (q: { point: number | null; price: number }) => chartValue(series.market, q);
  for (const move of series.moves) bySecond.set(Math.floor(move.at / 1000), value(move));
  const last = series.moves.at(-1)!;
  const endSecond = Math.floor(series.endAt / 1000);
  if (!bySecond.has(endSecond)) bySecond.set(endSecond, value(last));
  // A bet's marker needs a point of its own, on the line as it stood then.
  for (const mark of series.bets) {
    const second = Math.floor(mark.at / 1000);
    if (bySecond.has(second)) continue;
    const standing = lineAt(series.moves, mark.at);
    if (standing) bySecond.set(second, value(standing));
  }
  return [...bySecond.entries()].sort(([a], [b]) => a - b).map(([time, v]) => ({ time, value: v }));
}

/** The quote in force at `at` (the last move at or before it); null before the opening. */
export function lineAt(moves: readonly LinePoint[], at: number): LinePoint | null {
  let found: LinePoint | null = null;
  for (const move of moves) {
    if (move.at > at) break;
    found = move;
  }
  return found;
}

/** A quote in words as books print it: "-3 -110", "44.5 -110", "+150". */
export function quoteText(market: ChartMarket, quote: { point: number | null; price: number }): string {
  if (market === "h2h" || quote.point === null) return formatOdds(quote.price);
  const point = market === "spreads" ? formatSpread(quote.point) : String(quote.point);
  return `${point} ${formatOdds(quote.price)}`;
}

/** How much better than `now` a bet's line is for its side, in points (negative: worse). */
function pointsBetter(selection: string, bet: number, now: number): number {
  if (selection === "Over") return now - bet;
  return bet - now; // a spread side, or the Under: more points are better
}

/** What a dollar staked returns at American odds: the larger, the better the price. */
const payout = (price: number) => (price > 0 ? price / 100 : 100 / -price);

function points(n: number): string {
  return `${n} ${n === 1 ? "point" : "points"}`;
}

function comparison(series: MarketSeries, mark: BetMark, now: LinePoint): string {
  const than = series.closed ? "the close" : "now";
  if (series.market !== "h2h" && mark.point !== null && now.point !== null && mark.point !== now.point) {
    const better = pointsBetter(series.selection, mark.point, now.point);
    return `${points(Math.abs(better))} ${better > 0 ? "better" : "worse"} than ${than}`;
  }
  if (mark.price === now.price) return `the same as ${than}`;
  return `a ${payout(mark.price) > payout(now.price) ? "better" : "worse"} price than ${than}`;
}

/**
 * The chart in words: "Kansas City Chiefs spread: opened -3 -110, now -4.5 -105; your bet -3.5
 * -110, 1 point better than now." (a started game says "closed" and compares with the close).
 */
export function lineSummary(series: MarketSeries): string {
  const label = CHART_MARKETS.find((m) => m.market === series.market)!.label.toLowerCase();
  const first = series.moves[0]!;
  const last = series.moves.at(-1)!;
  const moved = series.moves.length - 1;
  const head = `${series.selection} ${label}: opened ${quoteText(series.market, first)}`;
  const tail =
    moved === 0
      ? `, ${series.closed ? "closed there" : "no move since"}`
      : `, ${series.closed ? "closed" : "now"} ${quoteText(series.market, last)} after ${moved} ${moved === 1 ? "move" : "moves"}`;
  const bets = series.bets.map(
    (mark) =>
      `your ${mark.parlay ? "parlay leg" : "bet"} ${quoteText(series.market, mark)}, ${comparison(series, mark, last)}`,
  );
  return `${head}${tail}${bets.length ? `; ${bets.join("; ")}` : ""}.`;
}
