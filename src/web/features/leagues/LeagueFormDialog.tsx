import { useLocation } from "wouter";
import type { League, LeagueSummary } from "../../../shared/contract/leagues.ts";
import { Modal } from "../../components/Modal.tsx";
import { createLeague, updateLeague } from "./api.ts";
import { formFromLeague, NEW_LEAGUE } from "./league-form.ts";
import { LeagueForm } from "./LeagueForm.tsx";
import { leaguePath } from "./sections.ts";
import { leagueAction } from "./use-league-action.ts";

interface LeagueFormDialogProps {
  open: boolean;
  userId: number;
  /** The league to edit; none = create a new one. */
  league?: LeagueSummary;
  onClose(): void;
}

/** 'Create League' or 'Edit League Settings' (spec §2): the same fields; success toasts and closes. */
export function LeagueFormDialog({ open, userId, league, onClose }: LeagueFormDialogProps) {
  const editing = league !== undefined;
  const titleId = editing ? "edit-league-title" : "create-league-title";
  const [, navigate] = useLocation();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="league-form-dialog">
      {open ? (
        <article>
          <header>
            <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
            <h2 id={titleId}>{editing ? "Edit League Settings" : "Create League"}</h2>
            {editing ? null : <p className="muted">Set the rules your league bets by. Only the name is required.</p>}
          </header>
          <LeagueForm
            id={editing ? `edit-league-${league.id}` : "new-league"}
            initial={editing ? formFromLeague(league) : NEW_LEAGUE}
            submitLabel={editing ? "Save Changes" : "Create League"}
            pendingLabel={editing ? "Saving..." : "Creating..."}
            onCancel={onClose}
            onSubmit={async (settings) => {
              let created = null as League | null;
              const saved = editing
                ? await leagueAction(() => updateLeague(league.id, settings), {
                    title: "League Updated!",
                    description: "Your league settings have been updated successfully.",
                  })
                : await leagueAction(
                    async () => {
                      created = await createLeague(userId, settings);
                    },
                    {
                      title: "League Created!",
                      description: "Your league has been created successfully.",
                    },
                  );
              if (saved) onClose();
              // The new league opens on its own page, with the step that invites friends (issue 44 item 1).
              if (created) navigate(`${leaguePath(created.id)}?invite=new`);
              return saved;
            }}
          />
        </article>
      ) : null}
    </Modal>
  );
}
