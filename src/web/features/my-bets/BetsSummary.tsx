import type { BetsSummary as Summary } from "../../../shared/contract/betting.ts";
import { dollars, signedDollars, signedUnits, tone } from "./bet-text.ts";

const TALLY = [
  ["pending", "openBets"],
  ["won", "won"],
  ["lost", "lost"],
  ["push", "pushed"],
] as const;

/** The bankroll line (balance, open risk, profit in units and dollars), the total bet count and the tally by status. */
export function BetsSummary({ summary }: { summary: Summary }) {
  const total = summary.openBets + summary.settledBets;
  return (
    <>
      <dl className="bankroll-line" aria-label="Bankroll">
        <div>
          <dt>Balance</dt>
          <dd>{dollars(summary.balance)}</dd>
        </div>
        <div>
          <dt>Open risk</dt>
          <dd>{dollars(summary.openRisk)}</dd>
        </div>
        <div>
          <dt>P/L</dt>
          <dd className={tone(Number(summary.profit))}>
            {signedUnits(summary.profitUnits)} <small>({signedDollars(summary.profit)})</small>
          </dd>
        </div>
      </dl>
      <div className="bets-summary">
        <p className="bets-count">
          <strong>{total}</strong> total {total === 1 ? "bet" : "bets"}
        </p>
        <ul className="bets-tally" aria-label="By status">
          {TALLY.map(([status, field]) => (
            <li key={status} className={`tally-${status}`}>
              {summary[field]} {status}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
