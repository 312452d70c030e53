/** Who may do what between players (DESIGN "Access"), pure; the service reads the facts. */
import { conflict, forbidden } from "../../lib/errors.ts";

/** Only the person asked answers a friend request. */
export function assertAddressee(request: { addresseeId: number }, userId: number): void {
  if (request.addresseeId !== userId)
    throw forbidden("Only the person asked can answer this request", "not_your_request");
}

/** A player's analytics are shown to their friends only, with spec §2's error text otherwise. */
export function assertFriends(areFriends: boolean): void {
  if (!areFriends)
    throw forbidden("Failed to load friend's analytics. You can only view analytics for your friends.", "not_friends");
}

/**
 * Email is shown only between friends, and a friend request shows its requester's email to the
 * addressee (spec §3); nobody else sees it.
 */
export function seesRequesterEmail(request: { addresseeId: number }, viewerId: number): boolean {
  return request.addresseeId === viewerId;
}

/** After a decline, how long the requester waits to ask the same player again (the one who declined may ask at once). */
export const ASK_AGAIN_AFTER_DAYS = 30;

/** Refuses a request to someone who declined this requester less than ASK_AGAIN_AFTER_DAYS ago. */
export function assertMayAskAgain(lastDeclinedAt: string | null, now: Date): void {
  if (lastDeclinedAt === null) return;
  const from = new Date(Date.parse(lastDeclinedAt) + ASK_AGAIN_AFTER_DAYS * 24 * 60 * 60 * 1000);
  if (now < from)
    throw conflict(
      `This player declined your friend request; you can ask again from ${from.toISOString().slice(0, 10)}`,
      "request_declined_recently",
      { askAgainFrom: from.toISOString() },
    );
}
