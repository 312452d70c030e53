import useSWR from "swr";
import type { FriendRequest } from "../../../modules/social/model.ts";
import type { UserStats } from "../../../modules/stats/model.ts";
import { apiGet, apiRequest } from "../../lib/api.ts";
import { invalidate } from "../../lib/swr.ts";

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

export const FRIENDS_KEY = "/api/friends";
export const REQUESTS_KEY = "/api/friends/requests";
export const friendAnalyticsKey = (friendId: number) => `/api/friends/${friendId}/analytics`;

/**
 * Everything a friend action can change: the lists, requests, a friend's analytics, and the
 * notifications panel (an answered request is no longer announced there).
 */
const friendQueries = (path: string) => path.startsWith(FRIENDS_KEY) || path === "/api/notifications";
export const refreshFriends = () => invalidate(friendQueries);

export const useFriends = (signedIn: boolean) => useSWR<Friend[]>(signedIn ? FRIENDS_KEY : null);
export const useFriendRequests = (signedIn: boolean) => useSWR<FriendRequests>(signedIn ? REQUESTS_KEY : null);
export const useFriendAnalytics = (friendId: number | null) =>
  useSWR<FriendAnalytics>(friendId === null ? null : friendAnalyticsKey(friendId));

/** 201 with status "accepted" when the other player had already asked you. */
export const sendFriendRequest = (addresseeId: number) =>
  apiRequest<FriendRequest>("POST", REQUESTS_KEY, { addresseeId });
export const answerFriendRequest = (requestId: number, status: "accepted" | "declined") =>
  apiRequest<FriendRequest>("PATCH", `${REQUESTS_KEY}/${requestId}`, { status });
export const removeFriend = (friendId: number) =>
  apiRequest<{ message: string }>("DELETE", `${FRIENDS_KEY}/${friendId}`);
/** The query must be at least SEARCH_MIN characters once trimmed (search-rules.ts). */
export const searchUsers = (query: string) => apiGet<UserMatch[]>(`/api/users/search?q=${encodeURIComponent(query)}`);
