/**
 * The session cookie's attributes, the same wherever it is set or cleared (sign-in, sign-out,
 * account deletion): a browser only replaces a cookie set with the same path, and behind an https
 * `PUBLIC_URL` it must never travel over plain http.
 */
export function sessionCookieAttributes(publicUrl: string | null) {
  return { httpOnly: true, sameSite: "lax" as const, secure: publicUrl?.startsWith("https://") ?? false, path: "/" };
}

/** What clears the session cookie: an empty value that expires at once, with the usual attributes. */
export function clearedSessionCookie(publicUrl: string | null) {
  return { value: "", ...sessionCookieAttributes(publicUrl), maxAge: 0 };
}
