import { PageHeader } from "../../components/PageHeader.tsx";
import { SegmentedButtons } from "../../components/SegmentedButtons.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { useCurrentWeek } from "../../lib/games.ts";
import { intParam, useSearchParam } from "../../lib/search-param.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { WEEKS } from "../../../shared/games.ts";
import { useLeaderboard, type BoardView } from "./api.ts";
import { EMPTY_OVERALL_TEXT, emptyWeekText, rankedText } from "./board-text.ts";
import { LeaderboardTable } from "./LeaderboardTable.tsx";
import { Loading } from "../../components/Loading.tsx";

const VIEWS = [
  { value: "week", label: "This Week" },
  { value: "overall", label: "Overall" },
] as const satisfies readonly { value: BoardView; label: string }[];

const LOAD_FAILED = "Failed to load the leaderboard. Please try refreshing.";

/** /leaderboard (spec §2): this week's board (the server's current week) or the overall one; public. */
export function LeaderboardPage() {
  // The view and the week live in the address (?view=overall, ?week=N), so Back and refresh keep them.
  const [viewParam, setViewParam] = useSearchParam("view");
  const view: BoardView = viewParam === "overall" ? "overall" : "week";
  const setView = (next: BoardView) => setViewParam(next === "overall" ? "overall" : null);
  const [weekParam] = useSearchParam("week");
  const { data: current, error: weekError } = useCurrentWeek();
  const week = intParam(weekParam, 1, WEEKS) ?? current?.week ?? null;
  const { user } = useCurrentUser();
  const { data: entries, error } = useLeaderboard(view, week);
  const viewerId = user?.id ?? null;

  const title = view === "overall" ? "Overall Leaderboard" : week === null ? "Leaderboard" : `Week ${week} Leaderboard`;
  const subtitle =
    view === "overall"
      ? "Every settled individual bet so far, ranked by units won."
      : "This week's settled individual bets, ranked by units won. The top 3 eligible players each win a $20 gift card.";
  const failure = error ?? (view === "week" ? weekError : undefined);
  const viewerRow = entries?.find((entry) => entry.userId === viewerId);

  return (
    <>
      <PageHeader title={title} subtitle={subtitle}>
        <SegmentedButtons<BoardView> label="Leaderboard" options={VIEWS} value={view} onChange={setView} />
      </PageHeader>

      {entries === undefined ? (
        failure ? (
          <article className="error-panel" role="alert">
            <h2>Error loading leaderboard</h2>
            <p>{failure instanceof ApiError ? errorText(failure, LOAD_FAILED) : LOAD_FAILED}</p>
          </article>
        ) : (
          <Loading>Loading leaderboard...</Loading>
        )
      ) : entries.length === 0 ? (
        <article className="empty-state board-empty">
          <p>{view === "overall" ? EMPTY_OVERALL_TEXT : emptyWeekText(week!)}</p>
        </article>
      ) : (
        <>
          {viewerRow ? <p className="board-you">{rankedText(viewerRow.rank)}</p> : null}
          <LeaderboardTable
            entries={entries}
            viewerId={viewerId}
            caption={view === "overall" ? "Overall standings" : `Week ${week} standings`}
          />
          <p className="board-legend">
            Ties share a rank. Ranked by units won, then ROI, then bets. <span className="bot-tag">BOT</span> players
            are automated: they appear on the board but never win prizes.
          </p>
        </>
      )}
    </>
  );
}
