import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// bets_user_settled (user_id, book_id, settled_at) was rewritten for every settled bet and written
// for every placed one; its readers (a player's settled bets, for notifications and regrades) read
// one player's few hundred bets, which bets_user_placed (user_id, …) finds as quickly.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("bets_user_settled").ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("bets_user_settled").on("bets").columns(["user_id", "book_id", "settled_at"]).execute();
}
