import { useRef, useState } from "react";
import { Link } from "wouter";
import { errorText } from "../../lib/api.ts";
import { profitText, toneClass } from "../../lib/stats-format.ts";
import { toast } from "../../lib/toast.ts";
import { dayLabel, exportCaption, type Period, type ProfitPoint } from "./figures.ts";
import { CHART_HEIGHT, ProfitChart, type ProfitChartHandle } from "./ProfitChart.tsx";

interface ProfitPanelProps {
  points: ProfitPoint[];
  totalProfitCents: number;
  settledCount: number;
  /** The player's pending bets (any period): said, since they are left out. */
  pendingCount: number;
  period: Period;
  /** Whose figures they are: named on the exported picture. */
  playerName: string | null;
}

/** Profit Over Time (spec §2): the cumulative line, the period's Total Profit, and Export Chart (a PNG). */
export function ProfitPanel({
  points,
  totalProfitCents,
  settledCount,
  pendingCount,
  period,
  playerName,
}: ProfitPanelProps) {
  const chart = useRef<ProfitChartHandle>(null);
  const [ready, setReady] = useState(false);
  const [exporting, setExporting] = useState(false);
  const empty = settledCount === 0;

  async function exportChart() {
    setExporting(true);
    try {
      await chart.current?.exportPng(exportCaption({ playerName, period, settledCount, totalProfitCents }));
    } catch (error) {
      toast({
        title: "Export failed",
        description: errorText(error, "The chart could not be saved."),
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <article className="analytics-card profit-panel" aria-labelledby="profit-title">
      <div className="profit-head">
        <h2 id="profit-title">Profit Over Time</h2>
        <button
          type="button"
          className="secondary outline export-button"
          onClick={exportChart}
          disabled={empty || !ready || exporting}
          aria-busy={exporting || undefined}
        >
          Export Chart
        </button>
      </div>
      <div className="profit-summary">
        <p className="profit-total">
          <span className="profit-total-label">Total Profit</span>
          <strong className={`profit-total-value ${toneClass(totalProfitCents)}`} data-testid="total-profit">
            {profitText(totalProfitCents)}
          </strong>
        </p>
        <p className="profit-caption">
          {settledCount} settled {settledCount === 1 ? "bet" : "bets"} ·{" "}
          {period.id === "ALL" ? "All time" : `Last ${period.days} days`}
        </p>
        {pendingCount > 0 ? (
          <p className="profit-caption profit-pending">
            {pendingCount} pending {pendingCount === 1 ? "bet is" : "bets are"} not counted until{" "}
            {pendingCount === 1 ? "its game is" : "their games are"} final.
          </p>
        ) : null}
      </div>

      {empty ? (
        <div className="chart-empty" style={{ height: CHART_HEIGHT }}>
          <p className="chart-empty-title">
            {period.id === "ALL" ? "No settled bets yet." : `No settled bets in ${period.words}.`}
          </p>
          <p>Your profit line starts once a game you bet on is final.</p>
          <Link href="/" className="button-link">
            Browse games
          </Link>
        </div>
      ) : (
        <>
          <ProfitChart ref={chart} points={points} onReady={setReady} />
          {/* The charting library's licence asks for its attribution notice on the page. */}
          <p className="chart-credit">
            Chart by{" "}
            <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
              TradingView Lightweight Charts™
            </a>
            , © TradingView, Inc.
          </p>
          <ProfitTable points={points} />
        </>
      )}
    </article>
  );
}

/** The chart's figures as a table for screen readers (the canvas says nothing to them). */
function ProfitTable({ points }: { points: ProfitPoint[] }) {
  return (
    // A table ignores the tiny height and clipping, so the clipped box is a wrapper.
    <div className="visually-hidden">
      <table>
        <caption>Cumulative profit by day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Profit</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.day}>
              <td>{dayLabel(point.day)}</td>
              <td>{profitText(point.profitCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
