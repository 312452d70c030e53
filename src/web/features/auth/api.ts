import type { MessageResponse } from "../../../shared/contract/common.ts";
import type { User } from "../../../shared/contract/auth.ts";
import { apiRequest } from "../../lib/api.ts";
import { clearReferral, savedReferral } from "../../lib/referral.ts";
import { setCurrentUser } from "../../lib/session.ts";

export async function signIn(email: string, password: string): Promise<User> {
  const user = await apiRequest<User>("POST", "/api/login", { email, password });
  await setCurrentUser(user);
  return user;
}

/** Creates the account with the honeypot and any saved referral data; the referral is spent once it worked. */
export async function register(fields: {
  email: string;
  username: string;
  password: string;
  website: string;
}): Promise<User> {
  const user = await apiRequest<User>("POST", "/api/register", { ...fields, ...savedReferral() });
  clearReferral();
  await setCurrentUser(user);
  return user;
}

/** Asks for a reset link by e-mail; the server's sentence is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiRequest<MessageResponse>("POST", "/api/password/forgot", { email });
  return answer.message;
}

/** Sets a new password from a reset link. Every session of that account ends, possibly this browser's too. */
export async function resetPassword(token: string, password: string): Promise<string> {
  const answer = await apiRequest<MessageResponse>("POST", "/api/password/reset", { token, password });
  return answer.message;
}

/** Proves the account's address with a mailed confirmation link (what makes a listed ADMIN_EMAILS address an admin). */
export async function confirmEmail(token: string): Promise<string> {
  const answer = await apiRequest<MessageResponse>("POST", "/api/email/verify", { token });
  return answer.message;
}
