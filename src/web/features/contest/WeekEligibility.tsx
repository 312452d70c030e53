import { useCurrentWeek, useWeekGames } from "../../lib/games.ts";
import { eligibilityText } from "./eligibility-text.ts";
import { ContestStatusLine } from "../../components/ContestStatusLine.tsx";
import { useWeekCoverage } from "../../lib/contest-status.ts";
import { useCurrentUser } from "../../lib/session.ts";

/** This week's real requirement, from the server's current week and its schedule, and the signed-in player's status. */
export function WeekEligibility() {
  const { data: current, error: weekError } = useCurrentWeek();
  const week = current?.week ?? null;
  const { data: games, error: gamesError } = useWeekGames(week);
  const { user } = useCurrentUser();
  const { data: coverage } = useWeekCoverage(user?.id, week);

  let text: string;
  if (games && week !== null) text = eligibilityText(week, games.length);
  else if (weekError || gamesError)
    text = "This week's games could not be loaded. The requirement is all of the week's games except one.";
  else text = "Loading this week's games…";

  return (
    <div className="contest-week" aria-live="polite">
      <p className="contest-week-label">This week</p>
      <p className="contest-week-text" data-testid="week-eligibility" aria-busy={!games && !weekError && !gamesError}>
        {text}
      </p>
      {coverage ? <ContestStatusLine status={coverage.contest} className="contest-week-you" /> : null}
    </div>
  );
}
