/**
 * Account deletion cannot be made to fail (issue 25): its placeholders are shapes no sign-up or
 * rename can take, the old `deleted_user_<id>` names and the `.invalid` domain are refused, and a
 * placeholder already held by a row (written by hand) still deletes. The cookie it clears carries
 * the attributes every session cookie of ours carries.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { buildUser, type BuiltUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;

beforeEach(async () => {
  ctx = await makeTestApp();
  ann = await buildUser(ctx, { username: "ann", email: "ann@example.com" });
});
afterEach(() => ctx.close());

/** An account row written straight to the database, as a squatter before this fix could have made it. */
const insertRow = (username: string, email: string) =>
  ctx.db
    .insertInto("users")
    .values({
      email,
      username,
      username_key: username.toLowerCase(),
      username_skeleton: username.toLowerCase(),
      password_hash: "x",
      role: "user",
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();

const register = (username: string, email: string) =>
  call(ctx.app, "POST", "/api/register", { body: { email, username, password: "password123" } });

const deleteAnn = () => call(ctx.app, "DELETE", "/api/user", { cookie: ann.cookie, body: { password: ann.password } });

const annRow = () => ctx.db.selectFrom("users").selectAll().where("id", "=", ann.user.id).executeTakeFirstOrThrow();

describe("deleted-account placeholders", () => {
  test("sign-up refuses the old placeholder names, for issued ids and ids to come, and look-alikes", async () => {
    const next = ann.user.id + 1;
    for (const name of [
      `deleted_user_${ann.user.id}`,
      `deleted_user_${next}`,
      `Deleted_User_${next}`,
      "de1eted_user_9",
    ]) {
      const res = await register(name, `${name.toLowerCase()}@example.com`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_username", message: "That username is reserved" });
    }
    expect(await ctx.db.selectFrom("users").select("id").execute()).toHaveLength(1);
  });

  test("sign-up refuses the placeholder email's domain and every .invalid address", async () => {
    for (const email of [`deleted-${ann.user.id + 1}@deleted.invalid`, "bot_1@bots.nfl-paper-trading.invalid"]) {
      const res = await register("squatter", email);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("invalid_email");
    }
    expect(await ctx.db.selectFrom("users").select("id").execute()).toHaveLength(1);
  });

  test("renaming to an old placeholder name is refused", async () => {
    const res = await call(ctx.app, "PUT", "/api/user/username", {
      cookie: ann.cookie,
      body: { username: `deleted_user_${ann.user.id + 1}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_username");
    expect((await annRow()).username).toBe("ann");
  });

  test("a deletion whose old placeholders are already held still succeeds", async () => {
    await insertRow(`deleted_user_${ann.user.id}`, `deleted-${ann.user.id}@deleted.invalid`);
    const res = await deleteAnn();
    expect(res.status).toBe(200);
    const row = await annRow();
    expect(row).toMatchObject({
      username: `Deleted user #${ann.user.id}`,
      email: `deleted user ${ann.user.id}@deleted.invalid`,
    });
    expect(row.deleted_at).not.toBeNull();
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(401);
  });

  test("a deletion whose placeholders are held (written by hand) succeeds under a suffixed name", async () => {
    await insertRow(`Deleted user #${ann.user.id}`, `deleted user ${ann.user.id}@deleted.invalid`);
    const res = await deleteAnn();
    expect(res.status).toBe(200);
    const row = await annRow();
    expect(row.username).toStartWith(`Deleted user #${ann.user.id}-`);
    expect(row.email).toMatch(new RegExp(`^deleted user ${ann.user.id} \\S+@deleted\\.invalid$`));
    expect(row.deleted_at).not.toBeNull();
  });
});

describe("the cleared session cookie", () => {
  test("behind HTTPS, deletion clears the cookie with the attributes sign-in set it with (Secure included)", async () => {
    const origin = "https://bets.example.com";
    const proxied = await makeTestApp({ env: { PUBLIC_URL: origin } });
    const bob = await buildUser(proxied, { username: "bob" });
    const login = await call(proxied.app, "POST", "/api/login", {
      body: { email: bob.user.email, password: bob.password },
      headers: { origin },
    });
    const deleted = await call(proxied.app, "DELETE", "/api/user", {
      cookie: login.cookie!,
      body: { password: bob.password },
      headers: { origin },
    });
    expect(deleted.status).toBe(200);
    const attributes = (setCookie: string | null) =>
      (setCookie ?? "")
        .split(";")
        .slice(1)
        .map((a) => a.trim().toLowerCase())
        .filter((a) => !a.startsWith("max-age") && !a.startsWith("expires"))
        .sort();
    // The session cookie's own Set-Cookie (the readable hint beside it is cleared too).
    const session = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith("npt_session=")) ?? null;
    const cleared = session(deleted.headers);
    expect(cleared).toMatch(/;\s*Max-Age=0/i);
    expect(attributes(cleared)).toEqual(["httponly", "path=/", "samesite=lax", "secure"]);
    expect(attributes(cleared)).toEqual(attributes(session(login.headers)));
    await proxied.close();
  });
});
