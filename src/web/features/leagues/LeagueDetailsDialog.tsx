import type { League, LeagueSummary } from "../../../shared/contract/leagues.ts";
import { Link } from "wouter";
import { useEffect, useEffectEvent, useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { joinLeague, useLeagueDetails } from "./api.ts";
import { ConfirmLeagueAction, type LeagueConfirmation } from "./ConfirmLeagueAction.tsx";
import { InviteLinkActions } from "./InviteLinkActions.tsx";
import { InviteUsers } from "./InviteUsers.tsx";
import { LeagueBadges } from "./LeagueBadges.tsx";
import { LeagueFeed } from "./LeagueFeed.tsx";
import { CommentThread } from "./CommentThread.tsx";
import { LeagueWebhooks } from "./LeagueWebhooks.tsx";
import { LeagueFormDialog } from "./LeagueFormDialog.tsx";
import { LeagueHistory } from "./LeagueHistory.tsx";
import { LeagueRules } from "./LeagueRules.tsx";
import { isAdmin, isMember } from "../../lib/league-text.ts";
import { LeaveOrDelete } from "./LeagueMembersSection.tsx";
import { MembersList } from "./MembersList.tsx";
import { LeagueStandings } from "./LeagueStandings.tsx";
import { leaguePath } from "./sections.ts";
import { useLeagueAction } from "./use-league-action.ts";

interface LeagueDetailsDialogProps {
  /**
   * The league as the list shows it (shown at once); its details (members, standings) load behind
   * it. Null = closed.
   */
  league: LeagueSummary | League | null;
  userId: number;
  onClose(): void;
}

/** A league's details (spec §2), with what the viewer's role allows (spec §6). */
export function LeagueDetailsDialog({ league: preview, userId, onClose }: LeagueDetailsDialogProps) {
  const openId = preview?.id ?? null;
  const { data: details, mutate } = useLeagueDetails(openId);
  // Each opening asks again (others may have joined or bet since), showing the last answer meanwhile;
  // a league not seen before is being fetched already.
  const cached = details !== undefined;
  const askAgain = useEffectEvent(() => {
    if (cached) void mutate();
  });
  useEffect(() => {
    if (openId !== null) askAgain();
  }, [openId]); // once per opening, not again when the answer lands
  const fresh = details && details.id === preview?.id ? details : undefined;
  const league = fresh ?? preview;
  // Available Leagues list no members: until the details come, the viewer counts as no member of it.
  const members = fresh?.members ?? (preview && "members" in preview ? preview.members : undefined);
  const admin = members !== undefined && isAdmin({ members }, userId);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<LeagueConfirmation | null>(null);
  // Bumped after a member was removed or made admin: the focus goes to the member list, since the
  // button that asked may be gone (an effect of the parent runs after the confirmation's close).
  const [membersChanged, setMembersChanged] = useState(0);
  useEffect(() => {
    if (membersChanged > 0) document.querySelector<HTMLElement>(".league-details-dialog .league-members")?.focus();
  }, [membersChanged]);
  const close = () => {
    setEditing(false);
    setAsking(null);
    onClose();
  };
  return (
    <>
      <Modal open={league !== null} onClose={close} labelledBy="league-details-title" className="league-details-dialog">
        {league ? (
          <LeagueDetails
            key={league.id}
            league={league}
            members={members}
            userId={userId}
            onEdit={() => setEditing(true)}
            onAsk={setAsking}
            onClose={close}
          />
        ) : null}
      </Modal>
      {/* A sibling, not a child: a dialog's close event would reach the dialogs around it. */}
      {league && admin ? (
        <LeagueFormDialog open={editing} userId={userId} league={league} onClose={() => setEditing(false)} />
      ) : null}
      {league ? (
        <ConfirmLeagueAction
          league={league}
          userId={userId}
          asking={asking}
          passesAdminOn={
            admin &&
            members !== undefined &&
            members.length > 1 &&
            members.every((m) => m.role !== "admin" || m.userId === userId)
          }
          onClose={() => setAsking(null)}
          onGone={close}
          onMembersChanged={() => setMembersChanged((n) => n + 1)}
        />
      ) : null}
    </>
  );
}

interface LeagueDetailsProps {
  league: LeagueSummary;
  members: League["members"] | undefined;
  userId: number;
  onEdit(): void;
  /** Asks to confirm a tool (leave, delete, remove a member, make one admin). */
  onAsk(confirmation: LeagueConfirmation): void;
  onClose(): void;
}

function LeagueDetails({ league, members, userId, onEdit, onAsk, onClose }: LeagueDetailsProps) {
  const { pending, run } = useLeagueAction();
  const member = isMember({ members: members ?? [] }, userId);
  const admin = isAdmin({ members: members ?? [] }, userId);

  const join = () =>
    run(() => joinLeague(league.id, userId), {
      title: "Joined League!",
      description: "You've successfully joined the league",
    });

  return (
    <article>
      <header>
        <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
        <h2 id="league-details-title">{league.name}</h2>
        <LeagueBadges league={league} />
        {league.description ? <p className="league-description">{league.description}</p> : null}
      </header>

      <p className="league-open-page">
        <Link href={leaguePath(league.id)} className="button-link" onClick={onClose}>
          Open league page
        </Link>
      </p>

      {member || admin || league.isPublic ? (
        <div className="league-details-actions">
          {member && league.format !== "bets" ? (
            <Link href={`/leagues/${league.id}/pool`} className="button-link league-make-picks">
              Make your picks
            </Link>
          ) : null}
          {admin ? (
            <button type="button" onClick={onEdit}>
              Edit League
            </button>
          ) : null}
          {member ? <InviteLinkActions leagueId={league.id} canRotate={admin} /> : null}
          {!member && league.isPublic ? (
            <button type="button" onClick={join} disabled={pending} aria-busy={pending || undefined}>
              Join League
            </button>
          ) : null}
        </div>
      ) : (
        <p className="muted league-private-note">This league is private: join it by invitation or invite link.</p>
      )}

      <LeagueRules league={league} />
      <MembersList
        members={members}
        count={league.memberCount}
        viewerId={userId}
        {...(admin
          ? {
              onRemove: (member) => onAsk({ kind: "remove", member }),
              onAppoint: (member) => onAsk({ kind: "appoint", member }),
            }
          : {})}
      />
      <LeagueStandings league={league} viewerId={userId} />
      {member ? <LeagueFeed leagueId={league.id} viewerId={userId} onTail={onClose} /> : null}
      {member ? (
        <CommentThread leagueId={league.id} betId={null} viewerId={userId} canPin={admin} title="Talk" />
      ) : null}
      {member ? <LeagueHistory leagueId={league.id} /> : null}
      {admin ? <LeagueWebhooks leagueId={league.id} /> : null}
      {admin && !league.isPublic ? <InviteUsers leagueId={league.id} userId={userId} /> : null}

      {member ? <LeaveOrDelete admin={admin} onAsk={onAsk} /> : null}
    </article>
  );
}
