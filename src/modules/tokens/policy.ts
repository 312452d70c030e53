/** What an API token may not do (decision 0077), pure: the 403s of the bearer path. */
import { type AppError, forbidden } from "../../lib/errors.ts";
import type { TokenScope } from "../../shared/api-tokens.ts";

/** A route no token may call (an admin's, the account's, the tokens'…), whatever its scopes. */
export const tokenRefused = (): AppError =>
  forbidden("API tokens cannot call this route: sign in to the app for it", "token_scope");

/** Throws 403 `token_scope` unless the route takes tokens (`needed` not null) and the token holds that scope. */
export function assertTokenScope(held: readonly TokenScope[], needed: TokenScope | null): void {
  if (needed === null) throw tokenRefused();
  if (!held.includes(needed)) throw forbidden(`This token lacks the "${needed}" scope this call needs`, "token_scope");
}
