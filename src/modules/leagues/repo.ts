import type { Db } from "../../runtime/index.ts";
import type { ExpressionBuilder, Insertable, Updateable } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { LeagueHistoryTable, LeagueInvitationsTable, LeaguesTable } from "./table.ts";

/**
 * Up to `take` leagues `viewerId` may see (public ones, and private ones they are in or invited to),
 * newest first by id, below `beforeId` when given; `notMember` leaves out the viewer's own leagues.
 */
export function leaguePage(db: Db, page: { viewerId: number; take: number; beforeId?: number; notMember?: boolean }) {
  const viewer = page.viewerId;
  let query = db
    .selectFrom("leagues")
    .selectAll()
    .where((eb) => {
      const isMember = eb.exists(
        eb
          .selectFrom("league_members")
          .select("league_members.id")
          .whereRef("league_members.league_id", "=", "leagues.id")
          .where("league_members.user_id", "=", viewer),
      );
      const openToViewer = eb.or([eb("leagues.is_public", "=", 1), invitedIn(eb, viewer)]);
      return page.notMember ? eb.and([eb.not(isMember), openToViewer]) : eb.or([isMember, openToViewer]);
    });
  if (page.beforeId !== undefined) query = query.where("leagues.id", "<", page.beforeId);
  return query.orderBy("leagues.id", "desc").limit(page.take).execute();
}

/** Whether the league (of the outer query) has a pending invitation for the player. */
function invitedIn(eb: ExpressionBuilder<Database, "leagues">, userId: number) {
  return eb.exists(
    eb
      .selectFrom("league_invitations")
      .select("league_invitations.id")
      .whereRef("league_invitations.league_id", "=", "leagues.id")
      .where("league_invitations.invited_user_id", "=", userId)
      .where("league_invitations.status", "=", "pending"),
  );
}

export async function memberCounts(db: Db, leagueIds: number[]): Promise<Map<number, number>> {
  if (leagueIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("league_members")
    .select(["league_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("league_id", "in", leagueIds)
    .groupBy("league_id")
    .execute();
  return new Map(rows.map((r) => [r.league_id, Number(r.count)]));
}

export async function countCreatedBy(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("leagues")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("created_by", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function leaguesOfUser(db: Db, userId: number) {
  return db
    .selectFrom("leagues")
    .innerJoin("league_members", "league_members.league_id", "leagues.id")
    .selectAll("leagues")
    .where("league_members.user_id", "=", userId)
    .orderBy("league_members.joined_at", "desc")
    .execute();
}

/** Every league one of `userIds` belongs to. */
export function leaguesOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("leagues")
    .selectAll()
    .where("id", "in", (eb) =>
      eb.selectFrom("league_members").select("league_id").where("user_id", "in", userIds).distinct(),
    )
    .orderBy("id")
    .execute();
}

export function findLeague(db: Db, id: number) {
  return db.selectFrom("leagues").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findLeagueByToken(db: Db, token: string) {
  return db.selectFrom("leagues").selectAll().where("invite_token", "=", token).executeTakeFirst();
}

export async function insertLeague(db: Db, row: Insertable<LeaguesTable>): Promise<number> {
  return (await db.insertInto("leagues").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

export function updateLeague(db: Db, id: number, changes: Updateable<LeaguesTable>) {
  return db.updateTable("leagues").set(changes).where("id", "=", id).execute();
}

export function membersOf(db: Db, leagueIds: number[]) {
  if (leagueIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("league_members")
    .innerJoin("users", "users.id", "league_members.user_id")
    .select([
      "league_members.id",
      "league_members.league_id",
      "league_members.user_id",
      "league_members.role",
      "league_members.joined_at",
      "users.username",
    ])
    .where("league_members.league_id", "in", leagueIds)
    .orderBy("league_members.joined_at")
    .orderBy("league_members.id")
    .execute();
}

export function membership(db: Db, leagueId: number, userId: number) {
  return db
    .selectFrom("league_members")
    .selectAll()
    .where("league_id", "=", leagueId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function addMember(db: Db, leagueId: number, userId: number, role: "admin" | "member", joinedAt: string) {
  return db
    .insertInto("league_members")
    .values({ league_id: leagueId, user_id: userId, role, joined_at: joinedAt })
    .execute();
}

/** Adds a member unless they already are one (a simultaneous join may have added them): whether this added them. */
export async function addMemberOnce(db: Db, leagueId: number, userId: number, joinedAt: string): Promise<boolean> {
  const result = await db
    .insertInto("league_members")
    .values({ league_id: leagueId, user_id: userId, role: "member", joined_at: joinedAt })
    .onConflict((oc) => oc.columns(["league_id", "user_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function removeMember(db: Db, leagueId: number, userId: number) {
  return db.deleteFrom("league_members").where("league_id", "=", leagueId).where("user_id", "=", userId).execute();
}

export function setRole(db: Db, memberId: number, role: "admin" | "member") {
  return db.updateTable("league_members").set({ role }).where("id", "=", memberId).execute();
}

export function insertInvitation(db: Db, row: Insertable<LeagueInvitationsTable>) {
  return db.insertInto("league_invitations").values(row).returning("id").executeTakeFirstOrThrow();
}

export function findInvitation(db: Db, id: number) {
  return db.selectFrom("league_invitations").selectAll().where("id", "=", id).executeTakeFirst();
}

export function pendingInvitation(db: Db, leagueId: number, userId: number) {
  return db
    .selectFrom("league_invitations")
    .selectAll()
    .where("league_id", "=", leagueId)
    .where("invited_user_id", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

/** Answers an invitation if it is still pending: whether this answered it (a simultaneous answer may have won). */
export async function answerIfPending(db: Db, id: number, status: "accepted" | "declined", at: string) {
  const result = await db
    .updateTable("league_invitations")
    .set({ status, responded_at: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Invitations with their league and both users' names. */
export function invitationsWhere(
  db: Db,
  filter: { leagueId?: number; invitedUserId?: number; pendingOnly?: boolean; id?: number },
) {
  let query = db
    .selectFrom("league_invitations as i")
    .innerJoin("leagues as l", "l.id", "i.league_id")
    .innerJoin("users as inviter", "inviter.id", "i.invited_by")
    .innerJoin("users as invited", "invited.id", "i.invited_user_id")
    .selectAll("i")
    .select([
      "l.name as league_name",
      "l.description as league_description",
      "inviter.username as inviter_username",
      "invited.username as invited_username",
    ]);
  if (filter.id !== undefined) query = query.where("i.id", "=", filter.id);
  if (filter.leagueId !== undefined) query = query.where("i.league_id", "=", filter.leagueId);
  if (filter.invitedUserId !== undefined) query = query.where("i.invited_user_id", "=", filter.invitedUserId);
  if (filter.pendingOnly) query = query.where("i.status", "=", "pending");
  return query.orderBy("i.created_at", "desc").orderBy("i.id", "desc").execute();
}

/** A league's members whose accounts still exist, longest-standing first (earliest joinedAt, then lowest id). */
export function livingMembers(db: Db, leagueId: number) {
  return db
    .selectFrom("league_members")
    .innerJoin("users", "users.id", "league_members.user_id")
    .select(["league_members.id", "league_members.user_id", "league_members.role"])
    .where("league_members.league_id", "=", leagueId)
    .where("users.deleted_at", "is", null)
    .orderBy("league_members.joined_at")
    .orderBy("league_members.id")
    .execute();
}

/** The leagues a player is an admin of, by id. */
export async function leaguesAdministeredBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("league_members")
    .select("league_id")
    .where("user_id", "=", userId)
    .where("role", "=", "admin")
    .orderBy("league_id")
    .execute();
  return rows.map((r) => r.league_id);
}

export function setRoleOf(db: Db, leagueId: number, userId: number, role: "admin" | "member") {
  return db
    .updateTable("league_members")
    .set({ role })
    .where("league_id", "=", leagueId)
    .where("user_id", "=", userId)
    .execute();
}

/** Deletes a league with its memberships and invitations; its book's bets stay their players' (decision 0046). */
export async function deleteLeague(db: Db, id: number): Promise<void> {
  await db.deleteFrom("league_invitations").where("league_id", "=", id).execute();
  await db.deleteFrom("league_members").where("league_id", "=", id).execute();
  await db.deleteFrom("leagues").where("id", "=", id).execute();
}

export function insertHistory(db: Db, row: Insertable<LeagueHistoryTable>) {
  return db.insertInto("league_history").values(row).execute();
}

/** A league's reveal-rule changes, oldest first (they govern when picks show). */
export function revealChangesOf(db: Db, leagueId: number) {
  return db
    .selectFrom("league_history")
    .select(["at", "details"])
    .where("league_id", "=", leagueId)
    .where("kind", "=", "reveal_changed")
    .orderBy("id")
    .execute();
}

/** A page of a league's history, newest first, with the names of who acted and whom it concerned. */
export function historyOf(db: Db, leagueId: number, page: { beforeId?: number; limit: number }) {
  let query = db
    .selectFrom("league_history")
    .leftJoin("users as actors", "actors.id", "league_history.actor_id")
    .leftJoin("users as subjects", "subjects.id", "league_history.subject_id")
    .select([
      "league_history.id",
      "league_history.at",
      "league_history.kind",
      "league_history.actor_id",
      "actors.username as actor_username",
      "league_history.subject_id",
      "subjects.username as subject_username",
      "league_history.details",
    ])
    .where("league_history.league_id", "=", leagueId);
  if (page.beforeId !== undefined) query = query.where("league_history.id", "<", page.beforeId);
  return query.orderBy("league_history.id", "desc").limit(page.limit).execute();
}

export async function shareALeague(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom("league_members as mine")
    .innerJoin("league_members as theirs", "theirs.league_id", "mine.league_id")
    .select("mine.league_id")
    .where("mine.user_id", "=", a)
    .where("theirs.user_id", "=", b)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pools (leagues of another format than bets) one of `userIds` is in; every pool without `userIds`. */
export function poolLeagues(db: Db, userIds: readonly number[] | null) {
  let query = db.selectFrom("leagues").selectAll().where("format", "!=", "bets");
  if (userIds !== null) {
    if (userIds.length === 0) return Promise.resolve([]);
    query = query.where("id", "in", (eb) =>
      eb.selectFrom("league_members").select("league_id").where("user_id", "in", userIds).distinct(),
    );
  }
  return query.orderBy("id").execute();
}

/** The corrections of a member's pool picks since a time, with the league's name and who made them. */
export function correctionsOf(db: Db, userId: number, since: string) {
  return db
    .selectFrom("league_history")
    .innerJoin("leagues", "leagues.id", "league_history.league_id")
    .leftJoin("users as actors", "actors.id", "league_history.actor_id")
    .select([
      "league_history.id",
      "league_history.at",
      "league_history.league_id",
      "leagues.name as league_name",
      "actors.username as actor_username",
      "league_history.details",
    ])
    .where("league_history.kind", "=", "pool_pick_corrected")
    .where("league_history.subject_id", "=", userId)
    .where("league_history.at", ">=", since)
    .execute();
}
