import type { Invitation } from "../../../shared/contract/leagues.ts";
import { answerInvitation } from "./api.ts";
import { useLeagueAction } from "./use-league-action.ts";

/** 'Pending Invitations (count)' (spec §2): shown only when there are some; each can be accepted or declined. */
export function PendingInvitations({ invitations, userId }: { invitations: Invitation[]; userId: number }) {
  if (invitations.length === 0) return null;
  return (
    <section className="league-invitations surface surface-primary" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title">Pending Invitations ({invitations.length})</h2>
      <ul>
        {invitations.map((invitation) => (
          <PendingInvitation key={invitation.id} invitation={invitation} userId={userId} />
        ))}
      </ul>
    </section>
  );
}

function PendingInvitation({ invitation, userId }: { invitation: Invitation; userId: number }) {
  const { pending, run } = useLeagueAction();
  const answer = (choice: "accept" | "decline") =>
    run(() => answerInvitation(invitation.id, userId, choice), {
      title: choice === "accept" ? "Invitation Accepted" : "Invitation Declined",
      ...(choice === "accept" ? { description: `You're now a member of ${invitation.league.name}` } : {}),
    });
  return (
    <li className="league-invitation" aria-label={`Invitation to ${invitation.league.name}`}>
      <div>
        <p className="league-invitation-name">{invitation.league.name}</p>
        {invitation.league.description ? <p className="muted">{invitation.league.description}</p> : null}
        <p className="league-invitation-from">Invited by {invitation.inviter.username}</p>
      </div>
      <div className="league-invitation-actions">
        <button type="button" className="secondary outline" onClick={() => answer("decline")} disabled={pending}>
          Decline
        </button>
        <button type="button" onClick={() => answer("accept")} disabled={pending}>
          Accept
        </button>
      </div>
    </li>
  );
}
