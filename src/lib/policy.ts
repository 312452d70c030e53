/**
 * The access rules every module shares (pure: no I/O). Each module that decides more than these
 * has its own `policy.ts` beside its service (leagues, social, betting, auth); services call the
 * rules, routes never decide access themselves. See docs/architecture.md "Where is…" → permissions.
 */
import { forbidden } from "./errors.ts";

/** The one code for "that is someone else's": a `/api/users/{id}/…` route or a body field naming another user. */
export const NOT_YOU = "not_you";

/** Whether the signed-in viewer is the user a request is about. */
export function isSelf(viewerId: number, userId: number): boolean {
  return viewerId === userId;
}

/**
 * `/api/users/{id}/…` answers only for the signed-in user themself (DESIGN "Access"): 403
 * `not_you`, "You can only <verb> your own <what>" ("see your own bets", "export your own data").
 */
export function assertSelf(viewerId: number, userId: number, what: string, verb = "see"): void {
  if (!isSelf(viewerId, userId)) throw forbidden(`You can only ${verb} your own ${what}`, NOT_YOU);
}

/**
 * A body field that names the acting user (`createdBy`, `userId`, `invitedBy`: the spec's payloads
 * carry them) must name the viewer; left out, the viewer is meant. 403 `not_you`, "<field> must be you".
 */
export function assertClaimIsSelf(viewerId: number, claimed: number | undefined, field: string): void {
  if (claimed !== undefined && !isSelf(viewerId, claimed)) throw forbidden(`${field} must be you`, NOT_YOU);
}
