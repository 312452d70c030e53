import useSWR from "swr";
import type { MessageResponse } from "../../../shared/contract/common.ts";
import type {
  Friend,
  FriendAnalytics,
  FriendRequest,
  FriendRequests,
  SearchResult,
} from "../../../shared/contract/social.ts";
import { apiGet, apiRequest } from "../../lib/api.ts";
import { invalidate } from "../../lib/swr.ts";

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
export const removeFriend = (friendId: number) => apiRequest<MessageResponse>("DELETE", `${FRIENDS_KEY}/${friendId}`);
/** The query must be at least SEARCH_MIN characters once trimmed (search-rules.ts searchableQuery). */
export const searchUsers = (query: string) =>
  apiGet<SearchResult[]>(`/api/users/search?q=${encodeURIComponent(query)}`);
