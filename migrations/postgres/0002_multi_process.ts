import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Several processes on one database (as SQLite's 0017): leases for the singleton jobs (PostgreSQL
// holds them as advisory locks; the table names who holds one, for operators), rate-limit windows,
// and where the outbox dispatcher got to in commit order (the writing transaction's id).
const STATEMENTS = [
  `create table job_leases (
    name text primary key,
    holder text not null,
    expires_at bigint not null
  )`,
  `create table rate_limits (
    key text primary key,
    window_start bigint not null,
    count integer not null
  )`,
  `create index rate_limits_window on rate_limits (window_start)`,
  `alter table outbox_cursor add column last_txid xid8`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table outbox_cursor drop column last_txid").execute(db);
  await db.schema.dropTable("rate_limits").execute();
  await db.schema.dropTable("job_leases").execute();
}
