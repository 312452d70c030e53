import { Link, useLocation, useSearch } from "wouter";
import { Modal } from "../../components/Modal.tsx";
import { holdSlipForAccount } from "../../lib/bet-slip.ts";

/**
 * Spec §2: visitors build a slip freely but need an account to place it; the slip waits for them and
 * opens again when they come back signed in. Returning players sign in from here too.
 */
export function SignUpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [location] = useLocation();
  const search = useSearch();
  const returnUrl = encodeURIComponent(search ? `${location}?${search}` : location);
  const leave = () => {
    onClose();
    holdSlipForAccount();
  };
  return (
    <Modal open={open} onClose={onClose} labelledBy="signup-title" className="confirm-dialog">
      <article>
        <header>
          <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
          <h2 id="signup-title">Create an Account to Place Bets</h2>
        </header>
        <p>
          You need to create a free account to place bets and track your performance. Join now to compete for weekly
          prizes!
        </p>
        <footer className="signup-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Not now
          </button>
          <Link href={`/auth?returnUrl=${returnUrl}`} className="button-link button-link-secondary" onClick={leave}>
            Sign in
          </Link>
          <Link
            href={`/auth?mode=register&returnUrl=${returnUrl}`}
            className="button-link"
            data-autofocus
            onClick={leave}
          >
            Create Account
          </Link>
        </footer>
      </article>
    </Modal>
  );
}
