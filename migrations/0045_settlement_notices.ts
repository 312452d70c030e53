import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// What each player was told of their bets (issue 46 item 7): every settlement message (a settled
// bet, a graded parlay leg, a corrected score) as the toast had it, so the bell can keep its words.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("settlement_notices")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("bet_id", "integer", (c) => c.notNull().references("bets.id").onDelete("cascade"))
    .addColumn("told_at", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("settlement_notices_user_told")
    .on("settlement_notices")
    .columns(["user_id", "told_at"])
    .execute();
  await db.schema.createIndex("settlement_notices_bet").on("settlement_notices").column("bet_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("settlement_notices").execute();
}
