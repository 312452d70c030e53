import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/.
// Who may open a profile (issue 44 item 6): a fourth choice, friends and league-mates, which is also
// what an account that never chose gets. The column becomes nullable, null meaning "never chose";
// the old default ('friends') cannot be told apart from a choice of it, so it counts as never chosen.
// SQLite cannot change a column's check or nullability in place: a new column takes its place.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("profile_choice", "text", (col) =>
      col.check(sql`profile_choice in ('everyone', 'friends', 'league_mates', 'only_me')`),
    )
    .execute();
  await sql`update users set profile_choice = profile_visibility where profile_visibility <> 'friends'`.execute(db);
  await db.schema.alterTable("users").dropColumn("profile_visibility").execute();
  await db.schema.alterTable("users").renameColumn("profile_choice", "profile_visibility").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("profile_old", "text", (col) =>
      col.notNull().defaultTo("friends").check(sql`profile_old in ('everyone', 'friends', 'only_me')`),
    )
    .execute();
  await sql`update users set profile_old = profile_visibility where profile_visibility in ('everyone', 'only_me')`.execute(
    db,
  );
  await db.schema.alterTable("users").dropColumn("profile_visibility").execute();
  await db.schema.alterTable("users").renameColumn("profile_old", "profile_visibility").execute();
}
