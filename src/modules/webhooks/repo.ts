import type { Insertable, Selectable, Updateable } from "kysely";
import { type Db, jsonList, type OutboxCursor } from "../../runtime/index.ts";
import type { LeagueWebhooksTable, WebhookDeliveriesTable } from "./table.ts";

export type WebhookRow = Selectable<LeagueWebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export function insertWebhook(trx: Db, row: Insertable<LeagueWebhooksTable>) {
  return trx.insertInto("league_webhooks").values(row).returning("id").executeTakeFirstOrThrow();
}

export async function countWebhooks(db: Db, leagueId: number): Promise<number> {
  const row = await db
    .selectFrom("league_webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("league_id", "=", leagueId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function webhooksOf(db: Db, leagueId: number) {
  return db.selectFrom("league_webhooks").selectAll().where("league_id", "=", leagueId).orderBy("id").execute();
}

export function webhook(db: Db, id: number) {
  return db.selectFrom("league_webhooks").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Active webhooks that want `event`, of any league. */
export function activeWebhooksFor(db: Db, event: string) {
  return db
    .selectFrom("league_webhooks")
    .selectAll()
    .where("disabled_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("events", "=", event),
        eb("events", "like", `${event},%`),
        eb("events", "like", `%,${event}`),
        eb("events", "like", `%,${event},%`),
      ]),
    )
    .orderBy("id")
    .execute();
}

export function deleteWebhook(trx: Db, leagueId: number, id: number) {
  return trx
    .deleteFrom("league_webhooks")
    .where("id", "=", id)
    .where("league_id", "=", leagueId)
    .returning("id")
    .executeTakeFirst();
}

/** Adds a delivery unless the webhook has one with its key; returns whether it was added. */
export async function insertDelivery(
  db: Db,
  row: Pick<WebhookDeliveriesTable, "webhook_id" | "event" | "merge_key" | "data" | "due_at" | "created_at">,
): Promise<boolean> {
  const added = await db
    .insertInto("webhook_deliveries")
    .values({ ...row, status: "pending" })
    .onConflict((oc) => oc.columns(["webhook_id", "merge_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return added !== undefined;
}

export function deliveryByKey(db: Db, webhookId: number, mergeKey: string) {
  return db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .where("merge_key", "=", mergeKey)
    .executeTakeFirst();
}

export function updateDeliveryData(db: Db, id: number, data: string) {
  return db.updateTable("webhook_deliveries").set({ data }).where("id", "=", id).execute();
}

/** Pending deliveries due by `at`, oldest first, with their webhooks. */
export function dueDeliveries(db: Db, at: string, limit: number) {
  return db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("status", "=", "pending")
    .where("due_at", "<=", at)
    .orderBy("due_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

export function finishDelivery(
  db: Db,
  id: number,
  changes: Pick<Updateable<WebhookDeliveriesTable>, "status" | "attempts" | "last_status" | "last_error" | "sent_at">,
) {
  return db.updateTable("webhook_deliveries").set(changes).where("id", "=", id).execute();
}

export function retryDelivery(
  db: Db,
  id: number,
  changes: Pick<Updateable<WebhookDeliveriesTable>, "attempts" | "due_at" | "last_status" | "last_error">,
) {
  return db.updateTable("webhook_deliveries").set(changes).where("id", "=", id).execute();
}

/** Drops the pending deliveries of a webhook that was turned off. */
export function dropPending(db: Db, webhookId: number, reason: string) {
  return db
    .updateTable("webhook_deliveries")
    .set({ status: "dropped", last_error: reason })
    .where("webhook_id", "=", webhookId)
    .where("status", "=", "pending")
    .execute();
}

export function setFailures(db: Db, id: number, failures: number) {
  return db.updateTable("league_webhooks").set({ failures }).where("id", "=", id).execute();
}

/** Turns a webhook off, once; false when it was off already. */
export async function disable(db: Db, id: number, at: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable("league_webhooks")
    .set({ disabled_at: at, disabled_reason: reason })
    .where("id", "=", id)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The latest deliveries of these webhooks, `perWebhook` each at most, newest first. */
export async function latestDeliveries(db: Db, webhookIds: number[], perWebhook: number) {
  if (webhookIds.length === 0) return [];
  const rows = await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "in", jsonList(db, webhookIds))
    .orderBy("id", "desc")
    .limit(perWebhook * webhookIds.length * 4)
    .execute();
  return [...Map.groupBy(rows, (r) => r.webhook_id).values()].flatMap((list) => list.slice(0, perWebhook));
}

/** Webhooks of these leagues turned off since `since`. */
export function disabledSince(db: Db, leagueIds: number[], since: string) {
  if (leagueIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("league_webhooks")
    .selectAll()
    .where("league_id", "in", jsonList(db, leagueIds))
    .where("disabled_at", ">=", since)
    .execute();
}

/** Forgets finished deliveries older than `before` (the log keeps the recent ones). */
export function pruneFinished(db: Db, before: string) {
  return db
    .deleteFrom("webhook_deliveries")
    .where("status", "<>", "pending")
    .where("created_at", "<", before)
    .execute();
}

export async function readCursor(db: Db): Promise<OutboxCursor | null> {
  const row = await db.selectFrom("webhook_cursor").selectAll().where("name", "=", "webhooks").executeTakeFirst();
  return row ? { id: Number(row.last_id), txid: row.last_txid ?? null } : null;
}

export function saveCursor(db: Db, cursor: OutboxCursor) {
  const values = { last_id: cursor.id, last_txid: cursor.txid };
  return db
    .insertInto("webhook_cursor")
    .values({ name: "webhooks", ...values })
    .onConflict((oc) => oc.column("name").doUpdateSet(values))
    .execute();
}
