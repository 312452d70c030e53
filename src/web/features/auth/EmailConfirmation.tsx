import { useEffect, useRef, useState } from "react";
import type { User } from "../../../shared/contract/auth.ts";
import { errorText } from "../../lib/api.ts";
import { afterEmailConfirmed } from "../../lib/queries.ts";
import { confirmEmail } from "./api.ts";

type Outcome = { ok: boolean; message: string } | null;

/**
 * A mailed confirmation link (?verify=token). Opening it changes nothing: the address is confirmed
 * only when the account it was sent for, signed in, clicks. Whoever registered a listed address may
 * not own the mailbox, and a mail scanner opens links too.
 */
export function EmailConfirmation({
  token,
  user,
  onSignIn,
  onDone,
  onContinue,
}: {
  token: string;
  user: User | null;
  /** Signs in, then comes back here. */
  onSignIn(): void;
  /** The link was answered (spent or refused for good): it may leave the address. */
  onDone(): void;
  onContinue(): void;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState(false);
  const continueButton = useRef<HTMLButtonElement>(null);
  // The button that was clicked is gone once the answer shows: keyboard focus moves to what replaced it.
  useEffect(() => {
    if (outcome) continueButton.current?.focus();
  }, [outcome]);

  async function confirm() {
    setPending(true);
    try {
      const message = await confirmEmail(token);
      setOutcome({ ok: true, message });
      onDone();
      // A proved ADMIN_EMAILS address is an admin now: ask again who is signed in.
      await afterEmailConfirmed();
    } catch (error) {
      setOutcome({ ok: false, message: errorText(error, "Your address could not be confirmed. Please try again.") });
    } finally {
      setPending(false);
    }
  }

  if (outcome) {
    return (
      <div
        className={`auth-notice${outcome.ok ? "" : " auth-notice-error danger-box"}`}
        role={outcome.ok ? "status" : "alert"}
      >
        <p>{outcome.message}</p>
        <button type="button" onClick={onContinue} ref={continueButton}>
          Continue
        </button>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="auth-notice" role="status">
        <p>Nothing has been confirmed yet.</p>
        <p>
          This link confirms the address of the account it was sent for. Sign in to that account, then confirm. If you
          did not create an account with this address, close this page: nothing changes.
        </p>
        <button type="button" onClick={onSignIn}>
          Sign in to confirm
        </button>
      </div>
    );
  }
  return (
    <div className="auth-notice" role="status">
      <p>You are signed in as {user.username}.</p>
      <p>Confirm that the e-mail address of this account is yours.</p>
      <button type="button" onClick={confirm} disabled={pending} aria-busy={pending}>
        Confirm my address
      </button>
    </div>
  );
}
