import type { Engine } from "./engine.ts";

/**
 * Embedded SQLite: one writer. Every write transaction holds the one write lock from its first
 * statement (BEGIN IMMEDIATE, connection.ts), so intent locks are already held; ids commit in
 * order; the dispatcher notices commits by polling, which costs microseconds here.
 */
export const sqliteEngine: Engine = {
  name: "sqlite",
  chunking: { first: 100, budgetMs: 7, min: 50, max: 1000, partitions: 1 },
  groupsCommits: true,
  // A savepoint costs microseconds here.
  groupCommit: { maxBatch: 64, transactionsAtOnce: 1, savepointsFirst: true },
  async lock() {},
  async notifyOnCommit() {},
  listenFor: () => async () => {},

  async outboxAfter(db, cursor, limit) {
    const rows = await db
      .selectFrom("outbox")
      .select(["id", "type", "user_id", "payload", "created_at"])
      .where("id", ">", cursor.id)
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, txid: null }));
  },

  async outboxEnd(db) {
    const row = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    return { id: Number(row?.id ?? 0), txid: null };
  },

  async outboxPending(db, cursor) {
    const row = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id", ">", cursor.id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  deleteDeliveredBefore(db, createdBefore, cursor) {
    return db.deleteFrom("outbox").where("created_at", "<", createdBefore).where("id", "<=", cursor.id).execute();
  },
};
