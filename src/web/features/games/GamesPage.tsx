import { computed } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useId, useMemo, useState } from "react";
import { InlineError } from "../../components/InlineError.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { WeekSelect } from "../../components/WeekSelect.tsx";
import { selectionKey, slipSelections } from "../../lib/bet-slip.ts";
import { isLocked, useCurrentWeek, useWeekGames } from "../../lib/games.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useAllBets, useCoverage, useUserStats, useWeekBets } from "./api.ts";
import { CoveragePanel } from "./CoveragePanel.tsx";
import { activeFilterCount, matchesFilter, NO_FILTER } from "./filter.ts";
import { FilterPanel } from "./FilterPanel.tsx";
import { FinalScoreCard } from "./FinalScoreCard.tsx";
import { GameCard } from "./GameCard.tsx";
import { PerformanceStats } from "./PerformanceStats.tsx";
import { PromoBanner } from "./PromoBanner.tsx";
import { pickedWeek } from "./state.ts";
import { useKickoffClock } from "./use-kickoff-clock.ts";

function LoadingCards() {
  return (
    <div className="game-list" aria-busy="true">
      {/* A name on a plain div is not read out (ARIA gives generic elements none): the words are. */}
      <p className="visually-hidden">Loading games…</p>
      {[0, 1, 2].map((i) => (
        <div key={i} className="game-card surface game-card-skeleton" />
      ))}
    </div>
  );
}

/** The picks in the slip, grouped by game, as the strings the cards compare; worked out again only when the picks change. */
const slipKeysByGame = computed(() => {
  const byGame = new Map<string, string[]>();
  for (const pick of slipSelections.value) {
    const keys = byGame.get(pick.gameId) ?? [];
    keys.push(selectionKey(pick));
    byGame.set(pick.gameId, keys);
  }
  return new Map([...byGame].map(([gameId, keys]) => [gameId, keys.join("\n")]));
});

const REFRESH_FAILED = "Could not refresh the odds. Check your connection and try again.";

/** / (spec §2): the week's open games with their odds (picks go to the bet slip), then its final scores. */
export function GamesPage() {
  useSignals();
  const filterId = useId();
  const currentWeek = useCurrentWeek();
  const week = pickedWeek.value ?? currentWeek.data?.week ?? null;
  const games = useWeekGames(week);
  const { user, isLoading: sessionLoading } = useCurrentUser();
  const weekBets = useWeekBets(user?.id, week);
  const bets = weekBets.data;
  const coverage = useCoverage(user?.id, currentWeek.data?.week ?? null);
  const stats = useUserStats(user?.id);
  const allBets = useAllBets(user?.id);
  const [filter, setFilter] = useState(NO_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const now = useKickoffClock(games.data);
  const slipKeys = slipKeysByGame.value;

  const open = useMemo(() => (games.data ?? []).filter((game) => game.status !== "completed"), [games.data]);
  const finals = useMemo(() => (games.data ?? []).filter((game) => game.status === "completed"), [games.data]);
  const shown = useMemo(() => open.filter((game) => matchesFilter(game, filter, now)), [open, filter, now]);
  // 'YOUR BET' shows single bets: a parlay is its own bet, shown with its legs on My Bets.
  const betsByGame = useMemo(
    () =>
      Map.groupBy(
        (bets ?? []).filter((bet) => !bet.isParlay),
        (bet) => bet.gameId,
      ),
    [bets],
  );
  const filters = activeFilterCount(filter);
  const error = currentWeek.error ?? games.error;
  // Whichever read failed is asked again.
  const retry = () => void (currentWeek.error ? currentWeek.mutate() : games.mutate());
  const retrying = currentWeek.isValidating || games.isValidating;
  const showStats = !!stats.data && stats.data.totalBets > 0;

  // Nothing above or inside the list may move once it shows, under a finger about to tap a price.
  // So the screen waits, under a skeleton, for the small answers that decide its layout: the
  // session, the coverage panel (its hint wraps on phones), whether the performance panel shows
  // (the stats) and, before the list, the week's bets (each card's 'YOUR BET'). All are asked for
  // alongside the games. The player's whole bet history is not waited for: it only feeds the
  // performance panel's 30-day ROI, whose card keeps its size and fills in when it arrives.
  const settled = (query: { data?: unknown; error?: unknown }) => query.data !== undefined || !!query.error;
  const panelsReady = !sessionLoading && (!user || ((settled(coverage) || !!currentWeek.error) && settled(stats)));
  const listReady = !!games.data && (!user || settled(weekBets));

  if (!panelsReady) {
    return (
      <>
        <PromoBanner />
        <LoadingCards />
      </>
    );
  }

  let body: ReactNode;
  if (error && !games.data) {
    body = (
      <article className="empty-state" role="alert">
        <p>Could not load the games. Please try again.</p>
        <button type="button" className="secondary" onClick={retry}>
          Try again
        </button>
      </article>
    );
  } else if (week === null || !listReady) {
    body = <LoadingCards />;
  } else if (open.length === 0) {
    // A past week: its final scores below say what happened; the spec's sentence is for a week with no games left to show.
    body =
      finals.length > 0 ? null : (
        <article className="empty-state">
          <p>No upcoming games available for Week {week}. Check back later!</p>
        </article>
      );
  } else if (shown.length === 0) {
    body = (
      <article className="empty-state">
        <p>No games match your filter.</p>
        <button type="button" className="secondary" onClick={() => setFilter(NO_FILTER)}>
          Clear filter
        </button>
      </article>
    );
  } else {
    body = (
      <div className="game-list">
        {shown.map((game) => (
          <GameCard
            key={game.id}
            game={game}
            locked={isLocked(game, now)}
            selectedKeys={slipKeys.get(game.id) ?? ""}
            bets={betsByGame.get(game.id)}
          />
        ))}
      </div>
    );
  }

  return (
    <>
      <PromoBanner />
      {coverage.data ? <CoveragePanel coverage={coverage.data} /> : null}
      {showStats ? (
        <PerformanceStats stats={stats.data!} bets={allBets.data} historyFailed={!!allBets.error && !allBets.data} />
      ) : null}
      <PageHeader title="NFL Games">
        {week !== null ? (
          <WeekSelect
            week={week}
            currentWeek={currentWeek.data?.week ?? week}
            onChange={(n) => (pickedWeek.value = n)}
          />
        ) : null}
        <button
          type="button"
          className="secondary outline toolbar-button"
          aria-label="Filter"
          aria-expanded={filterOpen}
          aria-controls={filterId}
          onClick={() => setFilterOpen((was) => !was)}
        >
          Filter
          {filters > 0 ? <span className="count-pill filter-count">{filters}</span> : null}
        </button>
        <button
          type="button"
          className="toolbar-button"
          aria-busy={games.isValidating}
          disabled={week === null || games.isValidating}
          onClick={() => void games.mutate()}
        >
          Refresh Odds
        </button>
      </PageHeader>
      {error && games.data ? <InlineError message={REFRESH_FAILED} onRetry={retry} retrying={retrying} /> : null}
      {filterOpen ? <FilterPanel id={filterId} filter={filter} onChange={setFilter} /> : null}
      {filters > 0 && games.data && shown.length > 0 ? (
        <p className="filter-summary">
          Showing {shown.length} of {open.length} {open.length === 1 ? "game" : "games"} ·{" "}
          <button type="button" className="link-button" onClick={() => setFilter(NO_FILTER)}>
            Clear filter
          </button>
        </p>
      ) : null}
      {body}
      {/* With the list, not before: arriving first, the final scores would drop as the cards replace the skeleton. */}
      {listReady && finals.length > 0 ? (
        <section className="final-scores" aria-labelledby="final-scores-title">
          <h2 id="final-scores-title">Week {week} Final Scores</h2>
          <div className="final-list">
            {finals.map((game) => (
              <FinalScoreCard key={game.id} game={game} bets={betsByGame.get(game.id)} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
