import type { League, LeagueSummary } from "../../../shared/contract/leagues.ts";
import { Modal } from "../../components/Modal.tsx";
import { appointAdmin, deleteLeague, leaveLeague, removeMember } from "./api.ts";
import { useLeagueAction } from "./use-league-action.ts";

type Member = League["members"][number];

/** A league tool waiting for its confirmation. */
export type LeagueConfirmation =
  | { kind: "leave" }
  | { kind: "delete" }
  | { kind: "remove"; member: Member }
  | { kind: "appoint"; member: Member };

interface ConfirmLeagueActionProps {
  league: LeagueSummary;
  userId: number;
  asking: LeagueConfirmation | null;
  /** The viewer is the league's only admin and others stay: leaving passes the role on. */
  passesAdminOn: boolean;
  onClose(): void;
  /** After a leave or a delete: the league is no longer the viewer's to show. */
  onGone(): void;
  /** After a removal or a new admin: the member list changed under the focus. */
  onMembersChanged(): void;
}

/** Asks before a league tool acts (Cancel is the default button; Escape keeps things as they were). */
export function ConfirmLeagueAction({
  league,
  userId,
  asking,
  passesAdminOn,
  onClose,
  onGone,
  onMembersChanged,
}: ConfirmLeagueActionProps) {
  const { pending, run } = useLeagueAction();
  const act = async (call: () => Promise<unknown>, title: string, description: string, gone: boolean) => {
    if (!(await run(call, { title, description }))) return;
    onClose();
    if (gone) onGone();
    else onMembersChanged();
  };
  const busy = { disabled: pending, "aria-busy": pending || undefined };
  const comeBack = league.isPublic ? "can join again" : "will need a new invitation or the invite link to come back";

  /** `className` dresses the button: the app's danger red for what cannot be taken back. */
  type Action = { label: string; className?: string; run(): void };
  let question: { title: string; text: string; actions: Action[] } | null = null;
  if (asking?.kind === "leave")
    question = {
      title: "Leave league?",
      text: `Leave ${league.name}? ${passesAdminOn ? "You are its only admin: its longest-standing member becomes admin. " : ""}Your bets stay yours, and you ${comeBack}.`,
      actions: [
        {
          label: "Leave League",
          className: "danger-button",
          run: () =>
            void act(() => leaveLeague(league.id, userId), "Left League", `You have left ${league.name}`, true),
        },
      ],
    };
  else if (asking?.kind === "delete")
    question = {
      title: "Delete league?",
      text: `Delete ${league.name} for everyone? Its members, invitations and invite link go with it; bets already placed stay with their players. This cannot be undone.`,
      actions: [
        {
          label: "Delete League",
          className: "danger-button",
          run: () => void act(() => deleteLeague(league.id), "League Deleted", `${league.name} has been deleted`, true),
        },
      ],
    };
  else if (asking?.kind === "remove") {
    const { member } = asking;
    question = {
      title: "Remove member?",
      text: `Remove ${member.username} from ${league.name}? Their bets stay theirs but leave the standings, and they ${comeBack}.`,
      actions: [
        {
          label: "Remove Member",
          className: "danger-button",
          run: () =>
            void act(
              () => removeMember(league.id, member.userId),
              "Member Removed",
              `${member.username} was removed from the league`,
              false,
            ),
        },
      ],
    };
  } else if (asking?.kind === "appoint") {
    const { member } = asking;
    question = {
      title: `Make ${member.username} an admin?`,
      text: `A co-admin has every admin tool you have. Handing over makes ${member.username} the admin and you a member.`,
      actions: [
        {
          label: "Hand Over Admin",
          className: "outline",
          run: () =>
            void act(
              () => appointAdmin(league.id, member.userId, true),
              "Admin Handed Over",
              `${member.username} is now this league's admin`,
              false,
            ),
        },
        {
          label: "Make Co-admin",
          run: () =>
            void act(
              () => appointAdmin(league.id, member.userId, false),
              "Admin Added",
              `${member.username} is now an admin too`,
              false,
            ),
        },
      ],
    };
  }

  return (
    <Modal open={question !== null} onClose={onClose} labelledBy="confirm-league-title" className="confirm-dialog">
      {question ? (
        <article>
          <header>
            <h2 id="confirm-league-title">{question.title}</h2>
          </header>
          <p>{question.text}</p>
          <footer>
            <button type="button" className="secondary" onClick={onClose} data-autofocus>
              Cancel
            </button>
            {question.actions.map((action) => (
              <button key={action.label} type="button" className={action.className} onClick={action.run} {...busy}>
                {action.label}
              </button>
            ))}
          </footer>
        </article>
      ) : null}
    </Modal>
  );
}
