import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { USERNAME_MAX } from "../../../shared/accounts.ts";
import { ApiError, errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { register, signIn } from "./api.ts";
import { Field } from "../../components/Field.tsx";
import { authFormErrors, fieldForCode, type AuthFields, type AuthMode, type FieldErrors } from "./validation.ts";

/** Sign-in or registration form; on success the current user is stored and the page moves on. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const [fields, setFields] = useState<AuthFields>({ email: "", username: "", password: "" });
  const [website, setWebsite] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shownMode, setShownMode] = useState(mode);
  const [pending, setPending] = useState(false);
  if (shownMode !== mode) {
    setShownMode(mode);
    setErrors({});
  }
  const registering = mode === "register";
  // The form is what the page is for: its first field has the focus on arrival and on switching
  // between sign-in and sign-up (it took 12 Tabs to reach it), unless the player is already typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: mode is the trigger, not a value the effect reads
  useEffect(() => {
    if (document.activeElement instanceof HTMLInputElement) return;
    document.getElementById("email")?.focus();
  }, [mode]);

  const change = (field: keyof AuthFields) => (event: ChangeEvent<HTMLInputElement>) => {
    setFields((was) => ({ ...was, [field]: event.target.value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = authFormErrors(mode, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(Object.keys(found)[0]!)?.focus();
      return;
    }
    setPending(true);
    try {
      if (registering) {
        await register({ email: fields.email.trim(), username: fields.username, password: fields.password, website });
        toast({ title: "Account created!", description: "Welcome to NFL Paper Trading!" });
      } else {
        await signIn(fields.email.trim(), fields.password);
        toast({ title: "Welcome back!", description: "You've successfully logged in." });
      }
    } catch (error) {
      const field = error instanceof ApiError ? fieldForCode(error.code) : null;
      if (field && error instanceof ApiError && error.serverMessage) setErrors({ [field]: error.serverMessage });
      toast(
        registering
          ? { title: "Registration failed", description: errorText(error, "Please try again."), variant: "destructive" }
          : {
              title: "Login failed",
              description: errorText(error, "Invalid email or password"),
              variant: "destructive",
            },
      );
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={registering ? "Create account" : "Sign in"}>
      <Field
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={fields.email}
        onChange={change("email")}
        error={errors.email}
      />
      {registering ? (
        <Field
          id="username"
          label="Username"
          autoComplete="username"
          required
          maxLength={USERNAME_MAX}
          value={fields.username}
          onChange={change("username")}
          error={errors.username}
          hint="3-20 characters: letters, numbers and underscores"
        />
      ) : null}
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete={registering ? "new-password" : "current-password"}
        required
        value={fields.password}
        onChange={change("password")}
        error={errors.password}
        hint={registering ? "At least 8 characters" : undefined}
      />
      {registering ? (
        // Honeypot: people never see or reach it, so a value here means a bot filled the form.
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="website">Website</label>
          <input
            id="website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(e) => setWebsite(e.target.value)}
          />
        </div>
      ) : null}
      <button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? (registering ? "Creating account..." : "Signing in...") : registering ? "Create Account" : "Sign In"}
      </button>
    </form>
  );
}
