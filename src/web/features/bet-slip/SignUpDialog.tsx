import { Link } from "wouter";
import { Modal } from "../../components/Modal.tsx";
import { closeSlip } from "../../lib/bet-slip.ts";

/** Spec §2: visitors build a slip freely but need an account to place it; the slip waits for them. */
export function SignUpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
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
        <footer>
          <button type="button" className="secondary" onClick={onClose}>
            Not now
          </button>
          <Link
            href={`/auth?mode=register&returnUrl=${encodeURIComponent("/")}`}
            className="button-link"
            data-autofocus
            onClick={() => {
              onClose();
              closeSlip();
            }}
          >
            Create Account
          </Link>
        </footer>
      </article>
    </Modal>
  );
}
