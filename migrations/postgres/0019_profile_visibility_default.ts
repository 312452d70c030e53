import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// As SQLite's 0034_profile_visibility_default: a fourth choice (friends and league-mates), and null
// for an account that never chose; the old default ('friends') counts as never chosen.
const STATEMENTS = [
  `alter table users alter column profile_visibility drop not null`,
  `alter table users alter column profile_visibility drop default`,
  `alter table users drop constraint users_profile_visibility_check`,
  `alter table users add constraint users_profile_visibility_check
     check (profile_visibility in ('everyone', 'friends', 'league_mates', 'only_me'))`,
  `update users set profile_visibility = null where profile_visibility = 'friends'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update users set profile_visibility = 'friends' where profile_visibility is null or profile_visibility = 'league_mates'`.execute(
    db,
  );
  await sql`alter table users drop constraint users_profile_visibility_check`.execute(db);
  await sql`alter table users add constraint users_profile_visibility_check check (profile_visibility in ('everyone', 'friends', 'only_me'))`.execute(
    db,
  );
  await sql`alter table users alter column profile_visibility set default 'friends'`.execute(db);
  await sql`alter table users alter column profile_visibility set not null`.execute(db);
}
