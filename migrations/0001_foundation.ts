import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("username_key", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user").check(sql`role in ('user', 'admin')`))
    .addColumn("is_bot", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("signup_ip", "text")
    .addColumn("referral_source", "text")
    .addColumn("referral_medium", "text")
    .addColumn("referral_campaign", "text")
    .addColumn("referrer_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_label", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["audit_log", "outbox", "sessions", "users"]) await db.schema.dropTable(table).execute();
}
