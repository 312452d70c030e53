import { useState, type FormEvent } from "react";
import { Field } from "../../components/Field.tsx";
import { inviteUser, useLeagueInvitations } from "./api.ts";
import { useLeagueAction } from "./use-league-action.ts";

const STATUS_NAMES = { pending: "Pending", accepted: "Accepted", declined: "Declined" } as const;

/**
 * For admins of a private league (spec §6): 'Invite Users' by username or user id (DESIGN), and the
 * league's invitations with their status.
 */
export function InviteUsers({ leagueId, userId }: { leagueId: number; userId: number }) {
  const [who, setWho] = useState("");
  const { pending, run } = useLeagueAction();
  const { data: invitations } = useLeagueInvitations(leagueId, true);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = who.trim();
    if (name === "") return;
    // Sent as typed: the server takes digits as a user id first, then as a username.
    const sent = await run(() => inviteUser(leagueId, name, userId), {
      title: "Invitation Sent",
      description: "User has been invited to the league",
    });
    if (sent) setWho("");
  }

  return (
    <>
      <section aria-labelledby="league-invite-title">
        <h3 id="league-invite-title">Invite Users</h3>
        <form className="league-invite-form" onSubmit={submit} aria-labelledby="league-invite-title">
          <Field
            id="league-invite-user"
            label="Username or user ID"
            labelHidden
            name="invitedUser"
            value={who}
            onChange={(event) => setWho(event.target.value)}
            placeholder="Username or user ID"
            autoComplete="off"
            maxLength={40}
          />
          <button type="submit" disabled={pending || who.trim() === ""} aria-busy={pending || undefined}>
            Invite
          </button>
        </form>
      </section>
      <section aria-labelledby="league-sent-invitations-title">
        <h3 id="league-sent-invitations-title">Invitations</h3>
        {invitations === undefined ? (
          <p className="muted" aria-busy="true">
            Loading invitations…
          </p>
        ) : invitations.length === 0 ? (
          <p className="muted">No invitations sent yet.</p>
        ) : (
          <ul className="league-sent-invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id}>
                <span>{invitation.invitedUser.username}</span>
                <span className={`league-status league-status-${invitation.status}`}>
                  {STATUS_NAMES[invitation.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
