import { useState } from "react";
import type { ReportedComment } from "../../../shared/contract/comments.ts";
import { errorText } from "../../lib/api.ts";
import { formatKickoff } from "../../lib/games.ts";
import { toast } from "../../lib/toast.ts";
import { deleteReported, dismissReports, useCommentReports } from "./api.ts";

function ReportCard({ report }: { report: ReportedComment }) {
  const [pending, setPending] = useState(false);
  const act = async (work: () => Promise<void>, done: string) => {
    setPending(true);
    try {
      await work();
      toast({ title: done });
    } catch (error) {
      toast({ title: "Nothing changed", description: errorText(error, "Please try again."), variant: "destructive" });
      setPending(false);
    }
  };
  return (
    <li className="surface report-card" aria-label={`Comment by ${report.author.username} in ${report.league.name}`}>
      <p className="report-where">
        <strong>{report.author.username}</strong> in {report.league.name}
        {report.onPick ? " (on a pick)" : ""} ·{" "}
        <time dateTime={report.createdAt}>{formatKickoff(report.createdAt)}</time>
      </p>
      <blockquote className="report-text">{report.text}</blockquote>
      <p className="muted">
        Reported {report.reports === 1 ? "once" : `${report.reports} times`}: {report.reasons.join(" · ")}
      </p>
      <div className="report-actions">
        <button
          type="button"
          className="secondary outline"
          disabled={pending}
          onClick={() => act(() => dismissReports(report.commentId), "Reports dismissed")}
        >
          Leave it up
        </button>
        <button
          type="button"
          className="danger-button"
          disabled={pending}
          onClick={() => act(() => deleteReported(report.commentId), "Comment deleted")}
        >
          Delete comment
        </button>
      </div>
    </li>
  );
}

/** Comments members reported (issue 47), for site admins: leave each up or delete it (audited). */
export function ReportsPanel() {
  const { data: reports, error } = useCommentReports(true);
  return (
    <section aria-labelledby="reports-title" className="admin-week-panel">
      <h2 id="reports-title">Reported comments</h2>
      {error ? (
        <p role="alert">Could not load the reports: {errorText(error, "please try again.")}</p>
      ) : !reports ? (
        <p aria-busy="true">Loading reports…</p>
      ) : reports.length === 0 ? (
        <p className="muted">No reported comments.</p>
      ) : (
        <ul className="reports-list">
          {reports.map((report) => (
            <ReportCard key={report.commentId} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}
