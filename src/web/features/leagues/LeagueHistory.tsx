import { useState } from "react";
import { useLeagueHistory } from "./api.ts";
import { historyText } from "./history-text.ts";

const atFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/**
 * The league's history (members only; issue 40): who changed its rules or when picks show, who
 * joined, left, was removed or made admin — newest first, closed until asked for.
 */
export function LeagueHistory({ leagueId }: { leagueId: number }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useLeagueHistory(leagueId, open);
  return (
    <details className="league-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>League history</summary>
      {error ? <p className="muted">Could not load the league's history.</p> : null}
      {open && !data && !error ? (
        <p className="muted" aria-busy="true">
          Loading history…
        </p>
      ) : null}
      {data ? (
        <ol className="league-history-list">
          {data.entries.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{atFormat.format(new Date(entry.at))}</time> {historyText(entry)}
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
