import type { MessageResponse } from "../../../shared/contract/common.ts";
import type {
  Friend,
  FriendAnalytics,
  FriendRequest,
  FriendRequests,
  SearchResult,
} from "../../../shared/contract/social.ts";
import { apiGet, apiRequest } from "../../lib/api.ts";
import { keys, useQuery } from "../../lib/queries.ts";

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
export const removeFriend = (friendId: number) => apiRequest<MessageResponse>("DELETE", `/api/friends/${friendId}`);
/** The query must be at least SEARCH_MIN characters once trimmed (search-rules.ts searchableQuery). */
export const searchUsers = (query: string) =>
  apiGet<SearchResult[]>(`/api/users/search?q=${encodeURIComponent(query)}`);
