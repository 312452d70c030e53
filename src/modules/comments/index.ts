import { Elysia, t } from "elysia";
import { RateLimiter } from "../../http/rate-limit.ts";
import { EmptyBody } from "../../http/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../runtime/index.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import { LeagueComment, LeagueComments, ReportedComment } from "../../shared/contract/comments.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { CommentParams, CommentsQuery, LeagueParams, PostCommentBody, ReactionParams, ReportBody } from "./model.ts";
import * as service from "./service.ts";

/** Comments a player may post a minute, and reactions and reports (issue 47: a per-player rate limit). */
export const COMMENT_LIMITS = { comments: 10, actions: 60 } as const;

/** Talk in a league (issue 47 item 1): threads, reactions, moderation and the site admins' reports. */
export function commentsRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  const posts = new RateLimiter(db, "comments", COMMENT_LIMITS.comments, 60_000, clock);
  const actions = new RateLimiter(db, "comment-actions", COMMENT_LIMITS.actions, 60_000, clock);
  const viewer = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });
  const talk = new Elysia({ name: "comments", prefix: "/api", tags: ["Leagues"] })
    .use(auth)
    .get(
      "/leagues/:id/comments",
      ({ params, query, user }) => service.leagueComments(db, clock.now(), viewer(user), params.id, query),
      {
        auth: true,
        params: LeagueParams,
        query: CommentsQuery,
        detail: {
          summary:
            "A league's talk: its page (pinned posts first) or, with betId, a revealed pick's thread (members only)",
          operationId: "listLeagueComments",
        },
        response: { 200: LeagueComments },
      },
    )
    .post(
      "/leagues/:id/comments",
      async ({ params, body, user, set }) => {
        const comment = await service.postComment(db, clock.now(), viewer(user), params.id, body, () =>
          posts.hit(`user:${user.id}`),
        );
        set.status = 201;
        return comment;
      },
      {
        auth: true,
        params: LeagueParams,
        body: PostCommentBody,
        detail: {
          summary:
            "Comment on a league's page, in a revealed pick's thread (betId) or as a reply; its admins pin commissioner posts",
          operationId: "postLeagueComment",
        },
        response: { 201: LeagueComment },
      },
    )
    .delete("/comments/:id", ({ params, user }) => service.deleteComment(db, clock.now(), viewer(user), params.id), {
      auth: true,
      params: CommentParams,
      detail: { summary: "Delete a comment (its author, or the league's admins)", operationId: "deleteComment" },
      response: { 200: MessageResponse },
    })
    .put(
      "/comments/:id/reactions/:reaction",
      async ({ params, user }) => {
        await actions.hit(`user:${user.id}`);
        return service.react(db, clock.now(), viewer(user), params.id, params.reaction, true);
      },
      {
        auth: true,
        params: ReactionParams,
        body: EmptyBody,
        detail: { summary: "React to a comment (one of a fixed set)", operationId: "addCommentReaction" },
        response: { 200: LeagueComment },
      },
    )
    .delete(
      "/comments/:id/reactions/:reaction",
      async ({ params, user }) => {
        await actions.hit(`user:${user.id}`);
        return service.react(db, clock.now(), viewer(user), params.id, params.reaction, false);
      },
      {
        auth: true,
        params: ReactionParams,
        detail: { summary: "Take back one's reaction to a comment", operationId: "removeCommentReaction" },
        response: { 200: LeagueComment },
      },
    )
    .post(
      "/comments/:id/report",
      async ({ params, body, user }) => {
        await actions.hit(`user:${user.id}`);
        return service.reportComment(db, clock.now(), viewer(user), params.id, body.reason);
      },
      {
        auth: true,
        params: CommentParams,
        body: ReportBody,
        detail: { summary: "Report a comment to the site's admins", operationId: "reportComment" },
        response: { 200: MessageResponse },
      },
    );
  const admin = new Elysia({ name: "comments-admin", prefix: "/api/admin", tags: ["Admin"] })
    .use(auth)
    .get("/comment-reports", () => service.reportedComments(db), {
      admin: true,
      detail: { summary: "Reported comments, with who reported them and why", operationId: "listCommentReports" },
      response: { 200: t.Array(ReportedComment) },
    })
    .post(
      "/comment-reports/:id/dismiss",
      ({ params, user }) => service.dismissReports(db, clock.now(), { id: user.id, label: user.username }, params.id),
      {
        admin: true,
        params: CommentParams,
        body: EmptyBody,
        detail: { summary: "Leave a reported comment up: close its reports", operationId: "dismissCommentReports" },
        response: { 200: MessageResponse },
      },
    )
    .delete(
      "/comments/:id",
      ({ params, user }) => service.removeReported(db, clock.now(), { id: user.id, label: user.username }, params.id),
      {
        admin: true,
        params: CommentParams,
        detail: { summary: "Delete a reported comment (site admins; audited)", operationId: "removeComment" },
        response: { 200: MessageResponse },
      },
    );
  return new Elysia({ name: "comments-all" }).use(talk).use(admin);
}
