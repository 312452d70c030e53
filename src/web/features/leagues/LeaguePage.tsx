import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import type { LeagueDetails } from "../../../shared/contract/leagues.ts";
import { Loading } from "../../components/Loading.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { isAdmin, isMember } from "../../lib/league-text.ts";
import { onLiveMessage } from "../../lib/live.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { afterLeagueBetsSettled } from "../../lib/queries.ts";
import { intParam, useSearch } from "../../lib/search-param.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useLeaguePageDetails } from "./api.ts";
import { CommentThread } from "./CommentThread.tsx";
import { ConfirmLeagueAction, type LeagueConfirmation } from "./ConfirmLeagueAction.tsx";
import { InviteFriendsDialog } from "./InviteFriendsDialog.tsx";
import { LeagueHeader } from "./LeagueHeader.tsx";
import { LeagueHistoryList } from "./LeagueHistory.tsx";
import { LeagueLanding, LeagueNotFound } from "./LeagueLanding.tsx";
import { LeagueFeed } from "./LeagueFeed.tsx";
import { LeagueFormDialog } from "./LeagueFormDialog.tsx";
import { LeagueMembersSection } from "./LeagueMembersSection.tsx";
import { LeagueRecapSection } from "./LeagueRecapSection.tsx";
import { LeagueStandings } from "./LeagueStandings.tsx";
import { SweatRoom } from "./SweatRoom.tsx";
import { WeekTrace } from "./WeekTrace.tsx";
import { LEAGUE_SECTIONS, type LeagueSection, leagueAddress, leaguePath } from "./sections.ts";

/**
 * `/leagues/{id}` and `/leagues/{id}/{section}` (issue 44 item 1, decision 0074): the league's own page.
 * A member sees its name, its rules in a line and a section per address; anyone else what an invite
 * link shows (a public league), or 404 (a private one they cannot see, as the API answers).
 */
export function LeaguePage({ params }: { params: { id?: string; section?: string } }) {
  const address = leagueAddress(params);
  const { user, isLoading } = useCurrentUser();
  if (!address) return <LeagueNotFound />;
  if (isLoading) return <Loading />;
  if (!user) return <LeagueLanding id={address.id} viewerId={null} />;
  return <SignedIn id={address.id} section={address.section} viewerId={user.id} />;
}

function SignedIn({ id, section, viewerId }: { id: number; section: LeagueSection; viewerId: number }) {
  const { data, error } = useLeaguePageDetails(id);
  if (error instanceof ApiError && error.status === 404) return <LeagueNotFound />;
  if (error && !data)
    return (
      <article className="error-panel" role="alert">
        <h1>League could not be loaded</h1>
        <p>{errorText(error, "Please try again.")}</p>
      </article>
    );
  if (!data) return <Loading />;
  if (!isMember(data, viewerId)) return <LeagueLanding id={id} viewerId={viewerId} />;
  return <MemberPage league={data} section={section} viewerId={viewerId} />;
}

/** Standings move when bets settle: the viewer's own settlement refetches them (not in the sweat room, which grades in place). */
function useStandingsLive(active: boolean) {
  useEffect(
    () => (active ? onLiveMessage("bet_settlements", () => void afterLeagueBetsSettled()) : undefined),
    [active],
  );
}

function MemberPage({
  league,
  section,
  viewerId,
}: {
  league: LeagueDetails;
  section: LeagueSection;
  viewerId: number;
}) {
  const [, navigate] = useLocation();
  const [search, updateSearch] = useSearch();
  const admin = isAdmin(league, viewerId);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<LeagueConfirmation | null>(null);
  const label = LEAGUE_SECTIONS.find((s) => s.slug === section)!.label;
  usePageTitle(`${league.name} · ${label}`);
  useStandingsLive(section !== "sweat");
  const inviting = search.get("invite") === "new";
  const period = intParam(search.get("week"), 1, 18);
  const sectionsRef = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the open section's link is brought into it (sideways only,
  // so the page keeps the place Back restored).
  useEffect(() => {
    const row = sectionsRef.current?.querySelector("ul");
    const open = row?.querySelector<HTMLElement>("[aria-current=page]");
    if (!row || !open) return;
    const [left, right] = [open.offsetLeft - row.offsetLeft, open.offsetLeft - row.offsetLeft + open.offsetWidth];
    if (left < row.scrollLeft) row.scrollLeft = left;
    else if (right > row.scrollLeft + row.clientWidth) row.scrollLeft = right - row.clientWidth;
  }, [section]);

  return (
    <div className="league-page">
      <LeagueHeader league={league} viewerId={viewerId} onEdit={() => setEditing(true)} />
      <nav className="league-sections" aria-label="League sections" ref={sectionsRef}>
        <ul>
          {LEAGUE_SECTIONS.map((s) => (
            <li key={s.slug}>
              <Link href={leaguePath(league.id, s.slug)} aria-current={s.slug === section ? "page" : undefined}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="league-section">
        {section === "standings" ? (
          <LeagueStandings
            league={league}
            viewerId={viewerId}
            period={period ?? "season"}
            onPeriodChange={(next) => updateSearch({ week: next === "season" ? null : String(next) })}
          />
        ) : section === "week" ? (
          <WeekTrace leagueId={league.id} viewerId={viewerId} />
        ) : section === "picks" ? (
          <LeagueFeed leagueId={league.id} viewerId={viewerId} onTail={() => undefined} />
        ) : section === "talk" ? (
          <CommentThread leagueId={league.id} betId={null} viewerId={viewerId} canPin={admin} title="Talk" />
        ) : section === "sweat" ? (
          <SweatRoom leagueId={league.id} viewerId={viewerId} />
        ) : section === "recap" ? (
          <LeagueRecapSection
            leagueId={league.id}
            leagueName={league.name}
            week={period}
            onWeek={(w) => updateSearch({ week: String(w) })}
          />
        ) : section === "members" ? (
          <LeagueMembersSection league={league} viewerId={viewerId} onAsk={setAsking} />
        ) : (
          <LeagueHistoryList leagueId={league.id} />
        )}
      </div>
      {admin ? (
        <LeagueFormDialog open={editing} userId={viewerId} league={league} onClose={() => setEditing(false)} />
      ) : null}
      <ConfirmLeagueAction
        league={league}
        userId={viewerId}
        asking={asking}
        passesAdminOn={
          admin && league.members.length > 1 && league.members.every((m) => m.role !== "admin" || m.userId === viewerId)
        }
        onClose={() => setAsking(null)}
        onGone={() => navigate("/leagues")}
        onMembersChanged={() => document.querySelector<HTMLElement>(".league-page .league-members")?.focus()}
      />
      <InviteFriendsDialog open={inviting} league={league} onClose={() => updateSearch({ invite: null })} />
    </div>
  );
}
