import type { Coverage } from "../../../shared/contract/betting.ts";

/** Spec §2 Games: 'Week N Betting Coverage' — games bet against games scheduled, and what the prize needs. */
export function CoveragePanel({ coverage }: { coverage: Coverage }) {
  const { week, gamesBet, gamesScheduled, gamesRequired, eligible } = coverage;
  const percent = gamesScheduled === 0 ? 0 : Math.round((gamesBet / gamesScheduled) * 100);
  let hint: string;
  if (gamesScheduled === 0) hint = "No games scheduled for this week";
  else if (eligible) hint = "You're eligible for this week's prize.";
  else if (gamesRequired === 0) hint = "One game this week: no minimum for the prize.";
  else
    hint = `Bet ${gamesRequired - gamesBet} more ${gamesRequired - gamesBet === 1 ? "game" : "games"} to be eligible for this week's prize.`;
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
      <p className={`coverage-hint${eligible ? " eligible" : ""}`}>{hint}</p>
    </section>
  );
}
