import { useEffect, useState } from "react";
import type { LeagueSummary } from "../../../shared/contract/leagues.ts";
import { Modal } from "../../components/Modal.tsx";
import { errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { fetchInviteToken, inviteLink } from "./api.ts";
import { copyText } from "../../lib/copy-text.ts";
import { InviteLinkField } from "./InviteLinkActions.tsx";

/** Whether this browser offers its system share sheet for a link (navigator.share). */
const canShare = (data: ShareData) =>
  typeof navigator !== "undefined" && typeof navigator.share === "function" && (navigator.canShare?.(data) ?? true);

/**
 * The step after Create League (issue 44 item 1): the new league's page opens with "Invite your
 * friends" — its invite link, Copy link, and the system share sheet where the browser has one.
 */
export function InviteFriendsDialog({
  open,
  league,
  onClose,
}: {
  open: boolean;
  league: Pick<LeagueSummary, "id" | "name">;
  onClose(): void;
}) {
  const [link, setLink] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!open || link) return;
    fetchInviteToken(league.id).then(
      ({ inviteToken }) => setLink(inviteLink(inviteToken)),
      (error) => setFailed(errorText(error, "The invite link could not be loaded.")),
    );
  }, [open, link, league.id]);
  const share: ShareData | null = link
    ? { title: league.name, text: `Join ${league.name} on NFL Paper Trading`, url: link }
    : null;

  return (
    <Modal open={open} onClose={onClose} labelledBy="invite-friends-title" className="invite-friends-dialog">
      <article>
        <header>
          <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
          <h2 id="invite-friends-title">Invite your friends</h2>
          <p className="muted">
            {league.name} is ready. Send your friends its invite link: it names the league and you, and joins them in
            one step.
          </p>
        </header>
        {failed ? <p role="alert">{failed}</p> : null}
        {link ? (
          <InviteLinkField link={link} />
        ) : failed ? null : (
          <p className="muted" aria-busy="true">
            Getting the link…
          </p>
        )}
        <footer className="invite-friends-actions">
          <button
            type="button"
            className="secondary outline"
            disabled={!link}
            onClick={async () => {
              if (!link) return;
              const copied = await copyText(link);
              toast(
                copied
                  ? {
                      title: "Invite Link Copied",
                      description: "Share this link with others to invite them to the league",
                    }
                  : { title: "Invite Link", description: "Copy the link above and share it with your friends" },
              );
            }}
          >
            Copy link
          </button>
          {share && canShare(share) ? (
            <button
              type="button"
              className="secondary outline"
              onClick={() => void navigator.share(share).catch(() => undefined)}
            >
              Share…
            </button>
          ) : null}
          <button type="button" data-autofocus onClick={onClose}>
            Done
          </button>
        </footer>
      </article>
    </Modal>
  );
}
