import type { LeagueDetails } from "../../../shared/contract/leagues.ts";
import { isAdmin } from "../../lib/league-text.ts";
import type { LeagueConfirmation } from "./ConfirmLeagueAction.tsx";
import { InviteUsers } from "./InviteUsers.tsx";
import { LeagueRules } from "./LeagueRules.tsx";
import { LeagueWebhooks } from "./LeagueWebhooks.tsx";
import { MembersList } from "./MembersList.tsx";

/** The page's Members section: who is in, the admins' tools, the rules in full, invitations and leaving. */
export function LeagueMembersSection({
  league,
  viewerId,
  onAsk,
}: {
  league: LeagueDetails;
  viewerId: number;
  onAsk(confirmation: LeagueConfirmation): void;
}) {
  const admin = isAdmin(league, viewerId);
  return (
    <div className="league-members-section">
      <MembersList
        members={league.members}
        count={league.memberCount}
        viewerId={viewerId}
        {...(admin
          ? {
              onRemove: (member) => onAsk({ kind: "remove", member }),
              onAppoint: (member) => onAsk({ kind: "appoint", member }),
            }
          : {})}
      />
      {admin && !league.isPublic ? <InviteUsers leagueId={league.id} userId={viewerId} /> : null}
      {admin ? <LeagueWebhooks leagueId={league.id} /> : null}
      <LeagueRules league={league} />
      <LeaveOrDelete className="league-page-leave" admin={admin} onAsk={onAsk} />
    </div>
  );
}

/** A member's way out (Leave League) and an admin's Delete League, each asked for again before it is done. */
export function LeaveOrDelete({
  className,
  admin,
  onAsk,
}: {
  className?: string;
  admin: boolean;
  onAsk(asking: LeagueConfirmation): void;
}) {
  return (
    <footer className={className}>
      {admin ? (
        <button type="button" className="league-leave" onClick={() => onAsk({ kind: "delete" })}>
          Delete League
        </button>
      ) : null}
      <button type="button" className="league-leave" onClick={() => onAsk({ kind: "leave" })}>
        Leave League
      </button>
    </footer>
  );
}
