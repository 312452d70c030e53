import type { League } from "../../../shared/contract/leagues.ts";
import { LocalTime } from "../../components/LocalTime.tsx";
import { PlayerLink } from "../../components/PlayerLink.tsx";

type Member = League["members"][number];

const JOINED: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };

interface MembersListProps {
  /** Undefined until the league's details arrive (lists carry only the count). */
  members: League["members"] | undefined;
  count: number;
  viewerId: number;
  /** Given to admins: the per-member tools (each asks for confirmation). */
  onRemove?(member: Member): void;
  onAppoint?(member: Member): void;
}

/** The league's members with their joined date and an ADMIN tag; the list scrolls beyond about 12rem (spec §2). */
export function MembersList({ members, count, viewerId, onRemove, onAppoint }: MembersListProps) {
  return (
    <section aria-labelledby="league-members-title">
      <h3 id="league-members-title">Members ({members?.length ?? count})</h3>
      {members === undefined ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : (
        <ul
          className="league-members"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, and a keyboard reaches what is inside only if it can take focus (the list scrolls at about 12rem)
          tabIndex={0}
          aria-labelledby="league-members-title"
        >
          {members.map((member) => (
            <li key={member.id}>
              <span className="league-member-name">
                <PlayerLink username={member.username} />
                {member.userId === viewerId ? <span className="muted"> (you)</span> : null}
                {member.role === "admin" ? (
                  <>
                    {" "}
                    <span className="name-tag league-admin-tag">ADMIN</span>
                  </>
                ) : null}
              </span>
              <span className="league-member-joined">
                Joined <LocalTime iso={member.joinedAt} options={JOINED} />
              </span>
              {member.userId !== viewerId && (onRemove || onAppoint) ? (
                <span className="league-member-tools">
                  {onAppoint && member.role !== "admin" ? (
                    <button
                      type="button"
                      className="secondary outline"
                      // The visible words first, word for word (voice control), then whom.
                      aria-label={`Make admin: ${member.username}`}
                      onClick={() => onAppoint(member)}
                    >
                      Make admin
                    </button>
                  ) : null}
                  {onRemove ? (
                    <button
                      type="button"
                      className="secondary outline"
                      aria-label={`Remove ${member.username}`}
                      onClick={() => onRemove(member)}
                    >
                      Remove
                    </button>
                  ) : null}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
