/**
 * The figures of spec §3 User stats and Leaderboard entry, as DESIGN.md defines them. Pure and
 * shared by the server and the browser (Analytics filters by period in the browser).
 */

export type Outcome = "won" | "lost" | "push";

export interface Streak {
  type: "win" | "loss";
  count: number;
}

/** Profit over amount wagered, in percent (settled bets only); 0 when nothing was wagered. */
export function roiPercent(profitCents: number, wageredCents: number): number {
  return wageredCents === 0 ? 0 : (profitCents / wageredCents) * 100;
}

/** Won over settled, in percent: a push is settled but not a win. */
export function winRatePercent(won: number, settled: number): number {
  return settled === 0 ? 0 : (won / settled) * 100;
}

/** The streak after one more settled bet: a push leaves it as it was. */
export function nextStreak(streak: Streak | null, outcome: Outcome): Streak | null {
  if (outcome === "push") return streak;
  const type = outcome === "won" ? "win" : "loss";
  return streak?.type === type ? { type, count: streak.count + 1 } : { type, count: 1 };
}

/** The current streak after outcomes in settlement order (oldest first); pushes skipped. */
export function currentStreak(outcomes: readonly Outcome[]): Streak | null {
  let streak: Streak | null = null;
  for (const outcome of outcomes) streak = nextStreak(streak, outcome);
  return streak;
}

/** The longest run of wins, pushes neither extending nor breaking it. */
export function longestWinStreak(outcomes: readonly Outcome[]): number {
  let longest = 0;
  let streak: Streak | null = null;
  for (const outcome of outcomes) {
    streak = nextStreak(streak, outcome);
    if (streak?.type === "win") longest = Math.max(longest, streak.count);
  }
  return longest;
}

export interface SettledBetFigures {
  status: "pending" | Outcome;
  wagerCents: number;
  resultCents: number | null;
}

export interface Summary {
  totalBets: number;
  wonBets: number;
  lostBets: number;
  pushedBets: number;
  totalWageredCents: number;
  totalProfitCents: number;
  roi: number;
  winRate: number;
  /** Average stake of a settled bet, in cents (0 with no bets). */
  averageBetCents: number;
  currentStreak: Streak | null;
  longestWinStreak: number;
}

/** The figures over a list of bets in settlement order (oldest first); pending bets are left out (spec §4). */
export function summarize(bets: readonly SettledBetFigures[]): Summary {
  const settled = bets.filter((b): b is SettledBetFigures & { status: Outcome } => b.status !== "pending");
  const won = settled.filter((b) => b.status === "won").length;
  const lost = settled.filter((b) => b.status === "lost").length;
  const wagered = settled.reduce((sum, b) => sum + b.wagerCents, 0);
  const profit = settled.reduce((sum, b) => sum + (b.resultCents ?? 0), 0);
  const outcomes = settled.map((b) => b.status);
  return {
    totalBets: settled.length,
    wonBets: won,
    lostBets: lost,
    pushedBets: settled.length - won - lost,
    totalWageredCents: wagered,
    totalProfitCents: profit,
    roi: roiPercent(profit, wagered),
    winRate: winRatePercent(won, settled.length),
    averageBetCents: settled.length === 0 ? 0 : Math.round(wagered / settled.length),
    currentStreak: currentStreak(outcomes),
    longestWinStreak: longestWinStreak(outcomes),
  };
}

/** What a ranking compares: a player's settled figures in one book, or in one week of it. */
export interface RankFigures {
  profitCents: number;
  wageredCents: number;
  /** Settled bets. */
  settled: number;
}

const roiRatio = (f: RankFigures) => (f.wageredCents === 0 ? 0 : f.profitCents / f.wageredCents);

/**
 * The one ranking rule (DESIGN "Stats and boards"): units won, then ROI, then settled bets, all
 * descending. Negative when `a` ranks above `b`; 0 only for players tied on every figure, who
 * share a rank (SQL's rank()). Leaderboards (stats/ranking.ts), league standings
 * (stats `bookStandings`) and the weekly prize (contest `selectWinners`) all rank by it.
 */
export function compareRankFigures(a: RankFigures, b: RankFigures): number {
  return b.profitCents - a.profitCents || roiRatio(b) - roiRatio(a) || b.settled - a.settled;
}
