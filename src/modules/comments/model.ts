import { t } from "elysia";
import { idNumber } from "../../http/schema.ts";
import { COMMENT_MAX, REPORT_REASON_MAX } from "../../shared/comments.ts";
import { ReactionName } from "../../shared/contract/comments.ts";

export const LeagueParams = t.Object({ id: idNumber("id") });
export const CommentParams = t.Object({ id: idNumber("id") });
export const ReactionParams = t.Object({ id: idNumber("id"), reaction: ReactionName });

export const CommentsQuery = t.Object({
  betId: t.Optional(idNumber("betId")),
  cursor: t.Optional(idNumber("cursor")),
});

export const PostCommentBody = t.Object({
  // Counted again after trimming (shared/comments.ts); a little room here for the spaces trimmed.
  text: t.String({ minLength: 1, maxLength: COMMENT_MAX * 2, error: `text: 1 to ${COMMENT_MAX} characters` }),
  betId: t.Optional(idNumber("betId")),
  replyToId: t.Optional(idNumber("replyToId")),
  pinned: t.Optional(t.Boolean({ error: "pinned: true or false" })),
});
export type PostCommentBody = typeof PostCommentBody.static;

export const ReportBody = t.Object({
  reason: t.String({
    minLength: 1,
    maxLength: REPORT_REASON_MAX,
    error: `reason: 1 to ${REPORT_REASON_MAX} characters`,
  }),
});
