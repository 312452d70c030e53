import { PageHeader } from "../../components/PageHeader.tsx";
import { SegmentedButtons } from "../../components/SegmentedButtons.tsx";
import { InlineError } from "../../components/InlineError.tsx";
import { WeekSelect } from "../../components/WeekSelect.tsx";
import { useCurrentWeek } from "../../lib/games.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useLeaderboard, useRecordedWinners, type BoardView } from "./api.ts";
import { EMPTY_OVERALL_TEXT, emptyWeekText, rankedText } from "./board-text.ts";
import { LeaderboardTable } from "./LeaderboardTable.tsx";
import { Loading } from "../../components/Loading.tsx";
import { boardWeek, useBoardSelection } from "./selection.ts";
import { WinnersPanel } from "./WinnersPanel.tsx";
import { ContestStatusLine } from "../../components/ContestStatusLine.tsx";
import { useWeekCoverage } from "../../lib/contest-status.ts";

const VIEWS = [
  { value: "week", label: "This Week" },
  { value: "overall", label: "Overall" },
] as const satisfies readonly { value: BoardView; label: string }[];

const LOAD_FAILED = "Could not load the leaderboard. Check your connection and try again.";

/**
 * /leaderboard (spec §2): a week's board (the server's current week, or an earlier one picked) or
 * the overall one, with the recorded weekly winners; public.
 */
export function LeaderboardPage() {
  const { view, pickedWeek, setView, setWeek } = useBoardSelection();
  const currentWeek = useCurrentWeek();
  const current = currentWeek.data?.week ?? null;
  const week = boardWeek(pickedWeek, current);
  const { user } = useCurrentUser();
  const board = useLeaderboard(view, week);
  // The viewer's standing in the shown week's contest, beside their rank: a rank alone cannot say they can win.
  const coverage = useWeekCoverage(view === "week" ? user?.id : null, week);
  const status = coverage.data?.contest;
  const { data: recorded } = useRecordedWinners();
  const entries = board.data;
  const viewerId = user?.id ?? null;
  const isCurrent = week !== null && week === current;

  const title = view === "overall" ? "Overall Leaderboard" : week === null ? "Leaderboard" : `Week ${week} Leaderboard`;
  const subtitle =
    view === "overall"
      ? "Every settled individual bet so far, ranked by units won."
      : isCurrent || week === null
        ? "This week's settled individual bets, ranked by units won. The top 3 eligible players each win a $20 gift card."
        : `Week ${week}'s settled individual bets, ranked by units won.`;
  const failure = board.error ?? (view === "week" ? currentWeek.error : undefined);
  const retry = () => void (currentWeek.error ? currentWeek.mutate() : board.mutate());
  const viewerRow = entries?.find((entry) => entry.userId === viewerId);
  const showWeek = (n: number) => setWeek(n);

  return (
    <>
      <PageHeader title={title} subtitle={subtitle}>
        {view === "week" && week !== null && current !== null ? (
          <WeekSelect week={week} currentWeek={current} lastWeek={current} onChange={setWeek} />
        ) : null}
        <SegmentedButtons<BoardView> label="Leaderboard" options={VIEWS} value={view} onChange={setView} />
      </PageHeader>

      {recorded && recorded.length > 0 ? (
        <WinnersPanel weeks={recorded} week={view === "week" ? week : null} onShowWeek={showWeek} />
      ) : null}

      {failure ? <InlineError message={LOAD_FAILED} onRetry={retry} retrying={board.isValidating} /> : null}

      {entries === undefined ? (
        failure ? null : (
          <Loading>Loading leaderboard...</Loading>
        )
      ) : entries.length === 0 ? (
        <article className="empty-state board-empty">
          <p>{view === "overall" ? EMPTY_OVERALL_TEXT : emptyWeekText(week!)}</p>
          {view === "week" && week !== null && week > 1 ? (
            <button type="button" className="secondary" onClick={() => setWeek(week - 1)}>
              See Week {week - 1}
            </button>
          ) : null}
        </article>
      ) : (
        <>
          {viewerRow || status ? (
            <div className="board-you">
              {viewerRow ? <p>{rankedText(viewerRow.rank)}</p> : null}
              {status ? <ContestStatusLine status={status} /> : null}
            </div>
          ) : null}
          <LeaderboardTable
            entries={entries}
            viewerId={viewerId}
            caption={view === "overall" ? "Overall standings" : `Week ${week} standings`}
          />
          <p className="board-legend">
            Ties share a rank. Ranked by units won, then ROI, then bets.{" "}
            {view === "week" ? (
              <>
                <span className="name-tag eligible-tag" aria-hidden="true">
                  ✓
                </span>{" "}
                marks players who can win the week's prize (all games but one bet); medals go to them only.{" "}
              </>
            ) : null}
            <span className="name-tag bot-tag">BOT</span> players are automated: they appear on the board but never win
            prizes.
          </p>
        </>
      )}
    </>
  );
}
