import type { Db } from "../../runtime/index.ts";
import { sql } from "kysely";

export function friendsOf(db: Db, userId: number) {
  return db
    .selectFrom("friendships")
    .innerJoin("users", "users.id", "friendships.friend_id")
    .select(["users.id", "users.username", "users.email", "friendships.since"])
    .where("friendships.user_id", "=", userId)
    .orderBy("users.username_key")
    .execute();
}

export function areFriends(db: Db, a: number, b: number) {
  return db
    .selectFrom("friendships")
    .select("since")
    .where("user_id", "=", a)
    .where("friend_id", "=", b)
    .executeTakeFirst();
}

export async function befriend(db: Db, a: number, b: number, since: string) {
  await db
    .insertInto("friendships")
    .values([
      { user_id: a, friend_id: b, since },
      { user_id: b, friend_id: a, since },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function unfriend(db: Db, a: number, b: number) {
  return db
    .deleteFrom("friendships")
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", a), eb("friend_id", "=", b)]),
        eb.and([eb("user_id", "=", b), eb("friend_id", "=", a)]),
      ]),
    )
    .execute();
}

const requestColumns = [
  "r.id",
  "r.requester_id",
  "r.addressee_id",
  "r.status",
  "r.created_at",
  "r.responded_at",
  "requester.username as requester_username",
  "requester.email as requester_email",
  "addressee.username as addressee_username",
] as const;

function requests(db: Db) {
  return db
    .selectFrom("friend_requests as r")
    .innerJoin("users as requester", "requester.id", "r.requester_id")
    .innerJoin("users as addressee", "addressee.id", "r.addressee_id")
    .select(requestColumns);
}

export function findRequest(db: Db, id: number) {
  return requests(db).where("r.id", "=", id).executeTakeFirst();
}

export function pendingBetween(db: Db, requesterId: number, addresseeId: number) {
  return db
    .selectFrom("friend_requests")
    .selectAll()
    .where("requester_id", "=", requesterId)
    .where("addressee_id", "=", addresseeId)
    .where("status", "=", "pending")
    .executeTakeFirst();
}

export function pendingFor(db: Db, userId: number, side: "incoming" | "outgoing") {
  return requests(db)
    .where(side === "incoming" ? "r.addressee_id" : "r.requester_id", "=", userId)
    .where("r.status", "=", "pending")
    .orderBy("r.created_at", "desc")
    .execute();
}

/** Requests a player received (any state) or that they sent and were accepted, since a time: their notifications. */
export function recentRequestEvents(db: Db, userId: number, since: string) {
  return requests(db)
    .where((eb) =>
      eb.or([
        eb("r.addressee_id", "=", userId),
        eb.and([eb("r.requester_id", "=", userId), eb("r.status", "=", "accepted")]),
      ]),
    )
    .where((eb) => eb.or([eb("r.created_at", ">=", since), eb("r.responded_at", ">=", since)]))
    .orderBy("r.created_at", "desc")
    .limit(50)
    .execute();
}

export function insertRequest(db: Db, requesterId: number, addresseeId: number, now: string) {
  return db
    .insertInto("friend_requests")
    .values({
      requester_id: requesterId,
      addressee_id: addresseeId,
      status: "pending",
      created_at: now,
      responded_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Answers a request if it is still pending: whether this answered it (a simultaneous answer may have won). */
export async function answerIfPending(db: Db, id: number, status: "accepted" | "declined", now: string) {
  const result = await db
    .updateTable("friend_requests")
    .set({ status, responded_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** When `addresseeId` last declined a request from `requesterId`; null if never. */
export async function lastDeclined(db: Db, requesterId: number, addresseeId: number): Promise<string | null> {
  const row = await db
    .selectFrom("friend_requests")
    .select((eb) => eb.fn.max("responded_at").as("at"))
    .where("requester_id", "=", requesterId)
    .where("addressee_id", "=", addresseeId)
    .where("status", "=", "declined")
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Usernames containing `query` (any case), prefix matches first; never the searcher, never a deleted account. */
export function searchUsers(db: Db, query: string, excludeId: number, limit: number) {
  const key = query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .selectFrom("users")
    .select(["id", "username"])
    .where(sql<boolean>`${sql.ref("username_key")} like ${`%${key}%`} escape '\\'`)
    .where("id", "!=", excludeId)
    .where("deleted_at", "is", null)
    .orderBy(sql`case when ${sql.ref("username_key")} like ${`${key}%`} escape '\\' then 0 else 1 end`)
    .orderBy("username_key")
    .limit(limit)
    .execute();
}

export async function seenAt(db: Db, userId: number): Promise<string | null> {
  return (
    (await db.selectFrom("notification_reads").select("seen_at").where("user_id", "=", userId).executeTakeFirst())
      ?.seen_at ?? null
  );
}

export function markSeen(db: Db, userId: number, at: string) {
  return db
    .insertInto("notification_reads")
    .values({ user_id: userId, seen_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ seen_at: at }))
    .execute();
}

/** Drops a player's friendships, friend requests and notification reads (account deletion). */
export async function forget(db: Db, userId: number) {
  await db
    .deleteFrom("friendships")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("friend_id", "=", userId)]))
    .execute();
  await db
    .deleteFrom("friend_requests")
    .where((eb) => eb.or([eb("requester_id", "=", userId), eb("addressee_id", "=", userId)]))
    .execute();
  await db.deleteFrom("notification_reads").where("user_id", "=", userId).execute();
}
