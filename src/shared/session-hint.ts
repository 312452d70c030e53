/**
 * A readable cookie that says "this browser holds a session cookie" (which scripts cannot see: it
 * is HttpOnly). Without it the app knows a visitor is signed out without asking GET /api/user,
 * whose 401 every browser logs as an error. It carries no secret: the session cookie decides.
 * The server keeps it in step whenever it serves the page; the app sets and clears it on sign-in
 * and sign-out.
 */
export const SESSION_HINT_COOKIE = "npt_signed_in";

/** The Set-Cookie (or document.cookie) text that sets the hint, or clears it. */
export function sessionHintCookie(signedIn: boolean): string {
  return signedIn
    ? `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax`
    : `${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
}
