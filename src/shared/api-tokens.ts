/**
 * Personal API tokens (issue 47 item 3), pure: what a token looks like, and which operation a token
 * of which scope may call. The server's check (auth/plugin.ts), the OpenAPI document and Settings
 * all read these.
 */

/** What a token may do: `read` (GET calls), `bets` (place and cancel bets). */
export const TOKEN_SCOPES = ["read", "bets"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts so: a leaked one is recognisable (secret scanners match such prefixes). */
export const TOKEN_PREFIX = "npt_";
/** A player keeps at most this many tokens. */
export const MAX_TOKENS = 10;
/** A token's name is at most this long. */
export const TOKEN_NAME_MAX = 40;

/** Calls a `bets` token may make. */
const BET_OPERATIONS = new Set(["placeBet", "placeParlay", "cancelBet"]);
/**
 * Tags no token reaches, whatever its scopes: signing in and passwords (Auth), one's data and
 * deleting the account (Account), site admins' tools (Admin), a browser's push devices (Push), and
 * the tokens themselves (Tokens) — a token never makes, lists or revokes tokens.
 */
const NEVER_TAGS = new Set(["Auth", "Account", "Admin", "Push", "Tokens"]);
/** Reads of those tags a `read` token may still make: who the token's player is (its id, for `/api/users/{id}/…`). */
const READABLE_ANYWAY = new Set(["getCurrentUser"]);

/** A route as the check and the document know it. */
export interface TokenRoute {
  method: string;
  operationId?: string;
  tags?: readonly string[];
  /** The session macro's mark: "admin" routes are site admins' (never a token's). */
  access?: "signed-in" | "admin";
}

/** The scope a token needs to call this route, or null when no token may (whatever its scopes). */
export function scopeFor(route: TokenRoute): TokenScope | null {
  const id = route.operationId ?? "";
  if (route.access === "admin") return null;
  if (BET_OPERATIONS.has(id)) return "bets";
  const method = route.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return null;
  if ((route.tags ?? []).some((tag) => NEVER_TAGS.has(tag)) && !READABLE_ANYWAY.has(id)) return null;
  return "read";
}

/** The token of an `Authorization: Bearer npt_…` header, or null when the header is absent or of another scheme. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/** Whether a text has a token's shape (the prefix and 43 characters of base64url: 32 random bytes). */
export function isTokenShaped(text: string): boolean {
  return /^npt_[A-Za-z0-9_-]{43}$/.test(text);
}
