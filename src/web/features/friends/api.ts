import type { FriendRequest } from "../../../modules/social/model.ts";
import type { UserStats } from "../../../modules/stats/model.ts";
import { apiGet, apiRequest } from "../../lib/api.ts";
import { afterFriendChange, keys, useQuery } from "../../lib/queries.ts";

export type { FriendRequest, UserStats };

/** A friend as GET /api/friends answers (emails are shown only between friends). */
export interface Friend {
  id: number;
  username: string;
  email: string;
  /** When the friendship began (ISO). */
  since: string;
}

export interface FriendRequests {
  incoming: FriendRequest[];
  outgoing: FriendRequest[];
}

/** A search hit: id and username only (DESIGN: user search never reveals emails). */
export interface UserMatch {
  id: number;
  username: string;
}

export interface FriendAnalytics {
  user: { username: string; email: string };
  stats: UserStats;
}

/**
 * Everything a friend action can change: the lists, requests, a friend's analytics, and the
 * notifications panel (an answered request is no longer announced there).
 */
export const refreshFriends = afterFriendChange;

export const useFriends = (signedIn: boolean) => useQuery<Friend[]>(signedIn ? keys.friends() : null);
export const useFriendRequests = (signedIn: boolean) =>
  useQuery<FriendRequests>(signedIn ? keys.friendRequests() : null);
export const useFriendAnalytics = (friendId: number | null) =>
  useQuery<FriendAnalytics>(friendId === null ? null : keys.friendAnalytics(friendId));

/** 201 with status "accepted" when the other player had already asked you. */
export const sendFriendRequest = (addresseeId: number) =>
  apiRequest<FriendRequest>("POST", "/api/friends/requests", { addresseeId });
export const answerFriendRequest = (requestId: number, status: "accepted" | "declined") =>
  apiRequest<FriendRequest>("PATCH", `/api/friends/requests/${requestId}`, { status });
export const removeFriend = (friendId: number) => apiRequest<{ message: string }>("DELETE", `/api/friends/${friendId}`);
/** The query must be at least SEARCH_MIN characters once trimmed (search-rules.ts). */
export const searchUsers = (query: string) => apiGet<UserMatch[]>(`/api/users/search?q=${encodeURIComponent(query)}`);
