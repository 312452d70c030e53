import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/.
// The same column as SQLite's 0022_profile_visibility: who may open a player's profile.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("profile_visibility", "text", (col) =>
      col.notNull().defaultTo("friends").check(sql`profile_visibility in ('everyone', 'friends', 'only_me')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("profile_visibility").execute();
}
