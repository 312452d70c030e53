import type { LeagueSummary } from "../../../shared/contract/leagues.ts";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { PageHeader } from "../../components/PageHeader.tsx";
import { errorText } from "../../lib/api.ts";
import { onLiveMessage } from "../../lib/live.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { intParam, useSearch } from "../../lib/search-param.ts";
import { afterLeagueBetsSettled } from "../../lib/queries.ts";
import { AVAILABLE_PAGE_SIZE, joinLeague, useAvailableLeagues, useMyInvitations, useMyLeagues } from "./api.ts";
import { LeagueCard } from "./LeagueCard.tsx";
import { LeagueDetailsDialog } from "./LeagueDetailsDialog.tsx";
import { LeagueFormDialog } from "./LeagueFormDialog.tsx";
import { PendingInvitations } from "./PendingInvitations.tsx";
import { useLeagueAction } from "./use-league-action.ts";
import { Loading } from "../../components/Loading.tsx";

const TITLE = "Leagues";
const SUBTITLE = "Compete with friends in custom betting leagues with specific rules.";

/** /leagues (spec §2) for the signed-in user (DESIGN: not a demo user); visitors are asked to sign in. */
export function LeaguesPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return <Loading />;
  }
  if (!user) {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <article className="empty-state">
          <p>Please sign in to see, create and join leagues</p>
          <Link href={`/auth?returnUrl=${encodeURIComponent("/leagues")}`} className="button-link">
            Sign In
          </Link>
        </article>
      </>
    );
  }
  return <Leagues userId={user.id} />;
}

/** League standings change when bets settle: refetch the open league's details then. */
function useStandingsLive() {
  useEffect(() => onLiveMessage("bet_settlements", () => void afterLeagueBetsSettled()), []);
}

/**
 * `/leagues?league={id}` (where an invite link lands after joining) opens that league's details once
 * the player's leagues have loaded; the parameter then leaves the address (closing stays closed).
 */
function useOpenFromAddress(mine: readonly LeagueSummary[] | undefined, open: (league: LeagueSummary) => void) {
  const [search, updateSearch] = useSearch();
  const wanted = intParam(search.get("league"), 1, Number.MAX_SAFE_INTEGER);
  useEffect(() => {
    if (wanted === null || !mine) return;
    const league = mine.find((l) => l.id === wanted);
    if (league) open(league);
    updateSearch({ league: null });
  }, [wanted, mine, open, updateSearch]);
}

function Leagues({ userId }: { userId: number }) {
  const mine = useMyLeagues(userId);
  const available = useAvailableLeagues(null);
  const invitations = useMyInvitations(userId);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<LeagueSummary | null>(null);
  useStandingsLive();
  useOpenFromAddress(mine.data, setOpen);

  const failed = available.error ?? mine.error;

  return (
    <>
      <PageHeader title={TITLE} subtitle={SUBTITLE}>
        <button type="button" className="league-create" onClick={() => setCreating(true)} aria-haspopup="dialog">
          Create League
        </button>
      </PageHeader>

      {failed ? (
        <article className="error-panel" role="alert">
          <h2>Leagues could not be loaded</h2>
          <p>{errorText(failed, "Please try again.")}</p>
        </article>
      ) : null}

      <PendingInvitations invitations={invitations.data ?? []} userId={userId} />

      <div className="league-columns">
        <LeagueColumn
          id="my-leagues"
          title="My Leagues"
          leagues={mine.data}
          empty="You haven't joined any leagues yet."
        >
          <div className="league-list">
            {(mine.data ?? []).map((league) => (
              <LeagueCard key={league.id} league={league} onOpen={() => setOpen(league)} />
            ))}
          </div>
        </LeagueColumn>
        <LeagueColumn
          id="available-leagues"
          title="Available Leagues"
          leagues={available.data}
          empty="No available leagues to join."
        >
          <div className="league-list">
            <AvailablePage cursor={null} userId={userId} onOpen={setOpen} />
          </div>
        </LeagueColumn>
      </div>

      <LeagueFormDialog open={creating} userId={userId} onClose={() => setCreating(false)} />
      <LeagueDetailsDialog league={open} userId={userId} onClose={() => setOpen(null)} />
    </>
  );
}

interface LeagueColumnProps {
  id: string;
  title: string;
  /** Undefined while loading; for Available Leagues, its first page. */
  leagues: LeagueSummary[] | undefined;
  empty: string;
  children: ReactNode;
}

function LeagueColumn({ id, title, leagues, empty, children }: LeagueColumnProps) {
  return (
    <section className="league-column" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {leagues === undefined ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : leagues.length === 0 ? (
        <p className="empty-box league-empty">{empty}</p>
      ) : (
        children
      )}
    </section>
  );
}

interface AvailablePageProps {
  /** The last league of the page before; null for the first page. */
  cursor: number | null;
  userId: number;
  onOpen(league: LeagueSummary): void;
}

/**
 * One page of Available Leagues, then the next page once 'Load more' asked for it. Each page's
 * cursor is the previous page's last league as it is now, so when a league leaves the list
 * (joined) the pages after it move up instead of repeating a league.
 */
function AvailablePage({ cursor, userId, onOpen }: AvailablePageProps) {
  const { data, error } = useAvailableLeagues(cursor);
  const [wantsMore, setWantsMore] = useState(false);
  const first = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  // A page 'Load more' brought takes the focus to its first league, as the button it replaced had it.
  useEffect(() => {
    if (cursor === null || focused.current || !data) return;
    focused.current = true;
    first.current?.querySelector<HTMLButtonElement>(".league-open")?.focus();
  }, [cursor, data]);

  if (error) {
    return cursor === null ? null : (
      <p className="field-error" role="alert">
        {errorText(error, "More leagues could not be loaded.")}
      </p>
    );
  }
  if (!data) {
    return (
      <p className="muted" aria-busy="true">
        Loading…
      </p>
    );
  }
  const shown = data.slice(0, AVAILABLE_PAGE_SIZE);
  const next = data.length > AVAILABLE_PAGE_SIZE ? shown.at(-1)!.id : null;
  return (
    <>
      <div className="league-list" ref={first}>
        {shown.map((league) => (
          <JoinableCard key={league.id} league={league} userId={userId} onOpen={() => onOpen(league)} />
        ))}
      </div>
      {next === null ? null : wantsMore ? (
        <AvailablePage cursor={next} userId={userId} onOpen={onOpen} />
      ) : (
        <button type="button" className="secondary outline league-more" onClick={() => setWantsMore(true)}>
          Load more
        </button>
      )}
    </>
  );
}

/** A card with Join on public leagues (the viewer is in none of the Available ones). */
function JoinableCard({ league, userId, onOpen }: { league: LeagueSummary; userId: number; onOpen(): void }) {
  const { pending, run } = useLeagueAction();
  const join = () =>
    void run(() => joinLeague(league.id, userId), {
      title: "Joined League!",
      description: "You've successfully joined the league",
    });
  return (
    <LeagueCard league={league} onOpen={onOpen} {...(league.isPublic ? { onJoin: join, joining: pending } : {})} />
  );
}
