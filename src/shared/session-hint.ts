/**
 * A readable cookie that says "this browser holds a session cookie" (which scripts cannot see: it
 * is HttpOnly). Without it the app knows a visitor is signed out without asking GET /api/user,
 * whose 401 every browser logs as an error. It carries no secret: the session cookie decides.
 * The server keeps it in step whenever it serves the page; the app sets and clears it on sign-in
 * and sign-out.
 */
export const SESSION_HINT_COOKIE = "npt_signed_in";
