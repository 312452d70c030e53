import { useEffect, useRef, useState } from "react";
import { errorText } from "../../lib/api.ts";
import { afterEmailConfirmed } from "../../lib/queries.ts";
import { confirmEmail } from "./api.ts";

type Outcome = { ok: boolean; message: string } | null;

/** Spends a mailed confirmation link (?verify=token) once and shows the server's answer. */
export function EmailConfirmation({ token, onContinue }: { token: string; onContinue(): void }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The link works once: a second request (StrictMode's double effect) would be refused.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirmEmail(token)
      .then(async (message) => {
        setOutcome({ ok: true, message });
        // A proved ADMIN_EMAILS address is an admin now: ask again who is signed in.
        await afterEmailConfirmed();
      })
      .catch((error: unknown) =>
        setOutcome({ ok: false, message: errorText(error, "Your address could not be confirmed. Please try again.") }),
      );
  }, [token]);

  if (!outcome) {
    return (
      <div className="auth-notice" role="status">
        <p>Confirming your address...</p>
      </div>
    );
  }
  return (
    <div
      className={`auth-notice${outcome.ok ? "" : " auth-notice-error danger-box"}`}
      role={outcome.ok ? "status" : "alert"}
    >
      <p>{outcome.message}</p>
      <button type="button" onClick={onContinue}>
        Continue
      </button>
    </div>
  );
}
