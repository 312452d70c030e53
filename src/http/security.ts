import type { Config } from "../config.ts";
import { forbidden } from "../lib/errors.ts";

/** The headers every response carries. The CSP allows only our own origin plus the logo host. */
export function securityHeaders(config: Config): Record<string, string> {
  const logoOrigin = new URL(config.logoUrlTemplate.replace("{abbr}", "x")).origin;
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${logoOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  // Browsers that once reached us over https keep to it (only when our public origin is https).
  const hsts: Record<string, string> = config.publicUrl?.startsWith("https://")
    ? { "strict-transport-security": "max-age=31536000" }
    : {};
  return {
    ...hsts,
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
}

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Our origin: PUBLIC_URL behind a proxy, else the one the request was addressed to. */
export function ourOrigin(request: Request, config: Config): string {
  return config.publicUrl ?? new URL(request.url).origin;
}

/** Refuses state-changing requests (and WebSocket upgrades) sent by another site's pages. */
export function assertSameOrigin(request: Request, config: Config, { always = false } = {}): void {
  if (!always && SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== ourOrigin(request, config)) {
    throw forbidden("Cross-origin request refused", "bad_origin");
  }
  if (origin === null && request.headers.get("sec-fetch-site") === "cross-site") {
    throw forbidden("Cross-origin request refused", "bad_origin");
  }
}
