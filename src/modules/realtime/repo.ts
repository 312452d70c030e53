import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

type Executor = Kysely<Database>;

export function insertEvent(db: Executor, row: { type: string; user_id: number | null; payload: string; created_at: string }) {
  return db.insertInto("outbox").values(row).execute();
}

export async function maxEventId(db: Executor): Promise<number> {
  const row = await db.selectFrom("outbox").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export function eventsAfter(db: Executor, afterId: number, limit: number) {
  return db.selectFrom("outbox").selectAll().where("id", ">", afterId).orderBy("id").limit(limit).execute();
}

export function deleteEventsBefore(db: Executor, createdBefore: string) {
  return db.deleteFrom("outbox").where("created_at", "<", createdBefore).execute();
}
