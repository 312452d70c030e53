import type { Insertable } from "kysely";
import { type Db, jsonList } from "../../runtime/index.ts";
import type { LeagueCommentsTable } from "./table.ts";

/** A comment with its author's name (users: a read-only join, for names) and whom it replies to. */
function commentsWithNames(db: Db) {
  return db
    .selectFrom("league_comments as c")
    .innerJoin("users as author", "author.id", "c.author_id")
    .leftJoin("league_comments as parent", "parent.id", "c.reply_to_id")
    .leftJoin("users as parent_author", "parent_author.id", "parent.author_id")
    .select([
      "c.id",
      "c.league_id",
      "c.author_id",
      "c.bet_id",
      "c.reply_to_id",
      "c.to_user_id",
      "c.pinned",
      "c.text",
      "c.created_at",
      "author.username as author_name",
      "parent_author.username as reply_to_name",
    ]);
}

export type CommentRow = NonNullable<Awaited<ReturnType<typeof comment>>>;

export function comment(db: Db, id: number) {
  return commentsWithNames(db).where("c.id", "=", id).executeTakeFirst();
}

export function insertComment(trx: Db, row: Insertable<LeagueCommentsTable>) {
  return trx.insertInto("league_comments").values(row).returning("id").executeTakeFirstOrThrow();
}

export function deleteComment(trx: Db, id: number) {
  return trx.deleteFrom("league_comments").where("id", "=", id).execute();
}

/** A thread's comments, newest first: the league's page (`betId` null) or a pick's; pinned posts apart. */
export function thread(db: Db, leagueId: number, betId: number | null, page: { beforeId?: number; limit: number }) {
  let query = commentsWithNames(db)
    .where("c.league_id", "=", leagueId)
    .where("c.pinned", "=", 0)
    .where("c.bet_id", betId === null ? "is" : "=", betId);
  if (page.beforeId !== undefined) query = query.where("c.id", "<", page.beforeId);
  return query.orderBy("c.id", "desc").limit(page.limit).execute();
}

export function pinnedPosts(db: Db, leagueId: number, limit: number) {
  return commentsWithNames(db)
    .where("c.league_id", "=", leagueId)
    .where("c.pinned", "=", 1)
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
}

/** How many comments each pick of the league has in its thread. */
export async function threadCounts(db: Db, leagueId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("league_comments")
    .select(["bet_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("league_id", "=", leagueId)
    .where("bet_id", "is not", null)
    .groupBy("bet_id")
    .execute();
  return new Map(rows.map((r) => [r.bet_id!, Number(r.n)]));
}

export function reactionsOf(db: Db, commentIds: number[]) {
  if (commentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("comment_reactions")
    .select(["comment_id", "user_id", "reaction"])
    .where("comment_id", "in", jsonList(db, commentIds))
    .orderBy("id")
    .execute();
}

/** Adds the player's reaction (once); false when it was there already. */
export async function addReaction(db: Db, commentId: number, userId: number, reaction: string, at: string) {
  const added = await db
    .insertInto("comment_reactions")
    .values({ comment_id: commentId, user_id: userId, reaction, created_at: at })
    .onConflict((oc) => oc.columns(["comment_id", "user_id", "reaction"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return added !== undefined;
}

export function removeReaction(db: Db, commentId: number, userId: number, reaction: string) {
  return db
    .deleteFrom("comment_reactions")
    .where("comment_id", "=", commentId)
    .where("user_id", "=", userId)
    .where("reaction", "=", reaction)
    .execute();
}

/** Files a report (once per player and comment); false when they had reported it already. */
export async function addReport(db: Db, commentId: number, reporterId: number, reason: string, at: string) {
  const added = await db
    .insertInto("comment_reports")
    .values({ comment_id: commentId, reporter_id: reporterId, reason, created_at: at, dismissed_at: null })
    .onConflict((oc) => oc.columns(["comment_id", "reporter_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return added !== undefined;
}

/** Open reports (not dismissed), oldest comment first, with the comment and its author's name (a read-only join). */
export function openReports(db: Db, limit: number) {
  return db
    .selectFrom("comment_reports as r")
    .innerJoin("league_comments as c", "c.id", "r.comment_id")
    .innerJoin("users as author", "author.id", "c.author_id")
    .select([
      "r.reason",
      "r.created_at as reported_at",
      "c.id",
      "c.text",
      "c.bet_id",
      "c.created_at",
      "c.author_id",
      "author.username as author_name",
      "c.league_id",
    ])
    .where("r.dismissed_at", "is", null)
    .orderBy("c.id")
    .orderBy("r.id")
    .limit(limit)
    .execute();
}

export function dismissReports(db: Db, commentId: number, at: string) {
  return db
    .updateTable("comment_reports")
    .set({ dismissed_at: at })
    .where("comment_id", "=", commentId)
    .where("dismissed_at", "is", null)
    .executeTakeFirst();
}

/** Comments since `since` that speak to the player (replies, comments on their picks), not their own. */
export function commentsTo(db: Db, userId: number, since: string, limit: number) {
  return commentsWithNames(db)
    .where("c.to_user_id", "=", userId)
    .where("c.author_id", "<>", userId)
    .where("c.created_at", ">=", since)
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
}

/** Pinned posts since `since` in these leagues, not the player's own. */
export function pinnedSince(db: Db, leagueIds: number[], userId: number, since: string, limit: number) {
  if (leagueIds.length === 0) return Promise.resolve([]);
  return commentsWithNames(db)
    .where("c.league_id", "in", jsonList(db, leagueIds))
    .where("c.pinned", "=", 1)
    .where("c.author_id", "<>", userId)
    .where("c.created_at", ">=", since)
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
}

/** A deleted account's words go with it: its comments, reactions and reports. */
export async function forget(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom("comment_reactions").where("user_id", "=", userId).execute();
  await trx.deleteFrom("comment_reports").where("reporter_id", "=", userId).execute();
  await trx.deleteFrom("league_comments").where("author_id", "=", userId).execute();
}
