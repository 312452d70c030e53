import { t } from "elysia";
import { wholeNumber } from "../../http/schema.ts";
import { UserStats } from "../stats/model.ts";

export const Friend = t.Object({ id: t.Number(), username: t.String(), email: t.String(), since: t.String() });

/** Spec §3 Friend request: the addressee sees the requester's username and email. */
export const FriendRequest = t.Object({
  id: t.Number(),
  requesterId: t.Number(),
  addresseeId: t.Number(),
  status: t.Union([t.Literal("pending"), t.Literal("accepted"), t.Literal("declined")]),
  createdAt: t.String(),
  requester: t.Object({ username: t.String(), email: t.Optional(t.String()) }),
  addressee: t.Object({ username: t.String() }),
});
export type FriendRequest = typeof FriendRequest.static;

export const Requests = t.Object({ incoming: t.Array(FriendRequest), outgoing: t.Array(FriendRequest) });
export const SendRequestBody = t.Object(
  { addresseeId: wholeNumber("addresseeId", 1, Number.MAX_SAFE_INTEGER) },
  { additionalProperties: false },
);
export const AnswerBody = t.Object(
  {
    status: t.Union([t.Literal("accepted"), t.Literal("declined")], {
      error: 'status: must be "accepted" or "declined"',
    }),
  },
  { additionalProperties: false },
);
export const IdParams = t.Object({ id: wholeNumber("id", 1, Number.MAX_SAFE_INTEGER) });
export const FriendParams = t.Object({ friendId: wholeNumber("friendId", 1, Number.MAX_SAFE_INTEGER) });
export const SearchQuery = t.Object({ q: t.String({ maxLength: 50 }) }, { additionalProperties: false });
export const SearchResult = t.Object({ id: t.Number(), username: t.String() });

export const FriendAnalytics = t.Object({
  user: t.Object({ username: t.String(), email: t.String() }),
  stats: UserStats,
});

export const Notification = t.Object({
  id: t.String(),
  type: t.Union([
    t.Literal("settlement"),
    t.Literal("friend_request"),
    t.Literal("friend_accepted"),
    t.Literal("league_invitation"),
    t.Literal("coverage_reminder"),
  ]),
  title: t.String(),
  body: t.String(),
  at: t.String(),
  link: t.String(),
  unread: t.Boolean(),
});
export type Notification = typeof Notification.static;
export const Notifications = t.Object({ unread: t.Number(), items: t.Array(Notification) });
export const NotificationsSeen = t.Object({ unread: t.Number() });
