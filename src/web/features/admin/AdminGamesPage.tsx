import type { Game } from "../../../shared/contract/games.ts";
import { useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { WeekSelect } from "../../components/WeekSelect.tsx";
import { formatKickoff, useCurrentWeek, useWeekGames } from "../../lib/games.ts";
import { ResolveForm } from "./ResolveForm.tsx";
import { Loading } from "../../components/Loading.tsx";

function GameHead({ game }: { game: Game }) {
  return (
    <div className="admin-game-head">
      <h3>
        {game.awayTeam} @ {game.homeTeam}
      </h3>
      {game.status === "live" ? <span className="live-badge">LIVE</span> : null}
      <time dateTime={game.commenceTime}>{formatKickoff(game.commenceTime)}</time>
    </div>
  );
}

function CompletedGame({ game }: { game: Game }) {
  const [regrading, setRegrading] = useState(false);
  return (
    <li className="admin-game surface" aria-label={`${game.awayTeam} @ ${game.homeTeam}`}>
      <GameHead game={game} />
      <div className="final-row">
        <span className="final-label">Final</span>
        <span className="final-score">
          {game.awayScore} - {game.homeScore}
        </span>
        {regrading ? null : (
          <button type="button" className="secondary outline" onClick={() => setRegrading(true)}>
            Regrade
          </button>
        )}
      </div>
      {regrading ? (
        <>
          <ResolveForm game={game} regrade onDone={() => setRegrading(false)} />
          <button type="button" className="link-button" onClick={() => setRegrading(false)}>
            Cancel regrade
          </button>
        </>
      ) : null}
    </li>
  );
}

/**
 * /admin/games (spec §2): enter final scores to complete a week's games and settle their bets,
 * and correct a completed game. No gate here: the server refuses non-admins, and the refusal is shown.
 */
export function AdminGamesPage() {
  const currentWeek = useCurrentWeek();
  const [picked, setPicked] = useState<number | null>(null);
  const week = picked ?? currentWeek.data?.week ?? null;
  const games = useWeekGames(week);
  const upcoming = games.data?.filter((game) => game.status !== "completed") ?? [];
  const completed = games.data?.filter((game) => game.status === "completed") ?? [];
  const error = currentWeek.error ?? games.error;

  return (
    <>
      <PageHeader
        title="Admin Game Resolution"
        subtitle="Enter final scores to complete games; their bets settle automatically."
      >
        {week !== null ? (
          <WeekSelect week={week} currentWeek={currentWeek.data?.week ?? week} onChange={setPicked} />
        ) : null}
      </PageHeader>
      {error ? (
        <article className="empty-state" role="alert">
          <p>Could not load the games. Please try again.</p>
        </article>
      ) : !games.data ? (
        <Loading>Loading games…</Loading>
      ) : (
        <div className="admin-sections">
          <section aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">Upcoming Games</h2>
            {upcoming.length === 0 ? (
              <p className="empty-state">No upcoming games</p>
            ) : (
              <ul className="admin-games">
                {upcoming.map((game) => (
                  <li key={game.id} className="admin-game surface" aria-label={`${game.awayTeam} @ ${game.homeTeam}`}>
                    <GameHead game={game} />
                    <ResolveForm game={game} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="completed-title">
            <h2 id="completed-title">Completed Games</h2>
            {completed.length === 0 ? (
              <p className="empty-state">No completed games</p>
            ) : (
              <ul className="admin-games">
                {completed.map((game) => (
                  <CompletedGame key={game.id} game={game} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}
