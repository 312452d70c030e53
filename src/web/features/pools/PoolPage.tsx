import { Link } from "wouter";
import { FORMAT_LABELS, poolRulesText } from "../../../shared/pools.ts";
import { Loading } from "../../components/Loading.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { WeekSelect } from "../../components/WeekSelect.tsx";
import { errorText } from "../../lib/api.ts";
import { useCurrentWeek } from "../../lib/games.ts";
import { intParam, useSearch } from "../../lib/search-param.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { usePoolSheet } from "./api.ts";
import { PickSheet } from "./PickSheet.tsx";
import { RevealedPicks } from "./RevealedPicks.tsx";

const TITLE = "Pick sheet";

/** /leagues/{id}/pool?week=N (issue 45): a pool's pick sheet for a week, the current one by default. */
export function PoolPage({ params }: { params: { id: string } }) {
  const { user, isLoading } = useCurrentUser();
  const id = intParam(params.id, 1, Number.MAX_SAFE_INTEGER);
  if (isLoading) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Loading />
      </>
    );
  }
  if (!user || id === null) {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <>
        <PageHeader title={TITLE} />
        <article className="empty-state">
          <p>{id === null ? "This pool does not exist." : "Please sign in to make your picks"}</p>
          <Link href={id === null ? "/leagues" : `/auth?returnUrl=${back}`} className="button-link">
            {id === null ? "Go to Leagues" : "Sign In"}
          </Link>
        </article>
      </>
    );
  }
  return <Pool id={id} viewerId={user.id} />;
}

function Pool({ id, viewerId }: { id: number; viewerId: number }) {
  const current = useCurrentWeek().data?.week ?? null;
  const [search, update] = useSearch();
  const week = intParam(search.get("week"), 1, 18) ?? current;
  const { data: sheet, error, mutate } = usePoolSheet(id, week);
  if (error) {
    return (
      <>
        <PageHeader title={TITLE} />
        <article className="empty-state">
          <p role="alert">{errorText(error, "This pick sheet could not be loaded.")}</p>
          <Link href="/leagues" className="button-link">
            Go to Leagues
          </Link>
        </article>
      </>
    );
  }
  if (!sheet || week === null) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Loading />
      </>
    );
  }
  const you = sheet.survivor?.you;
  return (
    <div className="pool-page">
      <PageHeader title={sheet.name} subtitle={poolRulesText(sheet.format, sheet.options)}>
        <WeekSelect week={week} currentWeek={current ?? week} onChange={(w) => update({ week: String(w) })} />
      </PageHeader>
      {sheet.survivor ? (
        <p className="pool-survivors">
          <strong>
            {sheet.survivor.alive} of {sheet.survivor.of} still alive
          </strong>
          {you
            ? you.alive
              ? ` · You: alive${you.strikes > 0 ? `, ${you.strikes} ${you.strikes === 1 ? "strike" : "strikes"}` : ""}`
              : " · You are out"
            : null}
          {sheet.usedTeams.length > 0 ? <span className="muted"> · Used: {sheet.usedTeams.join(", ")}</span> : null}
        </p>
      ) : null}
      <PickSheet
        key={`${sheet.leagueId}-${sheet.week}-${JSON.stringify(sheet.picks)}-${sheet.tiebreaker}`}
        sheet={sheet}
        onSaved={(saved) => void mutate(saved, { revalidate: false })}
      />
      <RevealedPicks sheet={sheet} viewerId={viewerId} />
      <p className="pool-back">
        <Link href={`/leagues?league=${sheet.leagueId}`}>
          {FORMAT_LABELS[sheet.format]} standings and league details
        </Link>
      </p>
    </div>
  );
}
