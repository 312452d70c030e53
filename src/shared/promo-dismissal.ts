/**
 * Who dismissed the contest banner in this browser ("visitor", "user:12"): a readable cookie, so the
 * server's first screen leaves out a banner the browser would hide (src/http/ssr/). Nothing secret;
 * the server keeps only owners of the expected shape.
 */
export const PROMO_DISMISSED_COOKIE = "npt_promo_dismissed";

const OWNER = /^(visitor|user:[1-9]\d{0,11})$/;
const MAX_OWNERS = 20;

/** The owners a cookie value names (malformed ones left out). */
export function parsePromoDismissed(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(".")
    .filter((owner) => OWNER.test(owner))
    .slice(0, MAX_OWNERS);
}

/** The Set-Cookie (or document.cookie) text for these owners, kept a year. */
export function promoDismissedCookie(owners: readonly string[]): string {
  const kept = owners.filter((owner) => OWNER.test(owner)).slice(-MAX_OWNERS);
  return `${PROMO_DISMISSED_COOKIE}=${kept.join(".")}; Path=/; SameSite=Lax; Max-Age=31536000`;
}
