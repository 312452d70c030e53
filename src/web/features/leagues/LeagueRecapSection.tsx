import { WeekSelect } from "../../components/WeekSelect.tsx";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { useCurrentWeek, useWeekGames } from "../../lib/games.ts";
import { useLeagueRecap } from "./api.ts";
import { recapText } from "./recap-text.ts";
import { defaultRecapWeek } from "./sections.ts";

/** The recap card's address (http/ssr/recap-card-route.ts): members only, drawn on the server. */
export const recapCardPath = (leagueId: number, week: number) => `/leagues/${leagueId}/weeks/${week}/recap.png`;

/**
 * The Tuesday recap (issue 44 item 7): once a week's games are final, its winner, biggest hit, worst
 * beat, best closing-line value, most-tailed pick and the season's tail records; with its share card.
 */
export function LeagueRecapSection({
  leagueId,
  leagueName,
  week: asked,
  onWeek,
}: {
  leagueId: number;
  leagueName: string;
  /** The address's `?week=N`; null: the latest week whose games are final. */
  week: number | null;
  onWeek(week: number): void;
}) {
  const current = useCurrentWeek().data?.week ?? null;
  const { data: games } = useWeekGames(asked === null ? current : null);
  const week = asked ?? (current !== null && games ? defaultRecapWeek(current, games) : null);
  // The week's games, kept live by the socket: the recap is asked for once they are all final, so
  // the week's last game ending brings it in place (one request, none per update).
  const { data: weekGames } = useWeekGames(week);
  const final = weekGames !== undefined && weekGames.length > 0 && weekGames.every((g) => g.status === "completed");
  const { data: recap, error } = useLeagueRecap(leagueId, final ? week : null);
  const text = recap ? recapText(recap, leagueName) : null;
  return (
    <section className="league-recap" aria-labelledby="league-recap-title">
      <div className="league-recap-head">
        <h2 id="league-recap-title">{week === null ? "Recap" : `Week ${week} in review`}</h2>
        {current !== null && week !== null ? (
          <WeekSelect week={week} currentWeek={current} lastWeek={current} onChange={onWeek} />
        ) : null}
      </div>
      {current !== null && week === null && (asked !== null || games) ? (
        <p className="muted">The first recap comes once Week 1's games are final.</p>
      ) : null}
      {week !== null && weekGames && !final ? (
        <p className="muted league-recap-wait">Week {week}'s recap comes once all its games are final.</p>
      ) : null}
      {error && !(error instanceof ApiError && error.code === "week_settling") ? (
        <p className="muted league-recap-wait">{errorText(error, "This recap could not be loaded.")}</p>
      ) : null}
      {week !== null && final && !recap && (!error || (error instanceof ApiError && error.code === "week_settling")) ? (
        <p className="muted" aria-busy="true">
          Loading the recap…
        </p>
      ) : null}
      {recap && text ? (
        <>
          <p className="league-recap-winner">{text.winner}</p>
          {text.highlights.length > 0 ? (
            <dl className="league-recap-highlights">
              {text.highlights.map((line) => (
                <div key={line.label}>
                  <dt>{line.label}</dt>
                  <dd>
                    {line.player ? (
                      <>
                        <PlayerLink username={line.player} />:{" "}
                      </>
                    ) : null}
                    {line.text}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="muted">No pick this league showed was settled in Week {recap.week}.</p>
          )}
          <h3>Tail records this season</h3>
          {text.tails.length > 0 ? (
            <ul className="league-recap-tails">
              {text.tails.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nobody has tailed a league-mate's settled pick yet.</p>
          )}
          <p className="league-recap-card">
            <a href={recapCardPath(leagueId, recap.week)} download={`league-${leagueId}-week-${recap.week}-recap.png`}>
              Download the recap card
            </a>{" "}
            <span className="muted">(an image for your group chat; it opens for members only)</span>
          </p>
        </>
      ) : null}
    </section>
  );
}
