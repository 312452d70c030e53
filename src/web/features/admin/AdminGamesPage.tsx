import type { Game } from "../../../shared/contract/games.ts";
import type { ActionItem, BetCount } from "../../../shared/contract/admin.ts";
import { useEffect, useState } from "react";
import { PageHeader } from "../../components/PageHeader.tsx";
import { WeekSelect } from "../../components/WeekSelect.tsx";
import { formatKickoff, useCurrentWeek, useWeekGames } from "../../lib/games.ts";
import { ResolveForm, scoreInputId } from "./ResolveForm.tsx";
import { Loading } from "../../components/Loading.tsx";
import { ActionQueue } from "./ActionQueue.tsx";
import { AdminRefusal, isRefusal } from "./AdminRefusal.tsx";
import { ridersText } from "./admin-text.ts";
import { useAdminGames } from "./api.ts";
import { JobsPanel } from "./JobsPanel.tsx";
import { ReportsPanel } from "./ReportsPanel.tsx";
import { WeeklyWinnersPanel } from "./WeeklyWinnersPanel.tsx";

function GameHead({ game, count }: { game: Game; count: BetCount | undefined }) {
  return (
    <div className="admin-game-head">
      <h3>
        {game.awayTeam} @ {game.homeTeam}
      </h3>
      {game.status === "live" ? <span className="live-badge">LIVE</span> : null}
      <time dateTime={game.commenceTime}>{formatKickoff(game.commenceTime)}</time>
      <span className="game-riders">{ridersText(count)}</span>
    </div>
  );
}

function CompletedGame({ game, count }: { game: Game; count: BetCount | undefined }) {
  const [regrading, setRegrading] = useState(false);
  return (
    <li className="admin-game surface" aria-label={`${game.awayTeam} @ ${game.homeTeam}`}>
      <GameHead game={game} count={count} />
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
 * /admin/games (spec §2): what needs action first, then a week's games to resolve (with the bets
 * riding on each) and its finals to correct; below, the weekly winners and the weekly jobs. The
 * server decides who is an admin: a refusal replaces the tools.
 */
export function AdminGamesPage() {
  const currentWeek = useCurrentWeek();
  const [picked, setPicked] = useState<number | null>(null);
  const week = picked ?? currentWeek.data?.week ?? null;
  const admin = useAdminGames(week);
  const refused = isRefusal(admin.error);
  const games = useWeekGames(refused ? null : week);
  const [focusGame, setFocusGame] = useState<string | null>(null);
  const upcoming = games.data?.filter((game) => game.status !== "completed") ?? [];
  const completed = games.data?.filter((game) => game.status === "completed") ?? [];
  const counts = new Map(admin.data?.counts.map((c) => [c.gameId, c]));
  const error = currentWeek.error ?? games.error ?? admin.error;

  useEffect(() => {
    if (!focusGame || !games.data?.some((g) => g.id === focusGame)) return;
    const input = document.getElementById(scoreInputId(focusGame));
    input?.scrollIntoView({ block: "center" });
    input?.focus();
    setFocusGame(null);
  }, [focusGame, games.data]);

  const resolveFromQueue = (item: ActionItem) => {
    setPicked(item.week);
    setFocusGame(item.gameId);
  };

  return (
    <>
      <PageHeader
        title="Admin Game Resolution"
        subtitle="Enter final scores to complete games; their bets settle automatically."
      >
        {week !== null && !refused ? (
          <WeekSelect week={week} currentWeek={currentWeek.data?.week ?? week} onChange={setPicked} />
        ) : null}
      </PageHeader>
      {refused ? (
        <AdminRefusal error={admin.error} />
      ) : error ? (
        <article className="empty-state" role="alert">
          <p>Could not load the games. Please try again.</p>
        </article>
      ) : !games.data || !admin.data ? (
        <Loading>Loading games…</Loading>
      ) : (
        <div className="admin-sections">
          <ActionQueue items={admin.data.queue} onResolve={resolveFromQueue} />
          <section aria-labelledby="upcoming-title">
            <h2 id="upcoming-title">Upcoming Games</h2>
            {upcoming.length === 0 ? (
              <p className="empty-state">No upcoming games</p>
            ) : (
              <ul className="admin-games">
                {upcoming.map((game) => (
                  <li key={game.id} className="admin-game surface" aria-label={`${game.awayTeam} @ ${game.homeTeam}`}>
                    <GameHead game={game} count={counts.get(game.id)} />
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
                  <CompletedGame key={game.id} game={game} count={counts.get(game.id)} />
                ))}
              </ul>
            )}
          </section>
          <WeeklyWinnersPanel />
          <JobsPanel />
          <ReportsPanel />
        </div>
      )}
    </>
  );
}
