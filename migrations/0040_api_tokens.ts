import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/. PostgreSQL's 0025 makes the same table.
//
// Personal API tokens (issue 47 item 3): a player's scripts call the API with
// `Authorization: Bearer npt_…` within the token's scopes. Only a SHA-256 of the token is kept, as
// for sessions; a revoked token's row is deleted, so the next request with it finds nothing.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("api_tokens_user").on("api_tokens").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
}
