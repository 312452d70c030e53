import { StatCards } from "../../components/StatCards.tsx";
import { dollarsText, streakText } from "../../lib/stats-format.ts";
import type { Summary } from "../../../shared/stats.ts";
import { clvCardText, type ClvFigure, type PlacedFigures } from "./figures.ts";

/**
 * Spec §2's stat cards over the period. DESIGN: 'Longest Win Streak' shows the longest run of
 * wins (the original showed the current streak under that label); the current one is its note.
 * 'Total Bets Placed' and 'Average Bet Size' count placed bets, pending ones too (placedFigures).
 * Ours adds 'Avg CLV': how the player's prices compared with the closing lines.
 */
export function AnalyticsFigures({
  summary,
  placed,
  clv,
}: {
  summary: Summary;
  placed: PlacedFigures;
  clv: ClvFigure;
}) {
  const current = summary.currentStreak;
  const clvCard = clvCardText(clv);
  return (
    <StatCards
      className="analytics-stats"
      cards={[
        {
          id: "stat-average",
          label: "Average Bet Size",
          value: dollarsText(placed.averageCents),
          note: `${dollarsText(placed.wageredCents)} wagered`,
        },
        {
          id: "stat-streak",
          label: "Longest Win Streak",
          value: `${summary.longestWinStreak}W`,
          note: current && current.count > 0 ? `Current streak ${streakText(current)}` : "No current streak",
        },
        {
          id: "stat-total",
          label: "Total Bets Placed",
          value: String(placed.count),
          note: `${placed.pending} pending · ${summary.wonBets} won · ${summary.lostBets} lost · ${summary.pushedBets} push`,
        },
        { id: "stat-clv", label: "Avg CLV", value: clvCard.value, note: clvCard.note },
      ]}
    />
  );
}
