import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Modal } from "../../components/Modal.tsx";
import { useCurrentUser } from "../../lib/session.ts";

function CompeteDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="compete-title" className="confirm-dialog">
      <article>
        <header>
          <h2 id="compete-title">Create an Account to Compete</h2>
        </header>
        <p>
          You need a free account to make picks and climb the weekly leaderboard. It takes a minute, there is nothing to
          buy, and every week the top 3 players win a $20 gift card.
        </p>
        <footer>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <Link href="/auth?mode=register" className="button-link" data-autofocus onClick={onClose}>
            Create Account
          </Link>
        </footer>
      </article>
    </Modal>
  );
}

/** Spec §2: to the games when signed in; otherwise the account prompt. */
export function StartPicksButton() {
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="contest-start"
        disabled={isLoading}
        onClick={() => (user ? navigate("/") : setAsking(true))}
      >
        Start Making Picks
      </button>
      <CompeteDialog open={asking} onClose={() => setAsking(false)} />
    </>
  );
}
