/** SQLite's 0034 and PostgreSQL's 0019 (issue 44 item 6): friends and league-mates for accounts that never chose. */
import { expect, test } from "bun:test";
import { sql } from "kysely";
import * as sqliteDefault from "../../migrations/0034_profile_visibility_default.ts";
import * as postgresDefault from "../../migrations/postgres/0019_profile_visibility_default.ts";
import { engineOf } from "../../src/runtime/engine.ts";
import { freshDatabase } from "../databases.ts";

test("the old default becomes 'never chose' (friends and league-mates); everyone and only me stay; new accounts get it", async () => {
  const { db, close } = await freshDatabase();
  const migration = engineOf(db).name === "postgres" ? postgresDefault : sqliteDefault;
  await migration.down(db); // the column as it was: friends, everyone or only me, never null
  const user = async (name: string, visibility: string) =>
    sql`insert into users (email, username, username_key, password_hash, role, created_at, profile_visibility)
        values (${`${name}@example.com`}, ${name}, ${name}, 'x', 'user', '2026-09-01T00:00:00.000Z', ${visibility})`.execute(
      db,
    );
  await user("defaulted", "friends");
  await user("open", "everyone");
  await user("closed", "only_me");
  await migration.up(db);
  await sql`insert into users (email, username, username_key, password_hash, role, created_at)
            values ('new@example.com', 'new', 'new', 'x', 'user', '2026-09-02T00:00:00.000Z')`.execute(db);
  const rows = await db.selectFrom("users").select(["username", "profile_visibility"]).orderBy("id").execute();
  expect(rows).toEqual([
    { username: "defaulted", profile_visibility: null },
    { username: "open", profile_visibility: "everyone" },
    { username: "closed", profile_visibility: "only_me" },
    { username: "new", profile_visibility: null },
  ]);
  await expect(
    sql`update users set profile_visibility = 'sometimes' where username = 'new'`.execute(db),
  ).rejects.toThrow();
  await db.updateTable("users").set({ profile_visibility: "league_mates" }).where("username", "=", "new").execute();
  await close();
});
