import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// As SQLite's 0018: one pending invitation per player and league, one pending friend request per
// pair of players (either direction), as unique indexes; rows that already break them are mended
// first (players who asked each other become friends; of repeated pending rows, the oldest stays).
const STATEMENTS = [
  `insert into friendships (user_id, friend_id, since)
   select r.requester_id, r.addressee_id, greatest(r.created_at, o.created_at)
   from friend_requests r
   join friend_requests o on o.requester_id = r.addressee_id and o.addressee_id = r.requester_id
   where r.status = 'pending' and o.status = 'pending'
   on conflict do nothing`,
  `update friend_requests set status = 'accepted', responded_at = created_at
   where status = 'pending' and exists (
     select 1 from friendships f where f.user_id = friend_requests.requester_id and f.friend_id = friend_requests.addressee_id
   )`,
  `delete from friend_requests
   where status = 'pending' and id > (
     select min(o.id) from friend_requests o
     where o.status = 'pending' and o.requester_id = friend_requests.requester_id and o.addressee_id = friend_requests.addressee_id
   )`,
  `create unique index friend_requests_pending_pair on friend_requests
   (least(requester_id, addressee_id), greatest(requester_id, addressee_id)) where status = 'pending'`,
  `delete from league_invitations
   where status = 'pending' and id > (
     select min(o.id) from league_invitations o
     where o.status = 'pending' and o.league_id = league_invitations.league_id
       and o.invited_user_id = league_invitations.invited_user_id
   )`,
  `create unique index league_invitations_pending_once on league_invitations (league_id, invited_user_id)
   where status = 'pending'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("league_invitations_pending_once").execute();
  await db.schema.dropIndex("friend_requests_pending_pair").execute();
}
