import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

type Executor = Kysely<Database>;

export type EventRow = { type: string; user_id: number | null; payload: string; created_at: string };

export function insertEvents(db: Executor, rows: EventRow[]) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto("outbox").values(rows).execute();
}

export async function maxEventId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export function eventsAfter(db: Executor, afterId: number, limit: number) {
  return db.selectFrom("outbox").selectAll().where("id", ">", afterId).orderBy("id").limit(limit).execute();
}

/** Drops delivered events older than `createdBefore`; undelivered ones stay whatever their age. */
export function deleteEventsBefore(db: Executor, createdBefore: string, deliveredUpTo: number) {
  return db.deleteFrom("outbox").where("created_at", "<", createdBefore).where("id", "<=", deliveredUpTo).execute();
}

export async function readCursor(db: Executor, name: string): Promise<number | null> {
  const row = await db.selectFrom("outbox_cursor").select("last_id").where("name", "=", name).executeTakeFirst();
  return row?.last_id ?? null;
}

export function saveCursor(db: Executor, name: string, lastId: number) {
  return db
    .insertInto("outbox_cursor")
    .values({ name, last_id: lastId })
    .onConflict((oc) => oc.column("name").doUpdateSet({ last_id: lastId }))
    .execute();
}
