/**
 * A readable cookie that says "this browser holds a session cookie, and which" (scripts cannot see
 * the session cookie: it is HttpOnly). Without it the app knows a visitor is signed out without
 * asking GET /api/user, whose 401 every browser logs as an error. Its value is the session's mark
 * (http/session-cookie.ts `sessionMark`: a hash of the token that cannot be turned back into it),
 * so the service worker can tell one session's kept answers from another's. It decides nothing on
 * the server: the session cookie does. The server sets it with the session cookie (sign-in,
 * sign-up, a password change) and whenever it serves the page; the app clears it on sign-out.
 */
export const SESSION_HINT_COOKIE = "npt_signed_in";

/**
 * The header the app sends its hint in on every read, and the server names the session of a
 * private answer in (GET /api/user): the service worker serves a kept private answer only to a
 * request of the same session (web/public/sw.js).
 */
export const SESSION_MARK_HEADER = "x-npt-session-mark";

/** The Set-Cookie (or document.cookie) text that sets the hint to a session's mark, or clears it (null). */
export function sessionHintCookie(mark: string | null): string {
  return mark !== null
    ? `${SESSION_HINT_COOKIE}=${mark}; Path=/; SameSite=Lax`
    : `${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
}

/** The hint's value in a Cookie header or `document.cookie`, or null when there is none. */
export function sessionHintIn(cookies: string): string | null {
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === SESSION_HINT_COOKIE && value) return value;
  }
  return null;
}
