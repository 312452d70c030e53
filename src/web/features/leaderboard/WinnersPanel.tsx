import type { RecordedWeek } from "../../../shared/contract/contest.ts";
import { signedPercentText, toneClass, unitsText } from "../../lib/stats-format.ts";
import { Medal } from "../../components/Medal.tsx";

/**
 * The recorded weekly winners (spec §1's prize): the shown week's when recorded, else the latest
 * recorded week's, with a way to its board. Nothing until a week is recorded.
 */
export function WinnersPanel({
  weeks,
  week,
  onShowWeek,
}: {
  weeks: readonly RecordedWeek[];
  /** The week on the board (null: the overall board). */
  week: number | null;
  onShowWeek(week: number): void;
}) {
  const shown = weeks.find((w) => w.week === week) ?? weeks[0];
  if (!shown) return null;
  const titleId = `winners-week-${shown.week}`;
  return (
    <section className="winners-panel surface surface-primary" aria-labelledby={titleId}>
      <div className="winners-head">
        <h2 id={titleId}>Week {shown.week} Winners</h2>
        {shown.week !== week ? (
          <button type="button" className="link-button" onClick={() => onShowWeek(shown.week)}>
            See the Week {shown.week} board
          </button>
        ) : null}
      </div>
      {shown.winners.length === 0 ? (
        <p className="winners-none">No eligible players this week.</p>
      ) : (
        <ol className="winners-list">
          {shown.winners.map((winner) => {
            return (
              <li key={winner.userId}>
                <Medal place={winner.place} />
                <strong className="winner-name">{winner.username}</strong>
                {winner.tied ? <span className="winner-tied">tied</span> : null}
                <span className={`winner-figures ${toneClass(Number(winner.unitsWon))}`}>
                  {unitsText(winner.unitsWon)} · {signedPercentText(winner.roi)} ROI
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {shown.generatedSeason ? (
        <p className="winners-note">From the generated demo season: no gift cards are awarded.</p>
      ) : null}
    </section>
  );
}
