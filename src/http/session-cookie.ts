import { sha256 } from "../lib/ids.ts";

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

/**
 * A session's mark, the value of the readable hint cookie (shared/session-hint.ts): a hash of the
 * token under a name of its own, so it tells sessions apart without being the token or its stored hash.
 */
export function sessionMark(token: string): string {
  return sha256(`npt-session-mark:${token}`).slice(0, 32);
}

/** What sets the readable hint beside a new session's cookie (its mark), or clears it (null), in Elysia's cookie jar. */
export function sessionHint(token: string | null) {
  return token === null
    ? { value: "", path: "/", sameSite: "lax" as const, maxAge: 0 }
    : { value: sessionMark(token), path: "/", sameSite: "lax" as const };
}

/**
 * The known-device cookie (modules/auth/rules.ts): sent only with sign-ins (its path), never to
 * another site's requests (SameSite=Strict), never to scripts; it outlives sign-out on purpose.
 */
export function knownDeviceCookie(value: string, publicUrl: string | null, days: number) {
  return {
    value,
    httpOnly: true,
    sameSite: "strict" as const,
    secure: publicUrl?.startsWith("https://") ?? false,
    path: "/api/login",
    maxAge: days * 24 * 60 * 60,
  };
}
