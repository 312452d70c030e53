import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { AppEvents, EventType } from "../../lib/events.ts";
import * as repo from "./repo.ts";

/**
 * Announces an event from inside the caller's transaction: it is delivered only if that
 * transaction commits, and after it does. `userId` narrows delivery to one player.
 */
export async function publish<K extends EventType>(
  trx: Kysely<Database>,
  now: Date,
  type: K,
  payload: AppEvents[K],
  userId: number | null = null,
): Promise<void> {
  await repo.insertEvent(trx, { type, user_id: userId, payload: JSON.stringify(payload), created_at: now.toISOString() });
}
