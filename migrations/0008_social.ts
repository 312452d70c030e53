import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("friend_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("requester_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("addressee_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'declined')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("responded_at", "text")
    .execute();
  await db.schema
    .createIndex("friend_requests_addressee")
    .on("friend_requests")
    .columns(["addressee_id", "status"])
    .execute();
  await db.schema
    .createIndex("friend_requests_requester")
    .on("friend_requests")
    .columns(["requester_id", "status"])
    .execute();
  // One row per direction, so "my friends" is one indexed read.
  await db.schema
    .createTable("friendships")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("friend_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("since", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("friendships_pk", ["user_id", "friend_id"])
    .execute();
  // When each player last opened their notifications: what is newer is unread.
  await db.schema
    .createTable("notification_reads")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id"))
    .addColumn("seen_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["notification_reads", "friendships", "friend_requests"])
    await db.schema.dropTable(table).execute();
}
