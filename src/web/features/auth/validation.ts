import {
  emailProblem,
  passwordProblem,
  USERNAME_MAX,
  USERNAME_MIN,
  usernameProblem,
} from "../../../shared/accounts.ts";
import { ErrorCode } from "../../../shared/error-codes.ts";

export type AuthMode = "signin" | "register";

export interface AuthFields {
  email: string;
  username: string;
  password: string;
}

export type FieldErrors = Partial<Record<keyof AuthFields, string>>;

/** The register form's username rule (spec §5), which words the pattern differently from Settings. */
function registerUsernameProblem(username: string): string | null {
  if (username === "") return "Username is required";
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return usernameProblem(username);
  return usernameProblem(username) ? "Letters, numbers, and underscores only" : null;
}

/** Problems per field, empty when the form can be sent. */
export function authFormErrors(mode: AuthMode, fields: AuthFields): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailProblem(fields.email.trim());
  if (email) errors.email = email;
  if (mode === "register") {
    const username = registerUsernameProblem(fields.username);
    if (username) errors.username = username;
  }
  const password = fields.password === "" ? "Password is required" : passwordProblem(fields.password);
  if (password) errors.password = password;
  return errors;
}

/** The field a server error code points at, so its message shows there too. */
export function fieldForCode(code: string | null): keyof AuthFields | null {
  switch (code) {
    case ErrorCode.invalidEmail:
      return "email";
    case ErrorCode.usernameSimilar:
    case ErrorCode.invalidUsername:
      return "username";
    case ErrorCode.invalidPassword:
      return "password";
    default:
      return null;
  }
}

export interface NewPasswordFields {
  password: string;
  confirm: string;
}

/** The 'Choose a new password' form's problems: the register password rule, and the two entries must match. */
export function newPasswordErrors(fields: NewPasswordFields): Partial<Record<keyof NewPasswordFields, string>> {
  const errors: Partial<Record<keyof NewPasswordFields, string>> = {};
  const password = fields.password === "" ? "Password is required" : passwordProblem(fields.password);
  if (password) errors.password = password;
  if (fields.confirm === "") errors.confirm = "Enter the new password again";
  else if (fields.confirm !== fields.password) errors.confirm = "Passwords do not match";
  return errors;
}
