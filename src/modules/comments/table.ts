import type { Generated } from "kysely";

/** A comment in a league (issue 47 item 1): on its page (`bet_id` null) or in a revealed pick's thread. */
export interface LeagueCommentsTable {
  id: Generated<number>;
  league_id: number;
  author_id: number;
  bet_id: number | null;
  reply_to_id: number | null;
  /** Whom it speaks to (the author replied to, or the pick's owner): their bell and pushes. */
  to_user_id: number | null;
  /** 1: a commissioner's announcement, shown at the top of the league's page. */
  pinned: Generated<number>;
  text: string;
  created_at: string;
}

export interface CommentReactionsTable {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  /** One of shared/comments.ts REACTIONS. */
  reaction: string;
  created_at: string;
}

export interface CommentReportsTable {
  id: Generated<number>;
  comment_id: number;
  reporter_id: number;
  reason: string;
  created_at: string;
  /** A site admin looked and left the comment: the report no longer shows. */
  dismissed_at: string | null;
}
