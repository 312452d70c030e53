import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The user columns of pools (0036) and league talk and webhooks (0041, 0042) lead an index, as every
// foreign key's referencing column does (0029): deleting an account finds its rows by index, not
// by reading every pick, comment, reaction and report. PostgreSQL's 0029_user_key_indexes is the same.
const INDEXES: { name: string; table: string; column: string }[] = [
  { name: "pool_picks_user", table: "pool_picks", column: "user_id" },
  { name: "pool_sheets_user", table: "pool_sheets", column: "user_id" },
  { name: "league_comments_author", table: "league_comments", column: "author_id" },
  { name: "comment_reactions_user", table: "comment_reactions", column: "user_id" },
  { name: "comment_reports_reporter", table: "comment_reports", column: "reporter_id" },
  { name: "league_webhooks_created_by", table: "league_webhooks", column: "created_by" },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, table, column } of INDEXES) await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
