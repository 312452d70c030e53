import {
  type AppEvents,
  type Db,
  type EventType,
  notifyOnCommit,
  type OutboxCursor,
  reactToPublished,
} from "../../runtime/index.ts";
import * as repo from "./repo.ts";

/** The channel every dispatcher listens on for new outbox rows. */
export const OUTBOX_CHANNEL = "nfl_outbox";

/**
 * Announces an event from inside the caller's transaction: it is delivered only if that
 * transaction commits, and after it does. `userId` narrows delivery to one player.
 */
export async function publish<K extends EventType>(
  trx: Db,
  now: Date,
  type: K,
  payload: AppEvents[K],
  userId: number | null = null,
): Promise<void> {
  await publishMany(trx, now, type, [{ payload, userId }]);
}

/** Many events of one type in one statement, e.g. a settlement message for each of many players. */
export async function publishMany<K extends EventType>(
  trx: Db,
  now: Date,
  type: K,
  events: { payload: AppEvents[K]; userId: number | null }[],
): Promise<void> {
  const createdAt = now.toISOString();
  // This process's cached reads hear of the write at once; every process's again on delivery.
  reactToPublished(type);
  // Other processes' dispatchers wake at commit (PostgreSQL; SQLite's poll is cheap enough).
  await notifyOnCommit(trx, OUTBOX_CHANNEL);
  // 4 values per row: stay well inside SQLite's bound-parameter limit.
  for (let i = 0; i < events.length; i += 2000) {
    await repo.insertEvents(
      trx,
      events
        .slice(i, i + 2000)
        .map((e) => ({ type, user_id: e.userId, payload: JSON.stringify(e.payload), created_at: createdAt })),
    );
  }
}

/**
 * Events committed but not yet delivered, in delivery order (PostgreSQL delivers in commit order,
 * not by id): after `delivered`, this process's dispatcher's own cursor, or else the saved one (0
 * before any dispatcher ran).
 */
export async function outboxLag(db: Db, delivered?: OutboxCursor | null): Promise<number> {
  const cursor = delivered ?? (await repo.readCursor(db, "main"));
  return cursor === null ? 0 : repo.pendingEvents(db, cursor);
}
