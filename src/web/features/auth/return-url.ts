/**
 * Where to go after signing in: `?returnUrl` when it is a path on this site, else "/".
 * "//host" and "/\host" are other sites to a browser, and "/auth" would loop, except an address
 * confirmation link (`/auth?verify=…` alone), which is confirmed only once signed in.
 */
export function safeReturnUrl(raw: string | null): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  try {
    const base = "http://same.invalid";
    const url = new URL(raw, base);
    if (url.origin !== base) return "/";
    if (url.pathname === "/auth") return isConfirmationLink(url) ? url.pathname + url.search : "/";
    return url.pathname + url.search + url.hash;
  } catch {
    return "/";
  }
}

function isConfirmationLink(url: URL): boolean {
  return [...url.searchParams.keys()].join() === "verify" && url.searchParams.get("verify") !== "" && url.hash === "";
}
