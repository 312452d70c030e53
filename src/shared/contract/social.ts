/** The social API's answers: friends, friend requests, user search, friend analytics, notifications. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";
import { UserStats } from "./stats.ts";

/** A friend as GET /api/friends answers (emails are shown only between friends); `since` is when the friendship began. */
export const Friend = t.Object({ id: t.Number(), username: t.String(), email: t.String(), since: t.String() });
export type Friend = typeof Friend.static;

/** Spec §3 Friend request: the addressee sees the requester's username and email. */
export const FriendRequest = t.Object({
  id: t.Number(),
  requesterId: t.Number(),
  addresseeId: t.Number(),
  status: t.Union([t.Literal("pending"), t.Literal("accepted"), t.Literal("declined")]),
  createdAt: DateTime(),
  requester: t.Object({ username: t.String(), email: t.Optional(t.String()) }),
  addressee: t.Object({ username: t.String() }),
});
export type FriendRequest = typeof FriendRequest.static;

export const FriendRequests = t.Object({ incoming: t.Array(FriendRequest), outgoing: t.Array(FriendRequest) });
export type FriendRequests = typeof FriendRequests.static;

/** A search hit: id and username only (DESIGN: user search never reveals emails). */
export const SearchResult = t.Object({ id: t.Number(), username: t.String() });
export type SearchResult = typeof SearchResult.static;

export const FriendAnalytics = t.Object({
  user: t.Object({ username: t.String(), email: t.String() }),
  stats: UserStats,
});
export type FriendAnalytics = typeof FriendAnalytics.static;

export const Notification = t.Object({
  id: t.String(),
  type: t.Union([
    t.Literal("settlement"),
    t.Literal("friend_request"),
    t.Literal("friend_accepted"),
    t.Literal("league_invitation"),
    t.Literal("coverage_reminder"),
    t.Literal("pick_tailed"),
    t.Literal("pool_reminder"),
    t.Literal("survivor_news"),
    t.Literal("pool_correction"),
    t.Literal("comment_reply"),
    t.Literal("league_post"),
    t.Literal("webhook_disabled"),
  ]),
  title: t.String(),
  body: t.String(),
  at: DateTime(),
  link: t.String(),
  unread: t.Boolean(),
  /** A request or invitation still waiting: the bell answers it in place (accept or decline). */
  answer: t.Optional(
    t.Union([
      t.Object({ kind: t.Literal("friend_request"), requestId: t.Number() }),
      t.Object({ kind: t.Literal("league_invitation"), invitationId: t.Number() }),
    ]),
  ),
});
export type Notification = typeof Notification.static;

/** The notifications panel: the unread count and the items, newest first. */
export const Notifications = t.Object({ unread: t.Number(), items: t.Array(Notification) });
export type Notifications = typeof Notifications.static;

export const NotificationsSeen = t.Object({ unread: t.Number() });
export type NotificationsSeen = typeof NotificationsSeen.static;
