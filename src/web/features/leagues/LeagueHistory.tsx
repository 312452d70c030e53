import { useState } from "react";
import type { LeagueHistory as History } from "../../../shared/contract/league-history.ts";
import { LocalTime } from "../../components/LocalTime.tsx";
import { useLeagueHistory } from "./api.ts";
import { historyText } from "./history-text.ts";

const AT: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };

function Entries({ data }: { data: History }) {
  return (
    <ol className="league-history-list">
      {data.entries.map((entry) => (
        <li key={entry.id}>
          <LocalTime iso={entry.at} options={AT} /> {historyText(entry)}
        </li>
      ))}
    </ol>
  );
}

/**
 * The league's history (members only; issue 40): who changed its rules or when picks show, who
 * joined, left, was removed or made admin — newest first, closed until asked for (the details dialog).
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
      {data ? <Entries data={data} /> : null}
    </details>
  );
}

/** The history as the league page's section shows it: open, newest first. */
export function LeagueHistoryList({ leagueId }: { leagueId: number }) {
  const { data, error } = useLeagueHistory(leagueId, true);
  return (
    <section className="league-history-section" aria-labelledby="league-history-title">
      <h2 id="league-history-title">League history</h2>
      {error ? <p className="muted">Could not load the league's history.</p> : null}
      {!data && !error ? (
        <p className="muted" aria-busy="true">
          Loading history…
        </p>
      ) : null}
      {data ? <Entries data={data} /> : null}
    </section>
  );
}
