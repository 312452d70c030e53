import { useState } from "react";
import type { AdminContestWeek } from "../../../shared/contract/admin.ts";
import { errorText } from "../../lib/api.ts";
import { formatKickoff } from "../../lib/games.ts";
import { toast } from "../../lib/toast.ts";
import { recordWinners, useContestWeeks } from "./api.ts";

function stateText(week: AdminContestWeek): string {
  if (week.state === "recorded") return week.recordedAt ? `Recorded ${formatKickoff(week.recordedAt)}` : "Recorded";
  if (week.state === "ready") return "Ready to record";
  const open = week.gamesScheduled - week.gamesCompleted;
  const parts = [
    open > 0 ? `${open} ${open === 1 ? "game" : "games"} without a final score` : "",
    week.pendingBets > 0 ? `${week.pendingBets} ${week.pendingBets === 1 ? "bet" : "bets"} pending` : "",
  ].filter(Boolean);
  return `Waiting: ${parts.join(", ") || "no games"}`;
}

function winnersText(week: AdminContestWeek): string {
  if (week.state !== "recorded") return "—";
  if (week.winners.length === 0) return "No eligible player";
  return week.winners.map((w) => `#${w.place} ${w.username}${w.tied ? " (tied)" : ""} ${w.unitsWon}U`).join(", ");
}

/** The weekly winners, week by week: recorded automatically once a week settles, or here by the admin. */
export function WeeklyWinnersPanel() {
  const { data: weeks, error } = useContestWeeks(true);
  const [pending, setPending] = useState<number | null>(null);

  async function record(week: number) {
    setPending(week);
    try {
      const result = await recordWinners(week);
      toast({ title: "Winners Recorded", description: `Week ${week}: ${winnersText(result)}.` });
    } catch (failure) {
      toast({
        title: "Failed to record winners",
        description: errorText(failure, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-labelledby="winners-title" className="admin-week-panel">
      <h2 id="winners-title">Weekly winners</h2>
      <p className="muted">
        Recorded automatically once a week's games are final and its bets settled (the CLI's rule: top 3 eligible
        players). Record a ready week yourself here.
      </p>
      {error ? (
        <p role="alert">Could not load the weeks: {errorText(error, "please try again.")}</p>
      ) : !weeks ? (
        <p aria-busy="true">Loading weeks…</p>
      ) : (
        <div className="table-scroll">
          <table className="winners-table">
            <thead>
              <tr>
                <th scope="col">Week</th>
                <th scope="col">Status</th>
                <th scope="col">Winners</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.week}>
                  <th scope="row">Week {week.week}</th>
                  <td className={`week-state ${week.state}`}>{stateText(week)}</td>
                  <td>{winnersText(week)}</td>
                  <td>
                    {week.state === "ready" ? (
                      <button
                        type="button"
                        onClick={() => void record(week.week)}
                        disabled={pending !== null}
                        aria-busy={pending === week.week}
                      >
                        Record Week {week.week}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
