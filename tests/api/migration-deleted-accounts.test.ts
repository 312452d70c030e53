/**
 * SQLite's 0019 and PostgreSQL's 0004 (one step): deleted accounts move from the old placeholders
 * to `Deleted user #<id>`, and live accounts whose names read like the old placeholder are renamed,
 * so nothing on a board passes for a deleted account. Runs on both engines against rows written
 * as the old code (or a squatter) left them.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { up } from "../../migrations/0019_deleted_account_placeholders.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await makeTestApp();
});
afterEach(() => ctx.close());

const insert = async (username: string, email: string, deleted = false) => {
  const row = await ctx.db
    .insertInto("users")
    .values({
      email,
      username,
      username_key: username.toLowerCase(),
      username_skeleton: username.toLowerCase(),
      password_hash: "x",
      role: "user",
      created_at: "2026-09-01T00:00:00Z",
      deleted_at: deleted ? "2026-09-02T00:00:00Z" : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

const nameOf = async (id: number) =>
  ctx.db
    .selectFrom("users")
    .select(["username", "username_key", "email"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

test("old deleted rows take the new placeholder; live names reading as deleted become player_<id>", async () => {
  const kept = await insert("superuser", "super@example.com");
  const gone = await insert("ann", "ann@example.com", true);
  await ctx.db
    .updateTable("users")
    .set({
      username: `deleted_user_${gone}`,
      username_key: `deleted_user_${gone}`,
      email: `deleted-${gone}@deleted.invalid`,
    })
    .where("id", "=", gone)
    .execute();
  const squatter = await insert(`deleted_user_${gone + 10}`, "squat@example.com");
  const lookalike = await insert("De1eted_User_x", "look@example.com");
  // The name the look-alike would get is taken: it gets the next free one.
  await insert(`player_${lookalike}`, "holder@example.com");

  await up(ctx.db);

  expect(await nameOf(kept)).toMatchObject({ username: "superuser" });
  expect(await nameOf(gone)).toEqual({
    username: `Deleted user #${gone}`,
    username_key: `deleted user #${gone}`,
    email: `deleted user ${gone}@deleted.invalid`,
  });
  expect(await nameOf(squatter)).toMatchObject({ username: `player_${squatter}`, email: "squat@example.com" });
  expect(await nameOf(lookalike)).toMatchObject({ username: `player_${lookalike}_2` });
  const names = (await ctx.db.selectFrom("users").select("username").execute()).map((r) => r.username);
  expect(names.filter((n) => /^de[l1i]eted_*user/i.test(n))).toEqual([]);

  // Running it again changes nothing.
  const before = await ctx.db.selectFrom("users").selectAll().orderBy("id").execute();
  await up(ctx.db);
  expect(await ctx.db.selectFrom("users").selectAll().orderBy("id").execute()).toEqual(before);
});

test("a renamed squatter can still sign in and choose a name of its own", async () => {
  const res = await call(ctx.app, "POST", "/api/register", {
    body: { email: "fine@example.com", username: "fine_name", password: "password123" },
  });
  expect(res.status).toBe(201);
  await ctx.db
    .updateTable("users")
    .set({ username: "deleted_user_77", username_key: "deleted_user_77" })
    .where("id", "=", res.body.id)
    .execute();
  await up(ctx.db);
  const me = await call(ctx.app, "GET", "/api/user", { cookie: res.cookie! });
  expect(me.body.username).toBe(`player_${res.body.id}`);
  const renamed = await call(ctx.app, "PUT", "/api/user/username", {
    cookie: res.cookie!,
    body: { username: "chosen" },
  });
  expect(renamed.status).toBe(200);
});
