import type { Friend, FriendRequests } from "../../../shared/contract/social.ts";
import { SEARCH_MIN } from "../../../shared/limits.ts";

/** The query to send, trimmed, or null when it is too short to search. */
export function searchableQuery(raw: string): string | null {
  const query = raw.trim();
  return query.length >= SEARCH_MIN ? query : null;
}

/**
 * Where a found player stands with you: already a friend, asked by you ('Request Pending'),
 * asking you (their request can be accepted from the row), or neither ('Add Friend').
 */
export type Relation =
  | { kind: "friend" }
  | { kind: "outgoing" }
  | { kind: "incoming"; requestId: number }
  | { kind: "none" };

export function relationTo(userId: number, friends: readonly Friend[], requests: FriendRequests): Relation {
  if (friends.some((friend) => friend.id === userId)) return { kind: "friend" };
  if (requests.outgoing.some((request) => request.addresseeId === userId)) return { kind: "outgoing" };
  const theirs = requests.incoming.find((request) => request.requesterId === userId);
  if (theirs) return { kind: "incoming", requestId: theirs.id };
  return { kind: "none" };
}
