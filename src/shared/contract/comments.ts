/** Talk in a league (issue 47 item 1): GET/POST /api/leagues/{id}/comments and the admins' reports. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";

const Person = t.Object({ userId: t.Number(), username: t.String() });

export const ReactionName = t.Union([
  t.Literal("like"),
  t.Literal("fire"),
  t.Literal("laugh"),
  t.Literal("wince"),
  t.Literal("money"),
]);

export const LeagueComment = t.Object({
  id: t.Number(),
  leagueId: t.Number(),
  /** The pick whose thread it is in; null on the league's own page. */
  betId: t.Union([t.Number(), t.Null()]),
  /** The comment it answers (its author), while that one is still there. */
  replyTo: t.Union([t.Object({ id: t.Number(), username: t.String() }), t.Null()]),
  /** A commissioner's announcement, shown at the top of the league's page. */
  pinned: t.Boolean(),
  text: t.String({ description: "Plain text: links are shown as text, never rendered" }),
  author: Person,
  createdAt: DateTime(),
  reactions: t.Array(t.Object({ reaction: ReactionName, count: t.Number(), mine: t.Boolean() })),
  /** Whether the viewer may delete it (its author, or an admin of the league). */
  canDelete: t.Boolean(),
});
export type LeagueComment = typeof LeagueComment.static;

export const LeagueComments = t.Object({
  /** The league's commissioner posts, newest first (the league's page only). */
  pinned: t.Array(LeagueComment),
  /** The thread, newest first, a page at a time. */
  comments: t.Array(LeagueComment),
  nextCursor: t.Union([t.Number(), t.Null()]),
  /** The league's page only: picks the viewer can see that have a thread, with how many comments. */
  threads: t.Array(t.Object({ betId: t.Number(), count: t.Number() })),
});
export type LeagueComments = typeof LeagueComments.static;

/** A comment members reported, as site admins see it: never the pick it is about. */
export const ReportedComment = t.Object({
  commentId: t.Number(),
  text: t.String(),
  author: Person,
  league: t.Object({ id: t.Number(), name: t.String() }),
  /** Whether it was said in a pick's thread (which pick is not shown). */
  onPick: t.Boolean(),
  createdAt: DateTime(),
  reports: t.Number(),
  reasons: t.Array(t.String()),
  lastReportedAt: DateTime(),
});
export type ReportedComment = typeof ReportedComment.static;
