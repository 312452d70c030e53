import type { UserStats } from "../../../shared/contract/stats.ts";
import {
  dollarsText,
  percentText,
  profitText,
  signedPercentText,
  streakText,
  unitsText,
} from "../../lib/stats-format.ts";
import type { StatCard } from "../../components/StatCards.tsx";

/** Spec §2's text when the analytics cannot be shown (the server sends the same for non-friends). */
export const ANALYTICS_FAILED = "Failed to load friend's analytics. You can only view analytics for your friends.";

const toCents = (amount: string) => Math.round(Number(amount) * 100);

/** Units won = totalProfit / 100 (1 unit = $100), 2 decimals: "81.82" → "0.82", "-455.00" → "-4.55". */
export function unitsWon(totalProfit: string): string {
  const hundredths = Math.round(toCents(totalProfit) / 100);
  return (hundredths / 100).toFixed(2);
}

/** Units with their sign, no suffix, for sentences: "+4.55", "-0.82", "0.00". */
function signedUnits(totalProfit: string): string {
  const units = unitsWon(totalProfit);
  return Number(units) > 0 ? `+${units}` : units;
}

/** The six cards of spec §2 Friend analytics, in its order. */
export function friendStatCards(stats: UserStats): StatCard[] {
  const profitCents = toCents(stats.totalProfit);
  const streak = stats.currentStreak;
  return [
    {
      id: "total-bets",
      label: "Total Bets",
      value: String(stats.totalBets),
      note: `${stats.wonBets}W - ${stats.lostBets}L`,
    },
    {
      id: "win-rate",
      label: "Win Rate",
      value: percentText(stats.winRate),
      note: stats.totalBets === 0 ? "No settled bets" : `${stats.wonBets} of ${stats.totalBets} won`,
    },
    {
      id: "roi",
      label: "ROI",
      value: signedPercentText(stats.roi),
      note: "Profit on amount wagered",
      tone: stats.roi >= 0 ? "up" : "down",
    },
    {
      id: "total-wagered",
      label: "Total Wagered",
      value: dollarsText(toCents(stats.totalWagered)),
      note: "On settled bets",
    },
    {
      id: "units-won",
      label: "Units Won",
      value: unitsText(unitsWon(stats.totalProfit)),
      note: `${profitText(profitCents)} profit`,
      ...(profitCents !== 0 ? { tone: profitCents > 0 ? ("up" as const) : ("down" as const) } : {}),
    },
    {
      id: "current-streak",
      label: "Current Streak",
      value: streakText(streak),
      note: streak.count === 0 ? "No current streak" : streak.type === "win" ? "Winning streak" : "Losing streak",
      ...(streak.count > 0 ? { tone: streak.type === "win" ? ("up" as const) : ("down" as const) } : {}),
    },
  ];
}

/** One sentence under the cards: "ben_jones has won 12 of 20 settled bets for a 60.0% win rate and +4.55 units." */
export function summarySentence(username: string, stats: UserStats): string {
  if (stats.totalBets === 0) return `${username} has no settled bets yet.`;
  const bets = stats.totalBets === 1 ? "settled bet" : "settled bets";
  return `${username} has won ${stats.wonBets} of ${stats.totalBets} ${bets} for a ${percentText(stats.winRate)} win rate and ${signedUnits(stats.totalProfit)} units.`;
}
