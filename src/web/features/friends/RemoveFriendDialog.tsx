import type { Friend } from "../../../shared/contract/social.ts";
import { Modal } from "../../components/Modal.tsx";

/** Asks before a friend is removed; Cancel is the default button. */
export function RemoveFriendDialog({
  friend,
  pending,
  onConfirm,
  onClose,
}: {
  friend: Friend | null;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal open={friend !== null} onClose={onClose} labelledBy="remove-friend-title" className="confirm-dialog">
      {friend ? (
        <article>
          <header>
            <h2 id="remove-friend-title">Remove friend?</h2>
          </header>
          <p>
            Remove <strong>{friend.username}</strong> from your friends? You will no longer see each other's email or
            analytics. You can send a new friend request later.
          </p>
          <footer>
            <button type="button" className="secondary" onClick={onClose} data-autofocus>
              Cancel
            </button>
            <button
              type="button"
              className="danger-button"
              onClick={onConfirm}
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {pending ? "Removing..." : "Remove Friend"}
            </button>
          </footer>
        </article>
      ) : null}
    </Modal>
  );
}
