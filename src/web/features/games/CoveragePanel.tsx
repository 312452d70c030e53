import type { Coverage } from "../../../shared/contract/betting.ts";
import { ContestStatusLine } from "../../components/ContestStatusLine.tsx";

/**
 * Spec §2 Games: 'Week N Betting Coverage' — games bet against games scheduled, and the player's
 * contest status (the server's rule: never more games than remain open) with its next step.
 */
export function CoveragePanel({
  coverage,
  onAction,
}: {
  coverage: Coverage;
  /** Show the open games not bet yet (week null), or another week's games. */
  onAction: (week: number | null) => void;
}) {
  const { week, gamesBet, gamesScheduled } = coverage;
  const percent = gamesScheduled === 0 ? 0 : Math.round((gamesBet / gamesScheduled) * 100);
  return (
    <section className="coverage-panel surface" aria-labelledby="coverage-title">
      <div className="coverage-head">
        <h2 id="coverage-title">Week {week} Betting Coverage</h2>
        <p className="coverage-count">
          <span>Games Bet</span>{" "}
          <strong data-testid="coverage-count">
            {gamesBet}/{gamesScheduled}
          </strong>
        </p>
      </div>
      <progress
        value={gamesBet}
        max={Math.max(gamesScheduled, 1)}
        aria-label={`Games bet: ${gamesBet} of ${gamesScheduled}`}
      >
        {percent}%
      </progress>
      <ContestStatusLine status={coverage.contest} className="coverage-hint" onAction={onAction} />
    </section>
  );
}
