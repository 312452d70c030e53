import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// As SQLite's 0043_calendar_feeds: a private iCalendar feed per player.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table calendar_feeds (
    user_id integer primary key references users (id) on delete cascade,
    token text not null unique,
    created_at text not null
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table calendar_feeds`.execute(db);
}
