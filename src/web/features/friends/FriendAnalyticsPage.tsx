import { Link, useLocation, useParams } from "wouter";
import { PageHeader } from "../../components/PageHeader.tsx";
import { ApiError } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { ANALYTICS_FAILED, friendStatCards, summarySentence } from "./analytics-text.ts";
import { useFriendAnalytics } from "./api.ts";
import { PlayerAvatar } from "../../components/PlayerAvatar.tsx";
import { Loading } from "../../components/Loading.tsx";
import { StatCards } from "../../components/StatCards.tsx";

const TITLE = "Friend Analytics";

/** A user id from the address, or null when it cannot be one (then nothing is asked of the server). */
function friendIdOf(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

function BackLink() {
  return (
    <Link href="/friends" className="friend-back">
      <span aria-hidden="true">←</span> Back to Friends
    </Link>
  );
}

/** /friends/{friendId}/analytics (spec §2): a friend's figures in six cards and a sentence; friends only. */
export function FriendAnalyticsPage() {
  const { friendId } = useParams<{ friendId?: string }>();
  const [location] = useLocation();
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Loading>Loading analytics...</Loading>
      </>
    );
  }
  if (!user) {
    return (
      <>
        <PageHeader title={TITLE} />
        <article className="empty-state">
          <p>Please sign in to view your friends' analytics</p>
          <Link href={`/auth?returnUrl=${encodeURIComponent(location)}`} className="button-link">
            Sign In
          </Link>
        </article>
      </>
    );
  }
  return <FriendAnalytics friendId={friendIdOf(friendId)} />;
}

function FriendAnalytics({ friendId }: { friendId: number | null }) {
  const { data, error } = useFriendAnalytics(friendId);

  if (friendId === null || (error && !data)) {
    // The server's sentence when it sent one (403 says spec §2's text itself), else the same fallback.
    const message =
      error instanceof ApiError && error.serverMessage && error.status !== 400 ? error.serverMessage : ANALYTICS_FAILED;
    return (
      <>
        <PageHeader title={TITLE} />
        <article className="error-panel friend-analytics-error" role="alert">
          <h2>Analytics unavailable</h2>
          <p>{message}</p>
          <Link href="/friends" className="button-link">
            Back to Friends
          </Link>
        </article>
      </>
    );
  }

  if (!data) {
    return (
      <>
        <BackLink />
        <PageHeader title={TITLE} />
        <Loading>Loading analytics...</Loading>
      </>
    );
  }

  return <FriendFigures username={data.user.username} email={data.user.email} stats={data.stats} />;
}

function FriendFigures({
  username,
  email,
  stats,
}: {
  username: string;
  email: string;
  stats: Parameters<typeof friendStatCards>[0];
}) {
  usePageTitle(`${username} · ${TITLE}`);
  return (
    <div className="friend-analytics">
      <BackLink />
      <header className="friend-header">
        <PlayerAvatar username={username} large />
        <div>
          <p className="friend-header-kicker">{TITLE}</p>
          <h1>{username}</h1>
          <p className="friend-header-email">{email}</p>
        </div>
      </header>
      <StatCards className="friend-figures" label="Figures" cards={friendStatCards(stats)} />
      <p className="friend-summary">{summarySentence(username, stats)}</p>
    </div>
  );
}
