import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/. PostgreSQL's 0004 runs this same step.

/** The look-alike form of a username as of this migration (src/shared/accounts.ts may move on). */
function skeleton(username: string): string {
  return username
    .toLowerCase()
    .replace(/[i1|!]/g, "l")
    .replace(/0/g, "o")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/** Names that read like the old placeholder `deleted_user_<id>` (judged on the skeleton). */
const READS_AS_DELETED = /^deleted_*user/;

async function isFree(db: Kysely<any>, id: number, fields: { key: string; skeleton?: string; email?: string }) {
  const held = await db
    .selectFrom("users")
    .select("id")
    .where("id", "!=", id)
    .where((eb) =>
      eb.or([
        eb("username_key", "=", fields.key),
        ...(fields.skeleton === undefined ? [] : [eb("username_skeleton", "=", fields.skeleton)]),
        ...(fields.email === undefined ? [] : [eb("email", "=", fields.email)]),
      ]),
    )
    .executeTakeFirst();
  return held === undefined;
}

/**
 * Deleted accounts were renamed `deleted_user_<id>` / `deleted-<id>@deleted.invalid`, shapes a
 * sign-up could take first (and so make the deletion fail) or take to pass for a deleted account.
 * Deleted accounts now read `Deleted user #<id>` (a shape sign-up refuses); existing ones move to
 * it, and a live account whose name reads like a deleted one becomes `player_<id>` (free of
 * look-alikes; its owner may rename it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Every name that could read as deleted holds "user" in its lower-cased key.
  const candidates = await db
    .selectFrom("users")
    .select(["id", "username", "deleted_at"])
    .where((eb) => eb.or([eb("deleted_at", "is not", null), eb("username_key", "like", "%user%")]))
    .orderBy("id")
    .execute();
  for (const row of candidates as { id: number; username: string; deleted_at: string | null }[]) {
    if (row.deleted_at !== null) {
      if (row.username !== `deleted_user_${row.id}`) continue;
      const username = `Deleted user #${row.id}`;
      const email = `deleted user ${row.id}@deleted.invalid`;
      if (!(await isFree(db, row.id, { key: username.toLowerCase(), email }))) continue;
      await db
        .updateTable("users")
        .set({ username, username_key: username.toLowerCase(), username_skeleton: skeleton(username), email })
        .where("id", "=", row.id)
        .execute();
    } else if (READS_AS_DELETED.test(skeleton(row.username))) {
      let username = `player_${row.id}`;
      for (let n = 2; !(await isFree(db, row.id, { key: username, skeleton: skeleton(username) })); n++)
        username = `player_${row.id}_${n}`;
      await db
        .updateTable("users")
        .set({ username, username_key: username, username_skeleton: skeleton(username) })
        .where("id", "=", row.id)
        .execute();
    }
  }
}

/** Names are not put back: the old ones are the problem this migration removes. */
export async function down(_db: Kysely<any>): Promise<void> {}
