import { useState, type FormEvent } from "react";
import { PASSWORD_MAX, passwordProblem } from "../../../shared/accounts.ts";
import { ErrorCode } from "../../../shared/error-codes.ts";
import { Field } from "../../components/Field.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { changePassword } from "./api.ts";

type Problems = { current?: string | null; next?: string | null; confirm?: string | null };

/** What the player can act on in a refusal, and under which field it belongs. */
function refusal(failure: unknown): Problems & { toast?: string } {
  if (failure instanceof ApiError) {
    if (failure.code === ErrorCode.wrongPassword) return { current: "That is not your current password" };
    if (failure.code === ErrorCode.invalidPassword) return { next: failure.serverMessage ?? "Choose another password" };
    if (failure.status === 429) return { toast: "Too many tries. Wait a few minutes, then try again." };
  }
  return { toast: errorText(failure, "Please try again.") };
}

/** 'Change password': the current one proves it is the player; this session stays signed in, the others end. */
export function PasswordForm() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {
      current: current === "" ? "Enter your current password" : null,
      next: passwordProblem(next),
      confirm: confirm !== next ? "The passwords do not match" : null,
    };
    setProblems(found);
    const first = found.current ? "current" : found.next ? "new" : found.confirm ? "confirm" : null;
    if (first) {
      document.getElementById(`settings-password-${first}`)?.focus();
      return;
    }
    setPending(true);
    try {
      const message = await changePassword(current, next);
      setCurrent("");
      setNext("");
      setConfirm("");
      toast({ title: "Password changed", description: `${message} Other devices have been signed out.` });
    } catch (failure) {
      const { toast: text, ...fields } = refusal(failure);
      setProblems(fields);
      if (text) toast({ title: "Password not changed", description: text, variant: "destructive" });
      else document.getElementById(`settings-password-${fields.current ? "current" : "new"}`)?.focus();
    } finally {
      setPending(false);
    }
  }

  const field = (key: keyof Problems, set: (value: string) => void) => ({
    type: "password",
    required: true,
    maxLength: PASSWORD_MAX,
    error: problems[key] ?? null,
    onChange: (event: { target: { value: string } }) => {
      set(event.target.value);
      setProblems((was) => ({ ...was, [key]: null }));
    },
  });

  return (
    <article className="settings-card" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title">Password</h2>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Field
          id="settings-password-current"
          label="Current password"
          autoComplete="current-password"
          value={current}
          {...field("current", setCurrent)}
        />
        <Field
          id="settings-password-new"
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={next}
          {...field("next", setNext)}
        />
        <Field
          id="settings-password-confirm"
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          {...field("confirm", setConfirm)}
        />
        <button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Changing..." : "Change Password"}
        </button>
      </form>
    </article>
  );
}
