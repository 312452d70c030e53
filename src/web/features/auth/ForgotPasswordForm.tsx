import { useEffect, useRef, useState, type FormEvent } from "react";
import { EMAIL_MAX, emailProblem } from "../../../shared/accounts.ts";
import { errorText } from "../../lib/api.ts";
import { requestPasswordReset } from "./api.ts";
import { Field } from "../../components/Field.tsx";

/**
 * 'Forgot password?': asks the server to mail a reset link and shows its answer. Without SMTP the
 * server says (503) to ask its operator, who can make a link with the CLI; that sentence is shown as is.
 */
export function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const notice = useRef<HTMLDivElement>(null);

  // The form goes away once the link is on its way: the answer takes its place and the focus.
  useEffect(() => {
    if (sent) notice.current?.focus();
  }, [sent]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email.trim());
    setError(problem);
    setFailure(null);
    if (problem) {
      document.getElementById("forgot-email")?.focus();
      return;
    }
    setPending(true);
    try {
      setSent(await requestPasswordReset(email.trim()));
    } catch (caught) {
      setFailure(errorText(caught, "The reset link could not be sent. Please try again."));
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <>
        <div className="auth-notice" role="status" tabIndex={-1} ref={notice}>
          <p>{sent}</p>
          <p className="muted">
            The link works once, for a limited time. Check your spam folder if it does not arrive.
          </p>
        </div>
        <button type="button" className="secondary outline auth-back" onClick={onBack}>
          Back to sign in
        </button>
      </>
    );
  }

  return (
    <>
      {failure ? (
        <div className="auth-notice auth-notice-error danger-box" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Field
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          hint="The email you signed up with"
        />
        <button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Sending..." : "Send reset link"}
        </button>
      </form>
      <p className="auth-switch">
        Remembered it?{" "}
        <button type="button" className="link-button" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </>
  );
}
