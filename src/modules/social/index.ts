import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import { ABUSE_LIMITS, RateLimiter } from "../../http/rate-limit.ts";
import { EmptyBody } from "../../http/schema.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import {
  Friend,
  FriendAnalytics,
  FriendRequest,
  Notifications,
  NotificationsSeen,
  FriendRequests,
  SearchResult,
} from "../../shared/contract/social.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { AnswerBody, FriendParams, IdParams, SearchQuery, SendRequestBody } from "./model.ts";
import * as service from "./service.ts";

/** Friends, friend requests, user search, friends' analytics and notifications (spec §7). */
export function socialRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  const searches = new RateLimiter(db, "searches", ABUSE_LIMITS.searches, 60_000, clock);
  const requests = new RateLimiter(db, "friend-requests", ABUSE_LIMITS.friendRequests, 60_000, clock);
  return new Elysia({ name: "social", prefix: "/api", tags: ["Social"] })
    .use(auth)
    .get("/friends", ({ user }) => service.friends(db, user.id), {
      auth: true,
      detail: { summary: "One's friends", operationId: "listFriends" },
      response: { 200: t.Array(Friend) },
    })
    .get("/friends/requests", ({ user }) => service.requests(db, user.id), {
      auth: true,
      detail: { summary: "One's friend requests, incoming and outgoing", operationId: "listFriendRequests" },
      response: { 200: FriendRequests },
    })
    .post(
      "/friends/requests",
      async ({ body, user, set }) => {
        await requests.hit(`user:${user.id}`);
        set.status = 201;
        return service.sendRequest(db, clock.now(), user.id, body.addresseeId);
      },
      {
        auth: true,
        body: SendRequestBody,
        detail: { summary: "Send a friend request", operationId: "sendFriendRequest" },
        response: { 201: FriendRequest },
      },
    )
    .patch(
      "/friends/requests/:id",
      ({ params, body, user }) => service.answerRequest(db, clock.now(), user.id, params.id, body.status),
      {
        auth: true,
        params: IdParams,
        body: AnswerBody,
        detail: { summary: "Accept or decline a friend request", operationId: "answerFriendRequest" },
        response: { 200: FriendRequest },
      },
    )
    .delete("/friends/:id", ({ params, user }) => service.removeFriend(db, user.id, params.id), {
      auth: true,
      params: IdParams,
      detail: { summary: "Remove a friend", operationId: "removeFriend" },
      response: { 200: MessageResponse },
    })
    .get("/friends/:friendId/analytics", ({ params, user }) => service.friendAnalytics(db, user.id, params.friendId), {
      auth: true,
      params: FriendParams,
      detail: { summary: "A friend's betting stats", operationId: "getFriendAnalytics" },
      response: { 200: FriendAnalytics },
    })
    .get(
      "/users/search",
      async ({ query, user }) => {
        await searches.hit(`user:${user.id}`);
        return service.search(db, user.id, query.q);
      },
      {
        auth: true,
        query: SearchQuery,
        detail: { summary: "Find players by username", operationId: "searchUsers" },
        response: { 200: t.Array(SearchResult) },
      },
    )
    .get("/notifications", ({ user }) => service.notifications(db, clock.now(), user.id), {
      auth: true,
      detail: { summary: "One's notifications", operationId: "listNotifications" },
      response: { 200: Notifications },
    })
    .post("/notifications/seen", ({ user }) => service.markNotificationsSeen(db, clock.now(), user.id), {
      auth: true,
      body: EmptyBody,
      detail: { summary: "Mark one's notifications as seen", operationId: "markNotificationsSeen" },
      response: { 200: NotificationsSeen },
    });
}
