import type { Bet } from "../../../shared/contract/betting.ts";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { PageHeader } from "../../components/PageHeader.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useMyBets } from "./api.ts";
import { BetCard } from "./BetCard.tsx";
import { BetsSummary } from "./BetsSummary.tsx";
import { NoteDialog } from "./NoteDialog.tsx";
import { useNow } from "./use-now.ts";
import { Loading } from "../../components/Loading.tsx";

const TITLE = "Recent Bets & Journal";
const SIGN_IN = `/auth?returnUrl=${encodeURIComponent("/my-bets")}`;
const LOAD_FAILED = "Failed to load your bets. Please try refreshing.";

/** The server's message; a failure that never reached it (offline, aborted) gets the spec's fallback. */
const loadError = (error: unknown) => (error instanceof ApiError ? errorText(error, LOAD_FAILED) : LOAD_FAILED);

/** A spec §8 panel: what went wrong, in the spec's words. */
function ErrorPanel({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <article className="error-panel" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {children}
    </article>
  );
}

/** /my-bets (spec §2): every bet of the signed-in player, newest first, with its journal note. Visitors go to /auth. */
export function MyBetsPage() {
  const { user, error, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const signedOut = !isLoading && !error && user === null;

  useEffect(() => {
    if (signedOut) navigate(SIGN_IN, { replace: true });
  }, [signedOut, navigate]);

  if (user) return <MyBets userId={user.id} />;
  if (error) {
    return (
      <>
        <PageHeader title={TITLE} />
        <ErrorPanel
          title="Authentication Issue"
          message="Unable to load user information. Please try logging out and back in."
        />
      </>
    );
  }
  return <Loading>Loading…</Loading>;
}

function MyBets({ userId }: { userId: number }) {
  const { data: bets, error, isValidating, mutate } = useMyBets(userId);
  const [editing, setEditing] = useState<Bet | null>(null);
  const now = useNow();
  const refresh = () => void mutate();

  return (
    <>
      <PageHeader title={TITLE} subtitle="Every bet you've placed, how it ended, and your notes on it.">
        <button
          type="button"
          className="secondary outline bets-refresh"
          onClick={refresh}
          disabled={isValidating}
          aria-busy={isValidating || undefined}
        >
          Refresh
        </button>
      </PageHeader>

      {error ? <ErrorPanel title="Error loading bets" message={loadError(error)} /> : null}

      {/* After a failed refresh the last list stays on screen, but an empty one proves nothing. */}
      {bets === undefined || (error && bets.length === 0) ? (
        error ? null : (
          <Loading>Loading your bets…</Loading>
        )
      ) : bets.length === 0 ? (
        <article className="empty-state">
          <p>You haven't placed any bets yet.</p>
          <p>Pick a game, add it to your slip, and your bets and notes will show up here.</p>
          <Link href="/" className="button-link">
            Browse games
          </Link>
        </article>
      ) : (
        <>
          <BetsSummary bets={bets} />
          <ol className="bet-list">
            {bets.map((bet) => (
              <li key={bet.id}>
                <BetCard bet={bet} now={now} onEditNote={setEditing} />
              </li>
            ))}
          </ol>
        </>
      )}

      <NoteDialog userId={userId} bet={editing} onClose={() => setEditing(null)} />
    </>
  );
}
