import { useEffect } from "react";
import { useLocation, useParams } from "wouter";
import { revealPromise } from "../../../shared/league-reveal.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useJoinOnce } from "./use-join-once.ts";

/** Spec §9: how long 'Successfully Joined!' stays before the leagues screen. */
export const REDIRECT_MS = 1500;

/**
 * /invite/{token} (spec §2, §4): visitors sign in first and come back; then the page joins the
 * league once, says how it went, and moves on to /leagues after a success, with that league open.
 */
export function InvitePage() {
  const { token = "" } = useParams<{ token?: string }>();
  const [, navigate] = useLocation();
  const { user, error, isLoading } = useCurrentUser();
  const signedOut = !isLoading && !error && user === null;
  const state = useJoinOnce(token, Boolean(user));
  usePageTitle("Join League");

  useEffect(() => {
    if (signedOut && token) navigate(`/auth?returnUrl=${encodeURIComponent(`/invite/${token}`)}`, { replace: true });
  }, [signedOut, token, navigate]);

  // The leagues screen opens on the league just joined.
  const joined = state.status === "success" ? state.leagueId : null;
  useEffect(() => {
    if (joined === null) return;
    const timer = setTimeout(() => navigate(`/leagues?league=${joined}`), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [joined, navigate]);

  if (!token) return <Failed message="No invite token provided" />;
  if (error) return <Failed message={error instanceof Error && error.message ? error.message : "An error occurred"} />;
  if (state.status === "success") {
    return (
      <article className="invite-card invite-success" role="status">
        <span className="invite-icon" aria-hidden="true">
          ✓
        </span>
        <h1>Successfully Joined!</h1>
        <p>
          You're now a member of <strong>{state.leagueName}</strong>. Taking you to your leagues…
        </p>
        <p className="invite-reveal">{revealPromise(state.revealPicks)}</p>
      </article>
    );
  }
  if (state.status === "error") return <Failed message={state.message} />;
  return (
    <article className="invite-card" role="status">
      <span className="invite-icon invite-spinner" aria-hidden="true" />
      <h1>Joining League...</h1>
      <p className="muted">{signedOut ? "Taking you to sign in first…" : "Hold on while we add you to the league."}</p>
    </article>
  );
}

function Failed({ message }: { message: string }) {
  const [, navigate] = useLocation();
  return (
    <article className="invite-card invite-failed" role="alert">
      <span className="invite-icon" aria-hidden="true">
        !
      </span>
      <h1>Failed to Join</h1>
      <p>{message}</p>
      <button type="button" onClick={() => navigate("/leagues")}>
        Go to Leagues
      </button>
    </article>
  );
}
