import { useEffect, useState } from "react";
import { Link } from "wouter";
import { PageHeader } from "../../components/PageHeader.tsx";
import { errorText } from "../../lib/api.ts";
import { onLiveMessage } from "../../lib/live.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { invalidate } from "../../lib/swr.ts";
import { joinLeague, LEAGUES_KEY, useAllLeagues, useMyInvitations, useMyLeagues, type League } from "./api.ts";
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
  useEffect(() => onLiveMessage("bet_settlements", () => void invalidate((path) => path.startsWith(`${LEAGUES_KEY}/`))), []);
}

function Leagues({ userId }: { userId: number }) {
  const all = useAllLeagues();
  const mine = useMyLeagues(userId);
  const invitations = useMyInvitations(userId);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  useStandingsLive();

  const myIds = new Set((mine.data ?? []).map((league) => league.id));
  const available = (all.data ?? []).filter((league) => !myIds.has(league.id));
  const open = (all.data ?? []).find((league) => league.id === openId) ?? mine.data?.find((league) => league.id === openId) ?? null;
  const failed = all.error ?? mine.error;

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
          userId={userId}
          joinable={false}
          onOpen={setOpenId}
        />
        <LeagueColumn
          id="available-leagues"
          title="Available Leagues"
          leagues={all.data && mine.data ? available : undefined}
          empty="No available leagues to join."
          userId={userId}
          joinable
          onOpen={setOpenId}
        />
      </div>

      <LeagueFormDialog open={creating} userId={userId} onClose={() => setCreating(false)} />
      <LeagueDetailsDialog league={open} userId={userId} onClose={() => setOpenId(null)} />
    </>
  );
}

interface LeagueColumnProps {
  id: string;
  title: string;
  /** Undefined while loading. */
  leagues: League[] | undefined;
  empty: string;
  userId: number;
  /** Offer Join on the public ones (the viewer is in none of them). */
  joinable: boolean;
  onOpen(id: number): void;
}

function LeagueColumn({ id, title, leagues, empty, userId, joinable, onOpen }: LeagueColumnProps) {
  return (
    <section className="league-column" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {leagues === undefined ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : leagues.length === 0 ? (
        <p className="league-empty">{empty}</p>
      ) : (
        <div className="league-list">
          {leagues.map((league) => (
            <JoinableCard key={league.id} league={league} userId={userId} joinable={joinable && league.isPublic} onOpen={() => onOpen(league.id)} />
          ))}
        </div>
      )}
    </section>
  );
}

function JoinableCard({ league, userId, joinable, onOpen }: { league: League; userId: number; joinable: boolean; onOpen(): void }) {
  const { pending, run } = useLeagueAction();
  const join = () => void run(() => joinLeague(league.id, userId), { title: "Joined League!", description: "You've successfully joined the league" });
  return <LeagueCard league={league} onOpen={onOpen} {...(joinable ? { onJoin: join, joining: pending } : {})} />;
}
