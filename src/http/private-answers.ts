import type { Context } from "elysia";

/** Per-user answers (a user's bets, exports, invite links): no cache keeps them, not even the browser's. */
export const PERSONAL_ANSWER = "private, no-store";
/** A public read answered to a signed-in viewer (a board with their row): the browser may revalidate it by ETag, no shared cache may keep it. */
export const SIGNED_IN_READ = "private, no-cache";

/**
 * The Cache-Control an answer needs because it was built for one user, or null for a public one.
 * The auth plugin's macros tell (modules/auth/plugin.ts): `auth` and `admin` routes resolve `user`,
 * `viewer` routes resolve `viewer` (null when signed out). An answer that sets a cookie (a sign-in)
 * is personal too.
 */
export function personalCacheControl(context: Pick<Context, "set">): string | null {
  const resolved = context as unknown as { user?: unknown; viewer?: unknown };
  const setsCookie = Object.keys(context.set.cookie ?? {}).length > 0;
  if (resolved.user !== undefined || setsCookie) return PERSONAL_ANSWER;
  if (resolved.viewer !== undefined && resolved.viewer !== null) return SIGNED_IN_READ;
  return null;
}

/** Marks an answer built for one user, whether the route returned a Response or a value Elysia maps. */
export function markPersonal(context: Pick<Context, "set">, responseValue: unknown): void {
  const cacheControl = personalCacheControl(context);
  if (cacheControl === null) return;
  if (responseValue instanceof Response) responseValue.headers.set("cache-control", cacheControl);
  else context.set.headers["cache-control"] = cacheControl;
}
