import { Link } from "wouter";
import { revealPromise } from "../../../shared/league-reveal.ts";
import { Loading } from "../../components/Loading.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { memberCountText, playsForText } from "../../lib/league-text.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { joinLeague, useLeaguePreview } from "./api.ts";
import { leaguePath } from "./sections.ts";
import { useLeagueAction } from "./use-league-action.ts";

/**
 * A league's page for someone not in it (a shared link): what an invite link shows — the league, who
 * runs it, how many have joined, what it plays for — and the way in: Join (a public league, signed
 * in), Sign In to join (signed out), the invitation (a private league they were invited to).
 */
export function LeagueLanding({ id, viewerId }: { id: number; viewerId: number | null }) {
  const { data: league, error } = useLeaguePreview(id, true);
  const { pending, run } = useLeagueAction();
  usePageTitle(league?.name ?? null);
  if (error instanceof ApiError && error.status === 404) return <LeagueNotFound />;
  if (error)
    return (
      <article className="error-panel" role="alert">
        <h1>League could not be loaded</h1>
        <p>{errorText(error, "Please try again.")}</p>
      </article>
    );
  if (!league) return <Loading />;
  const here = leaguePath(id);
  return (
    <section className="league-landing" aria-labelledby="league-landing-title">
      <p className="league-landing-kicker">{league.isPublic ? "A public league" : "You're invited to join"}</p>
      <h1 id="league-landing-title">{league.name}</h1>
      <p className="league-landing-facts">
        {league.commissioner ? `Run by ${league.commissioner} · ` : ""}
        {memberCountText(league.memberCount)}
      </p>
      <p className="league-landing-stakes">{playsForText(league)}</p>
      {league.description ? <p className="league-description">{league.description}</p> : null}
      <p className="league-landing-reveal">{revealPromise(league.revealPicks)}</p>
      <div className="league-landing-actions">
        {viewerId === null ? (
          <Link href={`/auth?returnUrl=${encodeURIComponent(here)}`} className="button-link">
            Sign In to Join
          </Link>
        ) : league.isPublic ? (
          <button
            type="button"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() =>
              void run(() => joinLeague(id, viewerId), {
                title: "Joined League!",
                description: "You've successfully joined the league",
              })
            }
          >
            {pending ? "Joining..." : "Join League"}
          </button>
        ) : (
          <Link href="/leagues" className="button-link">
            See your invitation
          </Link>
        )}
      </div>
    </section>
  );
}

/** No league here, or a private one this viewer may not see: the same words either way (nothing leaks). */
export function LeagueNotFound() {
  usePageTitle("League not found");
  return (
    <section className="not-found">
      <h1>404 Page Not Found</h1>
      <p>There is no league at this address, or it is private: join it by invitation or invite link.</p>
      <Link href="/leagues" className="button-link">
        Go to Leagues
      </Link>
    </section>
  );
}
