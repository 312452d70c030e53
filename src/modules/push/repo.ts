import { sql } from "kysely";
import type { Db, OutboxCursor } from "../../runtime/index.ts";
import type { PushOutboxTable, PushPreferencesTable, PushSubscriptionsTable } from "./table.ts";

export function vapidKeys(db: Db) {
  return db
    .selectFrom("push_keys")
    .select(["public_key", "private_key"])
    .where("name", "=", "vapid")
    .executeTakeFirst();
}

/** Keeps the first pair written: two processes starting at once end up with the same one. */
export async function insertVapidKeys(db: Db, publicKey: string, privateKey: string, now: string) {
  await db
    .insertInto("push_keys")
    .values({ name: "vapid", public_key: publicKey, private_key: privateKey, created_at: now })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

export function replaceVapidKeys(db: Db, publicKey: string, privateKey: string, now: string) {
  return db
    .insertInto("push_keys")
    .values({ name: "vapid", public_key: publicKey, private_key: privateKey, created_at: now })
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ public_key: publicKey, private_key: privateKey, created_at: now }),
    )
    .execute();
}

/** Subscriptions signed with another key pair are useless: push services refuse them. */
export function deleteAllSubscriptions(db: Db) {
  return db.deleteFrom("push_subscriptions").execute();
}

const subscriptionColumns = [
  "id",
  "user_id",
  "endpoint",
  "p256dh",
  "auth",
  "device",
  "created_at",
  "last_sent_at",
] as const;

/** A player's devices whose session is still live, oldest first. */
export function subscriptionsOf(db: Db, userId: number, now: string) {
  return db
    .selectFrom("push_subscriptions")
    .select(subscriptionColumns)
    .where("user_id", "=", userId)
    .where("session_expires_at", ">", now)
    .orderBy("id")
    .execute();
}

export async function countSubscriptions(db: Db, userId: number, now: string): Promise<number> {
  const row = await db
    .selectFrom("push_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("session_expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Who holds this browser's subscription (its endpoint and secret), if anyone. */
export function subscriptionOfBrowser(db: Db, endpoint: string, auth: string) {
  return db
    .selectFrom("push_subscriptions")
    .select(["id", "user_id"])
    .where("endpoint", "=", endpoint)
    .where("auth", "=", auth)
    .executeTakeFirst();
}

/** A player's rows for this endpoint under another secret: the browser's older subscription, replaced. */
export function deleteOtherSecretsOf(db: Db, userId: number, endpoint: string, auth: string) {
  return db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .where("auth", "!=", auth)
    .execute();
}

export type NewSubscription = Pick<
  PushSubscriptionsTable,
  "user_id" | "endpoint" | "p256dh" | "auth" | "device" | "session_hash" | "session_expires_at" | "created_at"
>;

/**
 * Adds the browser's subscription, or hands it to the poster in the same statement when it is
 * stored already (the same endpoint and secret: the poster holds that browser). A renewal by the
 * same player keeps its history; a hand-over starts afresh.
 */
export async function upsertSubscription(db: Db, row: NewSubscription) {
  await db
    .insertInto("push_subscriptions")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["endpoint", "auth"]).doUpdateSet((eb) => ({
        user_id: eb.ref("excluded.user_id"),
        p256dh: eb.ref("excluded.p256dh"),
        device: eb.ref("excluded.device"),
        session_hash: eb.ref("excluded.session_hash"),
        session_expires_at: eb.ref("excluded.session_expires_at"),
        created_at: sql<string>`case when push_subscriptions.user_id = excluded.user_id then push_subscriptions.created_at else excluded.created_at end`,
        last_sent_at: sql<
          string | null
        >`case when push_subscriptions.user_id = excluded.user_id then push_subscriptions.last_sent_at end`,
      })),
    )
    .execute();
  return db
    .selectFrom("push_subscriptions")
    .select(subscriptionColumns)
    .where("endpoint", "=", row.endpoint)
    .where("auth", "=", row.auth)
    .executeTakeFirstOrThrow();
}

export async function deleteSubscription(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function deleteSubscriptionById(db: Db, id: number) {
  return db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

/** The devices turned on in this session. */
export function deleteSessionDevices(db: Db, sessionHash: string) {
  return db.deleteFrom("push_subscriptions").where("session_hash", "=", sessionHash).execute();
}

/** Every device of a player but those of the session `keep` (null: every one). */
export function deleteDevicesOf(db: Db, userId: number, keep: string | null) {
  let query = db.deleteFrom("push_subscriptions").where("user_id", "=", userId);
  if (keep !== null) query = query.where("session_hash", "!=", keep);
  return query.execute();
}

/** A session's devices go on in the session that replaced it (a password change). */
export function moveSessionDevices(db: Db, from: string, to: { hash: string; expiresAt: string }) {
  return db
    .updateTable("push_subscriptions")
    .set({ session_hash: to.hash, session_expires_at: to.expiresAt })
    .where("session_hash", "=", from)
    .execute();
}

/** Devices whose session has expired (they get nothing already): gone. */
export function pruneExpiredDevices(db: Db, now: string) {
  return db.deleteFrom("push_subscriptions").where("session_expires_at", "<=", now).execute();
}

export function markSent(db: Db, subscriptionId: number, at: string) {
  return db.updateTable("push_subscriptions").set({ last_sent_at: at }).where("id", "=", subscriptionId).execute();
}

/** Players with at least one device, of those given. */
export async function subscribedUsers(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  // A thousand at a time: well inside SQLite's bound-parameter limit.
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .selectFrom("push_subscriptions")
      .select("user_id")
      .distinct()
      .where("user_id", "in", userIds.slice(i, i + 1000))
      .execute();
    for (const r of rows) found.add(r.user_id);
  }
  return found;
}

export async function allSubscribedUsers(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("push_subscriptions").select("user_id").distinct().execute();
  return rows.map((r) => r.user_id);
}

export function preferencesOf(db: Db, userId: number) {
  return db.selectFrom("push_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export async function preferencesFor(db: Db, userIds: readonly number[]) {
  const rows = [];
  for (let i = 0; i < userIds.length; i += 1000)
    rows.push(
      ...(await db
        .selectFrom("push_preferences")
        .selectAll()
        .where("user_id", "in", userIds.slice(i, i + 1000))
        .execute()),
    );
  return rows;
}

export function savePreferences(db: Db, row: PushPreferencesTable) {
  const { user_id, ...rest } = row;
  return db
    .insertInto("push_preferences")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doUpdateSet(rest))
    .execute();
}

/** Sets the zone only where the player has no preferences yet (their first device tells it). */
export function insertPreferencesIfMissing(db: Db, row: PushPreferencesTable) {
  return db
    .insertInto("push_preferences")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export async function readCursor(db: Db): Promise<OutboxCursor | null> {
  const row = await db.selectFrom("push_cursor").selectAll().where("name", "=", "push").executeTakeFirst();
  return row ? { id: Number(row.last_id), txid: row.last_txid ?? null } : null;
}

export function saveCursor(db: Db, cursor: OutboxCursor) {
  const values = { last_id: cursor.id, last_txid: cursor.txid };
  return db
    .insertInto("push_cursor")
    .values({ name: "push", ...values })
    .onConflict((oc) => oc.column("name").doUpdateSet(values))
    .execute();
}

export type NewPush = Pick<
  PushOutboxTable,
  "user_id" | "kind" | "merge_key" | "data" | "due_at" | "stale_at" | "created_at"
>;

/** Adds a push unless one with its key exists for the player; returns whether it was added. */
export async function insertPush(db: Db, row: NewPush): Promise<boolean> {
  const added = await db
    .insertInto("push_outbox")
    .values({ ...row, status: "pending" })
    .onConflict((oc) => oc.columns(["user_id", "merge_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return added !== undefined;
}

/** The pushes these players have (or had, until pruned) whose merge key matches a LIKE pattern. */
export async function pushKeysLike(db: Db, userIds: readonly number[], pattern: string) {
  const rows: { user_id: number; merge_key: string }[] = [];
  for (let i = 0; i < userIds.length; i += 1000)
    rows.push(
      ...(await db
        .selectFrom("push_outbox")
        .select(["user_id", "merge_key"])
        .where("user_id", "in", userIds.slice(i, i + 1000))
        .where("merge_key", "like", pattern)
        .execute()),
    );
  return rows;
}

export function pushByKey(db: Db, userId: number, mergeKey: string) {
  return db
    .selectFrom("push_outbox")
    .selectAll()
    .where("user_id", "=", userId)
    .where("merge_key", "=", mergeKey)
    .executeTakeFirst();
}

export function updatePushData(db: Db, id: number, data: string) {
  return db.updateTable("push_outbox").set({ data }).where("id", "=", id).where("status", "=", "pending").execute();
}

export function duePushes(db: Db, now: string, limit: number) {
  return db
    .selectFrom("push_outbox")
    .selectAll()
    .where("status", "=", "pending")
    .where("due_at", "<=", now)
    .orderBy("due_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export function finishPush(db: Db, id: number, status: PushOutboxTable["status"], reason: string | null, at: string) {
  return db
    .updateTable("push_outbox")
    .set({ status, reason, sent_at: status === "sent" ? at : null })
    .where("id", "=", id)
    .execute();
}

export function postpone(db: Db, id: number, dueAt: string, attempts: number, reason: string | null) {
  return db.updateTable("push_outbox").set({ due_at: dueAt, attempts, reason }).where("id", "=", id).execute();
}

export async function sentSince(db: Db, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom("push_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "=", "sent")
    .where("kind", "!=", "test")
    .where("sent_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Finished pushes are kept two days (the cap counts a day; the merge key stops a repeat). */
export function pruneFinished(db: Db, before: string) {
  return db.deleteFrom("push_outbox").where("status", "!=", "pending").where("created_at", "<", before).execute();
}

/** For tests and the admin's eye: every push of a player, oldest first. */
export function pushesOf(db: Db, userId: number) {
  return db.selectFrom("push_outbox").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export async function forget(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
  await db.deleteFrom("push_preferences").where("user_id", "=", userId).execute();
  await db.deleteFrom("push_outbox").where("user_id", "=", userId).execute();
}
