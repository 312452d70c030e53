import { useState } from "react";
import { errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { fetchInviteToken, inviteLink, rotateInviteToken } from "./api.ts";
import { copyText } from "../../lib/copy-text.ts";

/**
 * 'Copy Invite Link' for members and 'New Invite Link' for admins (spec §2, §7). The link also
 * shows in a read-only field, for when the browser does not let the page use the clipboard.
 */
export function InviteLinkActions({ leagueId, canRotate }: { leagueId: number; canRotate: boolean }) {
  const [link, setLink] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function share(getToken: () => Promise<{ inviteToken: string }>, rotated: boolean) {
    setPending(true);
    try {
      const url = inviteLink((await getToken()).inviteToken);
      setLink(url);
      const copied = await copyText(url);
      if (rotated) {
        toast({
          title: "New Invite Link",
          description: copied
            ? "The old link no longer works. The new one is copied."
            : "The old link no longer works. Copy the new one below.",
        });
      } else if (copied) {
        toast({ title: "Invite Link Copied", description: "Share this link with others to invite them to the league" });
      } else {
        toast({
          title: "Invite Link",
          description: "Copy the link below and share it with others to invite them to the league",
        });
      }
    } catch (error) {
      toast({
        title: "Error",
        description: errorText(error, "The invite link could not be loaded."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="league-link">
      <div className="league-link-buttons">
        <button
          type="button"
          className="secondary outline"
          onClick={() => share(() => fetchInviteToken(leagueId), false)}
          disabled={pending}
        >
          Copy Invite Link
        </button>
        {canRotate ? (
          <button
            type="button"
            className="secondary outline"
            onClick={() => share(() => rotateInviteToken(leagueId), true)}
            disabled={pending}
            title="Replace the link: the old one stops working"
          >
            New Invite Link
          </button>
        ) : null}
      </div>
      {link ? <InviteLinkField link={link} /> : null}
    </div>
  );
}

/** The invite link, selected on focus; a text area, not a one-line field: the whole link shows, wrapped, at any width. */
export function InviteLinkField({ link }: { link: string }) {
  return (
    <textarea
      className="league-link-field"
      readOnly
      rows={2}
      value={link}
      aria-label="Invite link"
      onFocus={(event) => event.target.select()}
    />
  );
}
