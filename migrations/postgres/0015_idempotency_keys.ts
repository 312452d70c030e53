import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The same table as SQLite's 0030_idempotency_keys: a placement's or cancellation's answer per
// player and Idempotency-Key, written in the change's own transaction; purged after a day.
const STATEMENTS = [
  `create table idempotency_keys (
    user_id integer not null references users (id) on delete cascade,
    key text not null,
    fingerprint text not null,
    status integer not null,
    answer text not null,
    created_at text not null,
    constraint idempotency_keys_pkey primary key (user_id, key)
  )`,
  `create index idempotency_keys_created on idempotency_keys (created_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
