import { useState, type ChangeEvent, type FormEvent } from "react";
import { PASSWORD_MAX } from "../../../shared/accounts.ts";
import { ApiError, errorText } from "../../lib/api.ts";
import { resetPassword } from "./api.ts";
import { Field } from "../../components/Field.tsx";
import { newPasswordErrors, type NewPasswordFields } from "./validation.ts";
import { ErrorCode } from "../../../shared/error-codes.ts";

const FIELD_IDS: Record<keyof NewPasswordFields, string> = { password: "new-password", confirm: "confirm-password" };

interface ResetPasswordFormProps {
  /** The token of the link (?reset=…). */
  token: string;
  /** The password is changed; `message` is the server's sentence. */
  onDone(message: string): void;
  /** The link is dead: show the 'Forgot password?' form instead. */
  onRequestNewLink(): void;
}

/** 'Choose a new password' from a reset link (mailed, or made by the operator's CLI). */
export function ResetPasswordForm({ token, onDone, onRequestNewLink }: ResetPasswordFormProps) {
  const [fields, setFields] = useState<NewPasswordFields>({ password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPasswordFields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const change = (field: keyof NewPasswordFields) => (event: ChangeEvent<HTMLInputElement>) => {
    setFields((was) => ({ ...was, [field]: event.target.value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordErrors(fields);
    setErrors(found);
    setFailure(null);
    const first = (Object.keys(found) as (keyof NewPasswordFields)[])[0];
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setPending(true);
    try {
      onDone(await resetPassword(token, fields.password));
    } catch (caught) {
      setPending(false);
      if (caught instanceof ApiError && caught.code === ErrorCode.resetLinkInvalid) {
        setDeadLink(caught.serverMessage ?? "This reset link has expired or was already used. Ask for a new one.");
      } else if (caught instanceof ApiError && caught.code === ErrorCode.invalidPassword && caught.serverMessage) {
        setErrors({ password: caught.serverMessage });
      } else {
        setFailure(errorText(caught, "Your password could not be changed. Please try again."));
      }
    }
  }

  if (deadLink) {
    return (
      <div className="auth-notice auth-notice-error danger-box" role="alert">
        <p>{deadLink}</p>
        <button type="button" onClick={onRequestNewLink}>
          Ask for a new link
        </button>
      </div>
    );
  }

  return (
    <>
      {failure ? (
        <div className="auth-notice auth-notice-error danger-box" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Field
          id={FIELD_IDS.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          value={fields.password}
          onChange={change("password")}
          error={errors.password}
          hint="At least 8 characters"
        />
        <Field
          id={FIELD_IDS.confirm}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          value={fields.confirm}
          onChange={change("confirm")}
          error={errors.confirm}
        />
        <button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Changing password..." : "Change password"}
        </button>
      </form>
    </>
  );
}
