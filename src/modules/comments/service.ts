/**
 * Talk in a league (issue 47 item 1): comments on the league's page and in the thread of each pick
 * the league shows the viewer — never of a hidden pick: a pick's thread exists for a viewer exactly
 * when the feed's one reveal rule shows them the pick (leagues `picksShownIn`). Moderation: authors
 * delete their own, league admins any; members report, site admins see the reports.
 */
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type Db, transaction } from "../../runtime/index.ts";
import { commentTextProblem, type ReactionName, REACTION_NAMES } from "../../shared/comments.ts";
import type { LeagueComment, LeagueComments, ReportedComment } from "../../shared/contract/comments.ts";
import type { Notification } from "../../shared/contract/social.ts";
import { textProblem } from "../../shared/text.ts";
import * as audit from "../audit/service.ts";
import { betOwners } from "../betting/service.ts";
import { type LeagueSeat, leagueIdsOf, leagueMembers, leagueNames, picksShownIn, seatIn } from "../leagues/service.ts";
import { publish } from "../realtime/service.ts";
import type { PostCommentBody } from "./model.ts";
import * as repo from "./repo.ts";
import type { CommentRow } from "./repo.ts";

/** Comments in one page of a thread. */
export const COMMENTS_PAGE = 30;
/** Pinned posts shown at the top of a league's page. */
const PINNED_SHOWN = 5;

const pickNotFound = () => notFound("No such pick in this league's feed", "pick_not_found");
const commentNotFound = () => notFound("No such comment", "comment_not_found");

type Viewer = { id: number; username: string };

/** 404 unless the league shows the pick to the viewer now: a hidden pick has no thread. */
async function assertPickShown(db: Db, now: Date, leagueId: number, viewerId: number, betId: number): Promise<void> {
  if ((await picksShownIn(db, now, leagueId, viewerId, [betId])).length === 0) throw pickNotFound();
}

/**
 * A comment the viewer may see, with their seat in its league: a member's, in the league's page or a
 * thread whose pick the league shows them (its author always sees their own). 404 otherwise.
 */
async function visibleComment(
  db: Db,
  now: Date,
  viewerId: number,
  commentId: number,
): Promise<{ row: CommentRow; seat: LeagueSeat }> {
  const row = await repo.comment(db, commentId);
  if (!row) throw commentNotFound();
  const seat = await seatIn(db, row.league_id, viewerId, "comment").catch(() => {
    throw commentNotFound();
  });
  if (row.bet_id !== null && row.author_id !== viewerId) {
    const shown = await picksShownIn(db, now, row.league_id, viewerId, [row.bet_id]);
    if (shown.length === 0) throw commentNotFound();
  }
  return { row, seat };
}

async function present(db: Db, rows: CommentRow[], viewer: Viewer, seat: LeagueSeat): Promise<LeagueComment[]> {
  const reactions = Map.groupBy(
    await repo.reactionsOf(
      db,
      rows.map((r) => r.id),
    ),
    (r) => r.comment_id,
  );
  return rows.map((row) => {
    const mine = reactions.get(row.id) ?? [];
    return {
      id: row.id,
      leagueId: row.league_id,
      betId: row.bet_id,
      replyTo:
        row.reply_to_id !== null && row.reply_to_name ? { id: row.reply_to_id, username: row.reply_to_name } : null,
      pinned: row.pinned === 1,
      text: row.text,
      author: { userId: row.author_id, username: row.author_name },
      createdAt: row.created_at,
      reactions: REACTION_NAMES.flatMap((reaction) => {
        const of = mine.filter((r) => r.reaction === reaction);
        return of.length === 0 ? [] : [{ reaction, count: of.length, mine: of.some((r) => r.user_id === viewer.id) }];
      }),
      canDelete: row.author_id === viewer.id || seat.role === "admin",
    };
  });
}

/** Tells the league's open pages (and whom a comment speaks to, their bell) that its talk changed. */
async function announce(trx: Db, now: Date, leagueId: number, commentId: number, notifyIds: number[], pinned: boolean) {
  const members = await leagueMembers(trx, leagueId);
  await publish(trx, now, "league.comment", {
    leagueId,
    commentId,
    memberIds: members?.memberIds ?? [],
    notifyIds,
    pinned,
  });
}

/**
 * Posts a comment: on the league's page, in a pick's thread (`betId`, a pick the league shows the
 * poster), as a reply (`replyToId`, in the same thread), or — its admins only — as a pinned
 * commissioner post on the league's page. `admit` spends the poster's rate budget (429 past it).
 */
export async function postComment(
  db: Db,
  now: Date,
  viewer: Viewer,
  leagueId: number,
  body: PostCommentBody,
  admit: () => Promise<void>,
): Promise<LeagueComment> {
  const problem = commentTextProblem(body.text);
  if (problem) throw badRequest(problem, "invalid_comment");
  const betId = body.betId ?? null;
  const pinned = body.pinned === true;
  const seat = await seatIn(db, leagueId, viewer.id, pinned ? "pinPost" : "comment");
  if (pinned && (betId !== null || body.replyToId !== undefined))
    throw badRequest("pinned: a commissioner post stands on the league's page, not in a thread", "invalid_comment");
  if (betId !== null) await assertPickShown(db, now, leagueId, viewer.id, betId);
  let toUserId: number | null = null;
  if (body.replyToId !== undefined) {
    const parent = await repo.comment(db, body.replyToId);
    if (!parent || parent.league_id !== leagueId || parent.bet_id !== betId)
      throw badRequest("replyToId: no such comment in this thread", "invalid_comment");
    toUserId = parent.author_id;
  } else if (betId !== null) {
    toUserId = (await betOwners(db, [betId])).get(betId) ?? null;
  }
  if (toUserId === viewer.id) toUserId = null;
  await admit();
  const id = await transaction(db, {}, async (trx) => {
    const { id } = await repo.insertComment(trx, {
      league_id: leagueId,
      author_id: viewer.id,
      bet_id: betId,
      reply_to_id: body.replyToId ?? null,
      to_user_id: toUserId,
      pinned: pinned ? 1 : 0,
      text: body.text.trim(),
      created_at: now.toISOString(),
    });
    const members = pinned ? ((await leagueMembers(trx, leagueId))?.memberIds ?? []) : [];
    const notify = pinned ? members.filter((m) => m !== viewer.id) : toUserId === null ? [] : [toUserId];
    await announce(trx, now, leagueId, id, notify, pinned);
    return id;
  });
  return (await present(db, [(await repo.comment(db, id))!], viewer, seat))[0]!;
}

/** A page of a thread (the league's page, or a pick's the league shows the viewer), newest first; members only. */
export async function leagueComments(
  db: Db,
  now: Date,
  viewer: Viewer,
  leagueId: number,
  query: { betId?: number; cursor?: number },
): Promise<LeagueComments> {
  const seat = await seatIn(db, leagueId, viewer.id, "comment");
  const betId = query.betId ?? null;
  if (betId !== null) await assertPickShown(db, now, leagueId, viewer.id, betId);
  const rows = await repo.thread(db, leagueId, betId, {
    limit: COMMENTS_PAGE + 1,
    ...(query.cursor === undefined ? {} : { beforeId: query.cursor }),
  });
  const page = rows.slice(0, COMMENTS_PAGE);
  const pinned = betId === null && query.cursor === undefined ? await repo.pinnedPosts(db, leagueId, PINNED_SHOWN) : [];
  let threads: LeagueComments["threads"] = [];
  if (betId === null) {
    const counts = await repo.threadCounts(db, leagueId);
    const shown = new Set(await picksShownIn(db, now, leagueId, viewer.id, [...counts.keys()]));
    threads = [...counts].filter(([id]) => shown.has(id)).map(([id, count]) => ({ betId: id, count }));
  }
  return {
    pinned: await present(db, pinned, viewer, seat),
    comments: await present(db, page, viewer, seat),
    nextCursor: rows.length > COMMENTS_PAGE ? page.at(-1)!.id : null,
    threads,
  };
}

/** Deletes a comment: its author, or an admin of its league (403 for other members). */
export async function deleteComment(
  db: Db,
  now: Date,
  viewer: Viewer,
  commentId: number,
): Promise<{ message: string }> {
  const { row, seat } = await visibleComment(db, now, viewer.id, commentId);
  if (row.author_id !== viewer.id) await seatIn(db, row.league_id, viewer.id, "moderateComments");
  await transaction(db, {}, async (trx) => {
    await repo.deleteComment(trx, row.id);
    await announce(trx, now, seat.leagueId, row.id, [], row.pinned === 1);
  });
  return { message: "Comment deleted" };
}

/** Adds or takes back the viewer's reaction to a comment they can see. */
export async function react(
  db: Db,
  now: Date,
  viewer: Viewer,
  commentId: number,
  reaction: ReactionName,
  on: boolean,
): Promise<LeagueComment> {
  const { row, seat } = await visibleComment(db, now, viewer.id, commentId);
  if (on) await repo.addReaction(db, row.id, viewer.id, reaction, now.toISOString());
  else await repo.removeReaction(db, row.id, viewer.id, reaction);
  await transaction(db, {}, (trx) => announce(trx, now, seat.leagueId, row.id, [], false));
  return (await present(db, [row], viewer, seat))[0]!;
}

/** A member reports a comment they can see (not their own), once; site admins see it. */
export async function reportComment(
  db: Db,
  now: Date,
  viewer: Viewer,
  commentId: number,
  reason: string,
): Promise<{ message: string }> {
  const why = reason.trim();
  const problem = why === "" ? "reason: say what is wrong" : textProblem("reason", why, { multiline: true });
  if (problem) throw badRequest(problem, "invalid_report");
  const { row } = await visibleComment(db, now, viewer.id, commentId);
  if (row.author_id === viewer.id) throw badRequest("You cannot report your own comment: delete it", "own_comment");
  if (!(await repo.addReport(db, row.id, viewer.id, why, now.toISOString())))
    throw conflict("You reported this comment already", "already_reported");
  return { message: "Reported: the site's admins will have a look" };
}

/** Reported comments not yet dismissed, for site admins: the words, who and where — never which pick. */
export async function reportedComments(db: Db): Promise<ReportedComment[]> {
  const rows = await repo.openReports(db, 1000);
  const leagues = await leagueNames(
    db,
    rows.map((r) => r.league_id),
  );
  return [...Map.groupBy(rows, (r) => r.id).values()].map((reports) => {
    const first = reports[0]!;
    return {
      commentId: first.id,
      text: first.text,
      author: { userId: first.author_id, username: first.author_name },
      league: { id: first.league_id, name: leagues.get(first.league_id) ?? "" },
      onPick: first.bet_id !== null,
      createdAt: first.created_at,
      reports: reports.length,
      reasons: reports.map((r) => r.reason),
      lastReportedAt: reports
        .map((r) => r.reported_at)
        .sort()
        .at(-1)!,
    };
  });
}

/** A site admin leaves a reported comment up: its reports are closed. Audited. */
export async function dismissReports(db: Db, now: Date, actor: audit.Actor, commentId: number) {
  await transaction(db, {}, async (trx) => {
    const result = await repo.dismissReports(trx, commentId, now.toISOString());
    if (Number(result.numUpdatedRows) === 0) throw notFound("No open report of that comment", "report_not_found");
    await audit.record(trx, now, actor, "comment.reports_dismissed", `comment:${commentId}`);
  });
  return { message: "Reports dismissed" };
}

/** A site admin deletes a reported comment. Audited (with its words: the comment is gone). */
export async function removeReported(db: Db, now: Date, actor: audit.Actor, commentId: number) {
  const row = await repo.comment(db, commentId);
  if (!row) throw commentNotFound();
  await transaction(db, {}, async (trx) => {
    await repo.deleteComment(trx, row.id);
    await audit.record(trx, now, actor, "comment.delete", `comment:${row.id}`, {
      league: row.league_id,
      author: row.author_name,
      text: row.text,
    });
    await announce(trx, now, row.league_id, row.id, [], row.pinned === 1);
  });
  return { message: "Comment deleted" };
}

/** What a comment tells one player, for their bell or a push — or null when it is gone or no longer theirs to see. */
export interface CommentNotice {
  commentId: number;
  leagueId: number;
  league: string;
  from: string;
  text: string;
  kind: "reply" | "post";
  at: string;
}

async function noticeOf(db: Db, now: Date, row: CommentRow, userId: number): Promise<CommentNotice | null> {
  const league = await leagueMembers(db, row.league_id);
  if (!league?.memberIds.includes(userId)) return null;
  // A pick's thread speaks to the player only while the league shows them the pick (their own always).
  if (row.bet_id !== null) {
    const owner = (await betOwners(db, [row.bet_id])).get(row.bet_id);
    if (owner !== userId && (await picksShownIn(db, now, row.league_id, userId, [row.bet_id])).length === 0)
      return null;
  }
  return {
    commentId: row.id,
    leagueId: row.league_id,
    league: league.name,
    from: row.author_name,
    text: row.text,
    kind: row.pinned === 1 ? "post" : "reply",
    at: row.created_at,
  };
}

/** What one comment tells a player it notified (the push job asks when it reads the event). */
export async function commentNotice(db: Db, now: Date, commentId: number, userId: number) {
  const row = await repo.comment(db, commentId);
  return row ? noticeOf(db, now, row, userId) : null;
}

/** The bell's entries: replies to the player, comments on their picks, and their leagues' commissioner posts, since `since`. */
export async function commentNotifications(
  db: Db,
  now: Date,
  userId: number,
  since: string,
): Promise<Omit<Notification, "unread">[]> {
  const rows = [
    ...(await repo.commentsTo(db, userId, since, 50)),
    ...(await repo.pinnedSince(db, await leagueIdsOf(db, userId), userId, since, 20)),
  ];
  const notices = (await Promise.all(rows.map((row) => noticeOf(db, now, row, userId)))).filter(
    (n): n is CommentNotice => n !== null,
  );
  return notices.map((n) => ({
    id: `comment-${n.commentId}`,
    type: n.kind === "post" ? "league_post" : "comment_reply",
    title: n.kind === "post" ? `${n.from} posted in ${n.league}` : `${n.from} replied to you in ${n.league}`,
    body: excerpt(n.text),
    at: n.at,
    link: `/leagues?league=${n.leagueId}`,
  }));
}

/** The first 120 characters of a comment, on one line. */
export function excerpt(text: string, max = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join("")}…`;
}

/** A commissioner post as a league's webhook sends it; null when it is gone or not a pinned post. */
export async function commissionerPost(db: Db, commentId: number) {
  const row = await repo.comment(db, commentId);
  if (row?.pinned !== 1) return null;
  return { leagueId: row.league_id, author: row.author_name, text: row.text, at: row.created_at };
}

/** Forgets a deleted account's comments, reactions and reports, in the caller's transaction. */
export async function forgetCommentsOf(trx: Db, userId: number): Promise<void> {
  await repo.forget(trx, userId);
}
