import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Every foreign key's referencing column leads an index (issue 41). Deleting a parent row makes
// SQLite look for its children to refuse, cascade or set null; without an index that is a scan of
// the child table inside the write: cancelling or replacing one bet read every bet for tails to
// clear. Mostly-null columns get partial indexes (`is not null`: a child lookup is `column = ?`,
// which implies it), so the many rows without one cost no index write.
// PostgreSQL's 0014_foreign_key_indexes makes the same indexes; tests/api/foreign-key-indexes.test.ts
// keeps every key covered on both engines.
const INDEXES: { name: string; table: string; column: string; partial: boolean }[] = [
  { name: "bets_tailed_from", table: "bets", column: "tailed_from_bet_id", partial: true },
  { name: "bets_prop", table: "bets", column: "prop_id", partial: true },
  { name: "bet_legs_prop", table: "bet_legs", column: "prop_id", partial: true },
  { name: "audit_log_actor", table: "audit_log", column: "actor_id", partial: true },
  { name: "contest_winners_user", table: "contest_winners", column: "user_id", partial: false },
  { name: "league_invitations_invited_by", table: "league_invitations", column: "invited_by", partial: false },
  { name: "friendships_friend", table: "friendships", column: "friend_id", partial: false },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, table, column, partial } of INDEXES) {
    const index = db.schema.createIndex(name).on(table).column(column);
    await (partial ? index.where(sql.ref(column), "is not", null) : index).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
