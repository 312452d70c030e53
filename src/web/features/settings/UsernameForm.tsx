import type { User } from "../../../shared/contract/auth.ts";
import { useState, type FormEvent } from "react";
import { usernameProblem } from "../../../shared/accounts.ts";
import { ApiError, errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { Field } from "../../components/Field.tsx";
import { changeUsername } from "./api.ts";

export function UsernameForm({ user }: { user: User }) {
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = usernameProblem(username);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await changeUsername(username);
      toast({ title: "Username updated", description: "Your username has been successfully changed." });
    } catch (failure) {
      const message = errorText(failure, "Please try again.");
      if (failure instanceof ApiError && failure.status < 500) setError(message);
      toast({ title: "Failed to update username", description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change username">
      <Field
        id="settings-username"
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setError(null);
        }}
        error={error}
        hint="3-20 characters: letters, numbers and underscores."
      />
      <button type="submit" disabled={pending || username === user.username} aria-busy={pending || undefined}>
        {pending ? "Saving..." : "Save Changes"}
      </button>
    </form>
  );
}
