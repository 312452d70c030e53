import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { PASSWORD_MAX } from "../../../shared/accounts.ts";
import { Field } from "../../components/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { forgetSession } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { deleteAccount } from "./api.ts";
import { ErrorCode } from "../../../shared/error-codes.ts";

/** 'Delete account': a destructive button, and a dialog that asks for the password before anything is removed. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <article className="settings-card settings-danger" aria-labelledby="settings-delete-title">
        <h2 id="settings-delete-title">Delete account</h2>
        <p className="muted">Close your account for good. You will be signed out everywhere and cannot undo it.</p>
        <button type="button" className="danger-button" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </article>
      {/* Beside the card, not in it: the card's styles are not the dialog's. */}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="delete-account-title"
        className="confirm-dialog delete-account-dialog"
      >
        {/* Mounted only while open, so each opening starts with an empty password. */}
        {open ? <DeleteAccountForm onClose={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

function DeleteAccountForm({ onClose }: { onClose(): void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [, navigate] = useLocation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === "") {
      setError("Enter your password to confirm");
      document.getElementById("delete-password")?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const message = await deleteAccount(password);
      // Leave first, so this page never shows its signed-out prompt; then forget the session as logging out does.
      navigate("/");
      await forgetSession();
      toast({ title: "Account deleted", description: message });
    } catch (failure) {
      setPending(false);
      const message = errorText(failure, "Your account could not be deleted. Please try again.");
      setError(message);
      // A wrong password is the player's to fix here; anything else is worth a toast too.
      if (!(failure instanceof ApiError && failure.code === ErrorCode.wrongPassword)) {
        toast({ title: "Account not deleted", description: message, variant: "destructive" });
      }
      document.getElementById("delete-password")?.focus();
    }
  }

  return (
    <article>
      <header>
        <button type="button" aria-label="Close" rel="prev" onClick={onClose} disabled={pending} />
        <h2 id="delete-account-title">Delete your account?</h2>
      </header>
      <form onSubmit={submit} noValidate aria-label="Delete account">
        <p>This cannot be undone.</p>
        <ul className="delete-account-effects">
          <li>
            Your email, sessions, friends and friend requests are <strong>removed</strong>, and you are signed out
            everywhere.
          </li>
          <li>
            Your bets <strong>stay</strong> in league and leaderboard history, under an anonymous name.
          </li>
        </ul>
        <Field
          id="delete-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          error={error}
          alert
          hint="Enter your password to confirm it is you."
          data-autofocus
        />
        <footer>
          <button type="button" className="secondary outline" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className="danger-button" disabled={pending} aria-busy={pending || undefined}>
            {pending ? "Deleting..." : "Delete my account"}
          </button>
        </footer>
      </form>
    </article>
  );
}
