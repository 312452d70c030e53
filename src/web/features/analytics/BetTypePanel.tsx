import { percentText, profitText, signedPercentText, toneClass } from "../../lib/stats-format.ts";
import type { BetTypeRow } from "./figures.ts";

/** Bet Type Performance (spec §2): per type its profit, a win-rate bar, bets, win rate and ROI over the period. */
export function BetTypePanel({ rows }: { rows: BetTypeRow[] }) {
  return (
    <article className="analytics-card bet-type-panel" aria-labelledby="bet-types-title">
      <h2 id="bet-types-title">Bet Type Performance</h2>
      <ul className="bet-type-list">
        {rows.map(({ betType, label, summary }) => {
          const labelId = `bet-type-${betType}`;
          return (
            <li key={betType} className="bet-type-row" aria-labelledby={labelId} data-bet-type={betType}>
              <div className="bet-type-head">
                <span className="bet-type-name" id={labelId}>
                  {label}
                </span>
                <span className={`bet-type-profit ${toneClass(summary.totalProfitCents)}`}>
                  {profitText(summary.totalProfitCents)}
                </span>
              </div>
              <progress className="win-rate-bar" max={100} value={summary.winRate} aria-label={`${label} win rate`} />
              <p className="bet-type-facts">
                <span className="bet-type-count">
                  {summary.totalBets} {summary.totalBets === 1 ? "bet" : "bets"}
                </span>
                <span className="bet-type-win-rate">Win rate {percentText(summary.winRate)}</span>
                <span className="bet-type-roi">ROI {signedPercentText(summary.roi)}</span>
              </p>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
