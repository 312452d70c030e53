import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.

/** The look-alike form of a username as of this migration (src/modules/auth/rules.ts may move on). */
function skeleton(username: string): string {
  return username
    .toLowerCase()
    .replace(/[i1|!]/g, "l")
    .replace(/0/g, "o")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/**
 * ADMIN_EMAILS now needs a proved address: `email_verified_at`. One-time links for that proof live
 * beside password resets (`purpose`). `username_skeleton` lets sign-up refuse look-alike names; old
 * names may already collide, so it is indexed, not unique.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await db.schema.alterTable("users").addColumn("username_skeleton", "text").execute();
  const users = await db.selectFrom("users").select(["id", "username"]).execute();
  for (const user of users) {
    await db
      .updateTable("users")
      .set({ username_skeleton: skeleton(user.username) })
      .where("id", "=", user.id)
      .execute();
  }
  await db.schema.createIndex("users_username_skeleton").on("users").column("username_skeleton").execute();

  await db.schema
    .alterTable("password_resets")
    .addColumn("purpose", "text", (c) => c.notNull().defaultTo("password_reset"))
    .execute();
  await db.schema.createIndex("password_resets_user").on("password_resets").column("user_id").execute();

  // Until now a listed ADMIN_EMAILS address was stored as admin at sign-up, unproved. Only admins
  // made by `users promote` (audited) keep the stored role; listed addresses must now be proved.
  await db
    .updateTable("users")
    .set({ role: "user" })
    .where("role", "=", "admin")
    .where(
      "id",
      "not in",
      db
        .selectFrom("audit_log")
        .select(sql<number>`cast(substr(subject, 6) as integer)`.as("id"))
        .where("action", "=", "user.promote"),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("password_resets").where("purpose", "!=", "password_reset").execute();
  await db.schema.dropIndex("password_resets_user").execute();
  await db.schema.alterTable("password_resets").dropColumn("purpose").execute();
  await db.schema.dropIndex("users_username_skeleton").execute();
  await db.schema.alterTable("users").dropColumn("username_skeleton").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
