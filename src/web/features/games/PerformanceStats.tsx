import type { UserStats } from "../../../shared/contract/stats.ts";
import { useMemo } from "react";
import { StatCards, type StatCard } from "../../components/StatCards.tsx";
import { stringToCents, UNIT_CENTS } from "../../../shared/money.ts";
import { summarize } from "../../../shared/stats.ts";
import { percentText, signedPercentText, streakText } from "../../lib/stats-format.ts";
import type { SettledBetFields } from "./api.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** ROI over the bets settled in the last 30 days (DESIGN: the label tells the truth). */
export function roiLast30Days(bets: readonly SettledBetFields[], now: number): number {
  const since = now - 30 * DAY_MS;
  const recent = bets
    .filter((b) => b.status !== "pending" && b.settledAt !== null && new Date(b.settledAt).getTime() >= since)
    .map((b) => ({
      status: b.status,
      wagerCents: stringToCents(b.wagerAmount),
      resultCents: b.result === null ? null : stringToCents(b.result),
    }));
  return summarize(recent).roi;
}

/** Spec §2 Games: the performance stats section, shown once the player has settled bets. */
export function PerformanceStats({
  stats,
  bets,
  historyFailed,
}: {
  stats: UserStats;
  /** The player's bets, for the 30-day ROI: undefined while they load ('...' in the card meanwhile, same size). */
  bets: readonly SettledBetFields[] | undefined;
  historyFailed: boolean;
}) {
  const roi = useMemo(() => (bets ? roiLast30Days(bets, Date.now()) : null), [bets]);
  const units = stringToCents(stats.totalProfit) / UNIT_CENTS;
  const cards: StatCard[] = [
    {
      id: "performance-roi",
      label: "ROI",
      value: roi !== null ? signedPercentText(roi) : historyFailed ? "—" : "...",
      note: "Last 30 days",
      tone: roi === null ? null : roi >= 0 ? "up" : "down",
    },
    {
      id: "performance-units",
      label: "Units Won",
      value: `${units > 0 ? "+" : ""}${units.toFixed(2)}U`,
      note: "From 50U start",
      tone: units >= 0 ? "up" : "down",
    },
    {
      id: "performance-win-rate",
      label: "Win Rate",
      value: percentText(stats.winRate),
      note: `${stats.totalBets} settled ${stats.totalBets === 1 ? "bet" : "bets"}`,
    },
    {
      id: "performance-streak",
      label: "Streak",
      value: stats.currentStreak.count === 0 ? "—" : streakText(stats.currentStreak),
      note: stats.currentStreak.type === "win" ? "Current winning run" : "Current losing run",
      tone: stats.currentStreak.count === 0 ? null : stats.currentStreak.type === "win" ? "up" : "down",
    },
  ];
  return <StatCards className="performance-stats" label="Your performance" cards={cards} />;
}
