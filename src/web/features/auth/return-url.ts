/**
 * Where to go after signing in: `?returnUrl` when it is a path on this site, else "/".
 * "//host" and "/\host" are other sites to a browser, and "/auth" would loop.
 */
export function safeReturnUrl(raw: string | null): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  try {
    const base = "http://same.invalid";
    const url = new URL(raw, base);
    if (url.origin !== base || url.pathname === "/auth") return "/";
    return url.pathname + url.search + url.hash;
  } catch {
    return "/";
  }
}
