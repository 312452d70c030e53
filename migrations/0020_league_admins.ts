import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// Deleted accounts kept their league admin role, so a league whose only admin deleted their account
// could never be managed again. Deletion now hands the role over; this repairs the leagues it
// happened to before, as deletion would have: a league whose admins are all deleted accounts gets
// its longest-standing living member (earliest joined_at, then lowest id), and no deleted account
// stays an admin.
const adminWhere = (deleted: "is null" | "is not null") =>
  sql.raw(`select 1 from league_members a join users u on u.id = a.user_id
    where a.league_id = l.id and a.role = 'admin' and u.deleted_at ${deleted}`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update league_members set role = 'admin'
    where id in (
      select (
        select m.id from league_members m join users u on u.id = m.user_id
        where m.league_id = l.id and u.deleted_at is null
        order by m.joined_at, m.id limit 1
      )
      from leagues l
      where exists (${adminWhere("is not null")}) and not exists (${adminWhere("is null")})
    )`.execute(db);
  await sql`update league_members set role = 'member'
    where role = 'admin' and user_id in (select id from users where deleted_at is not null)`.execute(db);
}

export async function down(): Promise<void> {
  // A data repair: nothing to undo.
}
