/**
 * The Analytics screen's figures over a period, computed in the browser from the player's bets
 * with the same rules the server uses (shared/stats.ts). Pure: unit-tested.
 */
import type { Bet } from "../../../shared/contract/betting.ts";
import { stringToCents } from "../../../shared/money.ts";
import { summarize, type Summary } from "../../../shared/stats.ts";
import { profitText, signedPercentText } from "../../lib/stats-format.ts";

export type PeriodId = "7D" | "30D" | "90D" | "ALL";

export interface Period {
  id: PeriodId;
  /** How many days back it reaches; null = everything. */
  days: number | null;
  /** How the screen names it in sentences ("in the last 30 days"). */
  words: string;
}

export const PERIODS: readonly Period[] = [
  { id: "7D", days: 7, words: "the last 7 days" },
  { id: "30D", days: 30, words: "the last 30 days" },
  { id: "90D", days: 90, words: "the last 90 days" },
  { id: "ALL", days: null, words: "all time" },
];

export const DEFAULT_PERIOD: PeriodId = "30D";

export const periodOf = (id: PeriodId): Period => PERIODS.find((p) => p.id === id)!;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the figures need of a bet. */
export type AnalyticsBet = Pick<Bet, "id" | "betType" | "status" | "wagerAmount" | "result" | "settledAt" | "clv">;

export type SettledBet = AnalyticsBet & { status: "won" | "lost" | "push"; settledAt: string };

const settledMs = (bet: SettledBet) => Date.parse(bet.settledAt);

/**
 * The bets settled within the period, in settlement order (oldest first). Spec §4: pending bets
 * are left out; any other bet counts as settled.
 */
export function settledInPeriod(bets: readonly AnalyticsBet[], period: Period, nowMs: number): SettledBet[] {
  const since = period.days === null ? -Infinity : nowMs - period.days * DAY_MS;
  return bets
    .filter((bet): bet is SettledBet => bet.status !== "pending" && bet.settledAt !== null)
    .filter((bet) => settledMs(bet) >= since && settledMs(bet) <= nowMs)
    .sort((a, b) => settledMs(a) - settledMs(b) || a.id - b.id);
}

/** The shared summary (totals, rates, streaks) of bets already in settlement order. */
export function summaryOf(bets: readonly SettledBet[]): Summary {
  return summarize(
    bets.map((bet) => ({
      status: bet.status,
      wagerCents: stringToCents(bet.wagerAmount),
      resultCents: bet.result === null ? null : stringToCents(bet.result),
    })),
  );
}

/** The bets the stake cards count: what the player has on the line, not only what has settled. */
export interface PlacedFigures {
  /** The period's settled bets plus every pending one (a pending bet is current in any period). */
  count: number;
  pending: number;
  wageredCents: number;
  /** Stake per bet, in cents; 0 with none. */
  averageCents: number;
}

/**
 * 'Total Bets Placed' and 'Average Bet Size' count placed bets (issue 18: six pending bets read
 * "Total Bets Placed 0"): the period's settled bets and the pending ones. Profit, rates and streaks
 * stay settled-only (spec §4).
 */
export function placedFigures(settled: readonly SettledBet[], allBets: readonly AnalyticsBet[]): PlacedFigures {
  const pending = allBets.filter((bet) => bet.status === "pending");
  const stakes = [...settled, ...pending].map((bet) => stringToCents(bet.wagerAmount));
  const wageredCents = stakes.reduce((sum, cents) => sum + cents, 0);
  return {
    count: stakes.length,
    pending: pending.length,
    wageredCents,
    averageCents: stakes.length === 0 ? 0 : Math.round(wageredCents / stakes.length),
  };
}

export interface ClvFigure {
  /** The mean CLV in percent, unrounded; null when no bet has one. */
  average: number | null;
  /** How many bets it averages. */
  count: number;
}

/** The average closing-line value of the period's settled bets that have a closing line. */
export function averageClv(settled: readonly SettledBet[]): ClvFigure {
  const values = settled.flatMap((bet) => (bet.clv === null ? [] : [bet.clv]));
  if (values.length === 0) return { average: null, count: 0 };
  return { average: values.reduce((sum, v) => sum + v, 0) / values.length, count: values.length };
}

/** The Avg CLV card's figure and caption: "+1.2%" over "over 3 bets with a closing line", or "—" with none. */
export function clvCardText(figure: ClvFigure): { value: string; note: string } {
  if (figure.average === null) return { value: "—", note: "No closing lines yet" };
  return {
    value: signedPercentText(figure.average),
    note: `over ${figure.count} ${figure.count === 1 ? "bet" : "bets"} with a closing line`,
  };
}

export interface BetTypeRow {
  betType: string;
  label: string;
  summary: Summary;
}

/** Spec §2's labels, in the panel's order. */
export const BET_TYPES: readonly { betType: string; label: string }[] = [
  { betType: "spread", label: "Spreads" },
  { betType: "total", label: "Totals (Over/Under)" },
  { betType: "moneyline", label: "Moneylines" },
  { betType: "prop", label: "Player Props" },
  { betType: "parlay", label: "Parlays" },
];

/**
 * One row per bet type over the period's bets. Spreads, totals, moneylines and props always show
 * (with zeros when unplayed); Parlays only once the player has placed a parlay at all (`allBets`):
 * a row of zeros for a kind of bet most players never place would only be noise.
 */
export function betTypeRows(settled: readonly SettledBet[], allBets: readonly AnalyticsBet[]): BetTypeRow[] {
  const hasParlays = allBets.some((bet) => bet.betType === "parlay");
  return BET_TYPES.filter(({ betType }) => betType !== "parlay" || hasParlays).map(({ betType, label }) => ({
    betType,
    label,
    summary: summaryOf(settled.filter((bet) => bet.betType === betType)),
  }));
}

export interface ProfitPoint {
  /** The calendar day in the viewer's time zone, "2026-10-12". */
  day: string;
  /** Cumulative profit at the end of that day, in cents. */
  profitCents: number;
}

function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

function dayBefore(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return localDay(new Date(y, m - 1, d - 1));
}

/**
 * The Profit Over Time line: cumulative profit at the end of each day that had settlements (the
 * chart's time axis has one point per day), starting from $0 the day before the first one.
 */
export function profitSeries(settled: readonly SettledBet[]): ProfitPoint[] {
  const points: ProfitPoint[] = [];
  let running = 0;
  for (const bet of settled) {
    running += bet.result === null ? 0 : stringToCents(bet.result);
    const day = localDay(new Date(bet.settledAt));
    const last = points.at(-1);
    if (last?.day === day) last.profitCents = running;
    else points.push({ day, profitCents: running });
  }
  if (points.length > 0) points.unshift({ day: dayBefore(points[0]!.day), profitCents: 0 });
  return points;
}

const shortDate = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/** A series day as the chart labels it: "2026-10-12" → "Oct 12" (short month and day, spec §2). */
export function dayLabel(day: string): string {
  return shortDate.format(new Date(`${day}T00:00:00Z`));
}

/** A series day as the chart's time value: seconds at that date's UTC midnight (labels are formatted in UTC too). */
export function dayTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** The exported chart's caption: what it shows and whose it is. */
export interface ExportCaption {
  title: string;
  detail: string;
}

/** "Profit Over Time — ana" / "Last 30 days · 12 settled bets · Total Profit +$1,088.12". */
export function exportCaption(opts: {
  playerName: string | null;
  period: Period;
  settledCount: number;
  totalProfitCents: number;
}): ExportCaption {
  const period = opts.period.id === "ALL" ? "All time" : `Last ${opts.period.days} days`;
  const bets = `${opts.settledCount} settled ${opts.settledCount === 1 ? "bet" : "bets"}`;
  return {
    title: opts.playerName ? `Profit Over Time — ${opts.playerName}` : "Profit Over Time",
    detail: `${period} · ${bets} · Total Profit ${profitText(opts.totalProfitCents)}`,
  };
}
