import { Fragment, lazy, Suspense, useEffect, useId, useMemo, useState } from "react";
import type { Game } from "../../../shared/contract/games.ts";
import { InlineError } from "../../components/InlineError.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { WeekSelect } from "../../components/WeekSelect.tsx";
import { isLocked } from "../../lib/games.ts";
import { CoveragePanel } from "./CoveragePanel.tsx";
import { bettableFirst } from "./filter.ts";
import { FilterPanel } from "./FilterPanel.tsx";
import { FinalScoreCard } from "./FinalScoreCard.tsx";
import { GameCard } from "./GameCard.tsx";
import { PerformanceStats } from "./PerformanceStats.tsx";
import { PromoBanner } from "./PromoBanner.tsx";
import { type GamesPageState, useGamesPage } from "./use-games-page.ts";

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

// With the chart library behind it: fetched on the first open, never on the first visit.
const LineHistoryDialog = lazy(() => import("./LineHistoryDialog.tsx"));

const REFRESH_FAILED = "Could not refresh the odds. Check your connection and try again.";

/** / (spec §2): the week's open games with their odds (picks go to the bet slip), then its final scores. */
export function GamesPage() {
  const page = useGamesPage();
  const filterId = useId();

  // The promo banner waits for the session (it may have been dismissed by this account), and a
  // skeleton drawn before it would be pushed down when it comes: nothing is drawn until then.
  if (!page.sessionKnown) return null;
  if (!page.panelsReady) {
    return (
      <>
        <PromoBanner now={page.now} />
        <LoadingCards />
      </>
    );
  }

  return (
    <>
      <PromoBanner now={page.now} />
      {page.coverage ? <CoveragePanel coverage={page.coverage} onAction={page.showGames} /> : null}
      {page.stats ? (
        <PerformanceStats stats={page.stats} bets={page.history} historyFailed={page.historyFailed} />
      ) : null}
      {/* Focused (not tabbable) when the contest status jumps to the games, so reading and Tab go on from here. */}
      <div
        className="games-section"
        ref={(el) => {
          page.listRef.current = el;
        }}
        tabIndex={-1}
      >
        <Toolbar page={page} filterId={filterId} />
        {page.refreshFailed ? (
          <InlineError message={REFRESH_FAILED} onRetry={page.retry} retrying={page.retrying} />
        ) : null}
        {/* Says what Refresh Odds did (read out when it changes), until the next refresh. */}
        <p className="refresh-result" role="status">
          {page.refreshResult && !page.refreshFailed ? page.refreshResult : ""}
        </p>
        {page.filterOpen ? (
          <FilterPanel id={filterId} filter={page.filter} onChange={page.setFilter} signedIn={page.signedIn} />
        ) : null}
        {page.filterSummary ? <FilterSummary {...page.filterSummary} onClear={page.clearFilter} /> : null}
        <GameList page={page} />
      </div>
      {page.finals.length > 0 ? (
        <section className="final-scores" aria-labelledby="final-scores-title">
          <h2 id="final-scores-title">Week {page.week} Final Scores</h2>
          <div className="final-list">
            {page.finals.map((game) => (
              <FinalScoreCard
                key={game.id}
                game={game}
                bets={page.betsByGame.get(game.id)}
                onShowLines={page.showLines}
              />
            ))}
          </div>
        </section>
      ) : null}
      {page.linesGame ? (
        <Suspense fallback={null}>
          <LineHistoryDialog game={page.linesGame} bets={page.history} onClose={page.closeLines} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The title with the week, Filter and Refresh Odds. */
function Toolbar({ page, filterId }: { page: GamesPageState; filterId: string }) {
  return (
    <PageHeader title="NFL Games">
      {page.week !== null ? (
        <WeekSelect week={page.week} currentWeek={page.currentWeek ?? page.week} onChange={page.pickWeek} />
      ) : (
        // Holds the week picker's place (its widest label) until the week is known: the buttons
        // beside it, and the list below on phones where they wrap, do not move when it comes.
        <select className="week-select week-select-placeholder" aria-hidden="true" tabIndex={-1} disabled>
          <option>Week 18 (Current)</option>
        </select>
      )}
      <button
        type="button"
        className="secondary outline toolbar-button"
        aria-label="Filter"
        aria-expanded={page.filterOpen}
        aria-controls={filterId}
        onClick={page.toggleFilter}
      >
        Filter
        {page.activeFilters > 0 ? <span className="count-pill filter-count">{page.activeFilters}</span> : null}
      </button>
      <button
        type="button"
        className="toolbar-button"
        aria-busy={page.refreshing}
        disabled={page.week === null || page.refreshing}
        onClick={page.refresh}
      >
        Refresh Odds
      </button>
    </PageHeader>
  );
}

/** 'Showing N of M games', while a filter hides some. */
function FilterSummary({ shown, of, onClear }: { shown: number; of: number; onClear: () => void }) {
  return (
    <p className="filter-summary">
      Showing {shown} of {of} {of === 1 ? "game" : "games"} ·{" "}
      <button type="button" className="link-button" onClick={onClear}>
        Clear filter
      </button>
    </p>
  );
}

/** The week's open games, or what stands in for them. */
function GameList({ page }: { page: GamesPageState }) {
  const { list } = page;
  switch (list.show) {
    case "failed":
      return (
        <article className="empty-state" role="alert">
          <p>Could not load the games. Please try again.</p>
          <button type="button" className="secondary" onClick={page.retry}>
            Try again
          </button>
        </article>
      );
    case "loading":
      return <LoadingCards />;
    case "past":
      return null;
    case "no-games":
      return (
        <article className="empty-state">
          <p>No upcoming games available for Week {list.week}. Check back later!</p>
        </article>
      );
    case "unmatched":
      return (
        <article className="empty-state">
          <p>No games match your filter.</p>
          <button type="button" className="secondary" onClick={page.clearFilter}>
            Clear filter
          </button>
        </article>
      );
    case "games":
      return <GameCards games={list.games} page={page} />;
  }
}

/** Cards drawn at first; the rest follow a few at a time, each batch a task of its own. */
const FIRST_CARDS = 3;
const MORE_CARDS = 3;

/**
 * How many of `total` cards to draw: a week's 16 cards drawn at once were one long task on a phone
 * (hundreds of ms under Lighthouse's throttling), blocking taps; in batches the page answers between them.
 */
function useCardsDrawn(total: number): number {
  const [drawn, setDrawn] = useState(FIRST_CARDS);
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => setDrawn((n) => n + MORE_CARDS), 0);
    return () => clearTimeout(timer);
  }, [drawn, total]);
  return Math.min(drawn, total);
}

/**
 * The open games, those the player can still bet first (issue 46 item 4); under "Upcoming" and "Live"
 * headings when both are there (a Sunday afternoon).
 */
function GameCards({ games, page }: { games: Game[]; page: GamesPageState }) {
  const { upcoming, live } = useMemo(() => bettableFirst(games, page.now), [games, page.now]);
  const ordered = useMemo(() => [...upcoming, ...live], [upcoming, live]);
  const drawn = useCardsDrawn(ordered.length);
  const split = upcoming.length > 0 && live.length > 0;
  return (
    <div className="game-list">
      {ordered.slice(0, drawn).map((game, i) => (
        <Fragment key={game.id}>
          {split && i === 0 ? <h2 className="game-group-title">Upcoming</h2> : null}
          {split && i === upcoming.length ? <h2 className="game-group-title">Live</h2> : null}
          <GameCard
            game={game}
            locked={isLocked(game, page.now)}
            selectedKeys={page.slipKeys.get(game.id) ?? ""}
            moves={page.movesOf(game.id)}
            bets={page.betsByGame.get(game.id)}
            onShowLines={page.showLines}
          />
        </Fragment>
      ))}
    </div>
  );
}
