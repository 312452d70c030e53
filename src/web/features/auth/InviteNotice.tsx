import type { InvitePreview } from "../../../shared/contract/leagues.ts";
import { revealPromise } from "../../../shared/league-reveal.ts";
import { errorText } from "../../lib/api.ts";
import { memberCountText, playsForText } from "../../lib/league-text.ts";
import { keys, useQuery } from "../../lib/queries.ts";

/** The token of an invite link the visitor is signing in for (`/invite/{token}` as the returnUrl), else null. */
export function inviteTokenOf(returnUrl: string): string | null {
  const match = /^\/invite\/([^/?#]+)$/.exec(returnUrl);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * Issue 28: an invited visitor sees what they were invited to before making an account — the league,
 * who runs it, how many have joined and what it plays for. Joining happens once they are signed in.
 */
export function InviteNotice({ token }: { token: string }) {
  const { data: league, error } = useQuery<InvitePreview>(keys.invite(token));
  if (error) {
    return (
      <div className="auth-notice invite-notice" role="status">
        <p>{errorText(error, "This invite link could not be checked. You can still sign in and try it.")}</p>
      </div>
    );
  }
  if (!league) return <div className="invite-notice invite-notice-loading" aria-hidden="true" />;
  return (
    <section className="invite-notice" aria-labelledby="invite-notice-title">
      <p className="invite-notice-kicker">You're invited to join</p>
      <h2 id="invite-notice-title">{league.name}</h2>
      <p className="invite-notice-facts">
        {league.commissioner ? `Run by ${league.commissioner} · ` : ""}
        {memberCountText(league.memberCount)}
      </p>
      <p className="invite-notice-stakes">{playsForText(league)}</p>
      {league.description ? <p className="invite-notice-description">{league.description}</p> : null}
      <p className="invite-notice-reveal">{revealPromise(league.revealPicks)}</p>
    </section>
  );
}
