import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// As SQLite's 0035_reveal_once_picked: a fourth reveal rule, 'picked'.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table leagues drop constraint leagues_reveal_picks_check`.execute(db);
  await sql`alter table leagues add constraint leagues_reveal_picks_check
    check (reveal_picks in ('kickoff', 'picked', 'week_start', 'never'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update leagues set reveal_picks = 'kickoff' where reveal_picks = 'picked'`.execute(db);
  await sql`alter table leagues drop constraint leagues_reveal_picks_check`.execute(db);
  await sql`alter table leagues add constraint leagues_reveal_picks_check
    check (reveal_picks in ('kickoff', 'week_start', 'never'))`.execute(db);
}
