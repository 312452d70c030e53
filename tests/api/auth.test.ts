import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { createApp } from "../../src/app.ts";
import { sessionHash } from "../../src/modules/auth/service.ts";
import { buildUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await makeTestApp({ env: { ADMIN_EMAILS: "boss@example.com" } });
});
afterEach(() => ctx.close());

const valid = { email: "New.Player@Example.com", username: "new_player", password: "hunter22!" };

async function rowCount(table: "users" | "sessions"): Promise<number> {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /api/register", () => {
  test("creates the account, signs it in and stores the referral fields", async () => {
    const res = await call(ctx.app, "POST", "/api/register", {
      body: {
        ...valid,
        website: "",
        referralSource: "twitter",
        referralMedium: "social",
        referralCampaign: "week1",
        referrerUrl: "https://t.co/x",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      email: "new.player@example.com",
      username: "new_player",
      role: "user",
    });
    expect(res.headers.get("set-cookie")).toMatch(/npt_session=[^;]+;.*HttpOnly/i);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    const me = await call(ctx.app, "GET", "/api/user", { cookie: res.cookie! });
    expect(me.body.username).toBe("new_player");
    const row = await ctx.db.selectFrom("users").selectAll().executeTakeFirstOrThrow();
    expect([row.referral_source, row.referral_medium, row.referral_campaign, row.referrer_url]).toEqual([
      "twitter",
      "social",
      "week1",
      "https://t.co/x",
    ]);
    expect(row.password_hash).not.toContain("hunter22!");
    const session = await ctx.db.selectFrom("sessions").selectAll().executeTakeFirstOrThrow();
    expect(res.cookie).not.toContain(session.token_hash);
  });

  test("a listed ADMIN_EMAILS address does not make an admin by signing up: its owner must prove it", async () => {
    const res = await call(ctx.app, "POST", "/api/register", { body: { ...valid, email: "Boss@example.com" } });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("user");
    expect((await call(ctx.app, "GET", "/api/user", { cookie: res.cookie! })).body.role).toBe("user");
    const row = await ctx.db.selectFrom("users").select(["role", "email_verified_at"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "user", email_verified_at: null });
  });

  test.each([
    [{ ...valid, username: "ab" }, "Username must be at least 3 characters"],
    [{ ...valid, username: "a".repeat(21) }, "Username must be at most 20 characters"],
    [{ ...valid, username: "bad name!" }, "Username can only contain letters, numbers, and underscores"],
    [{ ...valid, password: "short" }, "Password must be at least 8 characters"],
    [{ ...valid, email: "not-an-email" }, "Enter a valid email address"],
  ])("refuses %o with the rule's message", async (body, message) => {
    const res = await call(ctx.app, "POST", "/api/register", { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await rowCount("users")).toBe(0);
  });

  test("a taken email and a taken username (ignoring case) get one and the same 409", async () => {
    await call(ctx.app, "POST", "/api/register", { body: valid });
    const sameEmail = await call(ctx.app, "POST", "/api/register", { body: { ...valid, username: "other_name" } });
    const sameName = await call(ctx.app, "POST", "/api/register", {
      body: { ...valid, email: "x@example.com", username: "NEW_PLAYER" },
    });
    for (const res of [sameEmail, sameName]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: "An account with this email or username already exists",
        code: "account_exists",
      });
    }
    expect(await rowCount("users")).toBe(1);
  });

  test("a taken email costs the same password hash as a free one: the hash comes before any lookup", async () => {
    await call(ctx.app, "POST", "/api/register", { body: valid });
    const hash = spyOn(Bun.password, "hash");
    try {
      const taken = await call(ctx.app, "POST", "/api/register", { body: { ...valid, username: "other_name" } });
      expect(taken.status).toBe(409);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  test("a username that looks like another's is refused; nothing is written", async () => {
    await call(ctx.app, "POST", "/api/register", { body: { ...valid, username: "alice" } });
    for (const lookalike of ["aIice", "a1ice", "ALlCE"]) {
      const res = await call(ctx.app, "POST", "/api/register", {
        body: { ...valid, email: `${lookalike}@example.com`, username: lookalike },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: "That username is too similar to an existing username",
        code: "username_similar",
      });
    }
    expect(await rowCount("users")).toBe(1);
    const other = await call(ctx.app, "POST", "/api/register", {
      body: { ...valid, email: "alicia@example.com", username: "alicia" },
    });
    expect(other.status).toBe(201);
    const row = await ctx.db
      .selectFrom("users")
      .select("username_skeleton")
      .where("username", "=", "alicia")
      .executeTakeFirstOrThrow();
    expect(row.username_skeleton).toBe("allcla");
  });

  test("a filled honeypot is refused and creates no account", async () => {
    const res = await call(ctx.app, "POST", "/api/register", { body: { ...valid, website: "http://spam.example" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("honeypot");
    expect(await rowCount("users")).toBe(0);
    expect(await rowCount("sessions")).toBe(0);
  });

  test("stored text stays text: HTML and SQL metacharacters are data", async () => {
    const email = "o'brien+<b>x</b>@example.com";
    const res = await call(ctx.app, "POST", "/api/register", {
      body: { ...valid, email, referralCampaign: "'; drop table users; --" },
    });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe(email);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await rowCount("users")).toBe(1);
  });
});

describe("POST /api/login", () => {
  test("signs in with a new session each time", async () => {
    const { user, password } = await buildUser(ctx, { email: "sam@example.com" });
    const first = await call(ctx.app, "POST", "/api/login", { body: { email: "SAM@example.com", password } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(user);
    const second = await call(ctx.app, "POST", "/api/login", { body: { email: "sam@example.com", password } });
    expect(second.cookie).not.toBe(first.cookie);
    expect(await rowCount("sessions")).toBe(3);
  });

  test("wrong password and unknown email both answer 401 with the same message", async () => {
    const { password } = await buildUser(ctx, { email: "sam@example.com" });
    const wrong = await call(ctx.app, "POST", "/api/login", {
      body: { email: "sam@example.com", password: `${password}x` },
    });
    const unknown = await call(ctx.app, "POST", "/api/login", { body: { email: "nobody@example.com", password } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid email or password", code: "invalid_credentials" });
      expect(res.cookie).toBeNull();
    }
  });

  test("an account whose email is later listed in ADMIN_EMAILS is an admin once the address is proved", async () => {
    const { user, cookie } = await buildUser(ctx, { email: "late@example.com", emailVerified: false });
    expect(user.role).toBe("user");
    // Same database, new setting: what a restart with ADMIN_EMAILS changed looks like.
    const restarted = createApp({ ...ctx, config: { ...ctx.config, adminEmails: ["late@example.com"] } });
    expect((await call(restarted, "GET", "/api/user", { cookie })).body.role).toBe("user");
    await ctx.db
      .updateTable("users")
      .set({ email_verified_at: ctx.clock.now().toISOString() })
      .where("id", "=", user.id)
      .execute();
    expect((await call(restarted, "GET", "/api/user", { cookie })).body.role).toBe("admin");
    // Proved but no longer listed: a player again.
    expect((await call(ctx.app, "GET", "/api/user", { cookie })).body.role).toBe("user");
  });
});

describe("rate limits", () => {
  test("login and register share a per-address budget; over it answers 429 with Retry-After", async () => {
    const limited = await makeTestApp({ env: { AUTH_RATE_LIMIT: "3" } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(limited.app, "POST", "/api/login", {
        body: { email: "a@example.com", password: "whatever1" },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(res.body.code).toBe("rate_limited");
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const register = await call(limited.app, "POST", "/api/register", { body: valid });
    expect(register.status).toBe(429);
    limited.clock.advance(61_000);
    const after = await call(limited.app, "POST", "/api/register", { body: valid });
    expect(after.status).toBe(201);
    await limited.close();
  });

  test("behind a trusted proxy the limit is per forwarded address", async () => {
    const limited = await makeTestApp({ env: { AUTH_RATE_LIMIT: "1", TRUST_PROXY: "true" } });
    const login = (ip: string) =>
      call(limited.app, "POST", "/api/login", {
        body: { email: "a@example.com", password: "whatever1" },
        headers: { "x-forwarded-for": `1.1.1.1, ${ip}` },
      });
    expect((await login("10.0.0.1")).status).toBe(401);
    expect((await login("10.0.0.1")).status).toBe(429);
    expect((await login("10.0.0.2")).status).toBe(401);
    await limited.close();
  });
});

describe("rate limits per /64 and per account", () => {
  const attempt = (app: TestContext["app"], ip: string, email = "a@example.com") =>
    call(app, "POST", "/api/login", { body: { email, password: "whatever1" }, headers: { "x-forwarded-for": ip } });

  test("rotating addresses inside one IPv6 /64 shares one budget; another /64 has its own", async () => {
    const limited = await makeTestApp({ env: { AUTH_RATE_LIMIT: "3", TRUST_PROXY: "true" } });
    const statuses = [];
    for (let i = 1; i <= 4; i++)
      statuses.push((await attempt(limited.app, `2001:db8:0:1::${i.toString(16)}`, `p${i}@example.com`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt(limited.app, "2001:db8:0:1:ffff:1:2:3", "p9@example.com")).status).toBe(429);
    expect((await attempt(limited.app, "2001:db8:0:2::1", "p9@example.com")).status).toBe(401);
    await limited.close();
  });

  test("failed sign-ins to one account are limited across many addresses; a success spends nothing", async () => {
    const limited = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    const { password } = await buildUser(limited, { email: "target@example.com" });
    // Successful sign-ins give their attempt back (otherwise only 7 failures would pass below).
    for (let i = 0; i < 3; i++) {
      const ok = await call(limited.app, "POST", "/api/login", {
        body: { email: "target@example.com", password },
        headers: { "x-forwarded-for": "198.51.100.1" },
      });
      expect(ok.status).toBe(200);
    }
    const statuses = [];
    for (let i = 1; i <= 11; i++)
      statuses.push(
        (await attempt(limited.app, `203.0.113.${i}`, i % 2 ? "Target@Example.com" : "target@example.com")).status,
      );
    expect(statuses).toEqual([...new Array(10).fill(401), 429]);
    const locked = await call(limited.app, "POST", "/api/login", {
      body: { email: "target@example.com", password },
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other accounts are untouched; after 15 minutes the account's budget is back.
    expect((await attempt(limited.app, "203.0.113.99", "someone@example.com")).status).toBe(401);
    limited.clock.advance(15 * 60_000);
    const later = await call(limited.app, "POST", "/api/login", {
      body: { email: "target@example.com", password },
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    expect(later.status).toBe(200);
    await limited.close();
  }, 30_000);
});

describe("GET /api/user", () => {
  test("answers 401 when signed out, with a garbage cookie, or with an expired session", async () => {
    expect((await call(ctx.app, "GET", "/api/user")).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: "npt_session=forged" })).status).toBe(401);
    const { cookie } = await buildUser(ctx);
    ctx.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await call(ctx.app, "GET", "/api/user", { cookie })).status).toBe(401);
  });
});

describe("POST /api/logout", () => {
  test("ends only this session", async () => {
    const { cookie, password, user } = await buildUser(ctx);
    const other = await call(ctx.app, "POST", "/api/login", { body: { email: user.email, password } });
    const res = await call(ctx.app, "POST", "/api/logout", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/npt_session=;.*Max-Age=0/i);
    expect((await call(ctx.app, "GET", "/api/user", { cookie })).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: other.cookie! })).status).toBe(200);
  });

  test("signed out answers 401", async () => {
    expect((await call(ctx.app, "POST", "/api/logout")).status).toBe(401);
  });
});

describe("PUT /api/user/password", () => {
  const login = (email: string, password: string) =>
    call(ctx.app, "POST", "/api/login", { body: { email, password } }).then((r) => r.status);

  test("changes the password: every session ends, this browser goes on with a new token, the old password stops working", async () => {
    const me = await buildUser(ctx, { email: "changer@example.com", password: "first-password-1" });
    const other = await call(ctx.app, "POST", "/api/login", {
      body: { email: "changer@example.com", password: "first-password-1" },
    });
    expect(other.status).toBe(200);
    const res = await call(ctx.app, "PUT", "/api/user/password", {
      cookie: me.cookie,
      body: { currentPassword: "first-password-1", newPassword: "second-password-2" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Your password has been changed." });
    // A new cookie, with the session cookie's flags; the old token (a thief may hold it) is dead.
    expect(res.cookie).toMatch(/^npt_session=./);
    expect(res.cookie).not.toBe(me.cookie);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: me.cookie })).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: other.cookie! })).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: res.cookie! })).body.id).toBe(me.user.id);
    const sessions = await ctx.db
      .selectFrom("sessions")
      .select("token_hash")
      .where("user_id", "=", me.user.id)
      .execute();
    expect(sessions).toEqual([{ token_hash: sessionHash(res.cookie!.slice("npt_session=".length)) }]);
    expect(await login("changer@example.com", "first-password-1")).toBe(401);
    expect(await login("changer@example.com", "second-password-2")).toBe(200);
  });

  test("a wrong current password, a weak new one or extra fields change nothing", async () => {
    const me = await buildUser(ctx, { email: "careful@example.com", password: "first-password-1" });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ currentPassword: "not-it-at-all", newPassword: "second-password-2" }, 400, "wrong_password"],
      [{ currentPassword: "first-password-1", newPassword: "short" }, 400, "invalid_password"],
      [{ currentPassword: "first-password-1" }, 400, "invalid_input"],
      [{ currentPassword: "first-password-1", newPassword: "second-password-2", userId: 1 }, 400, "unknown_field"],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(ctx.app, "PUT", "/api/user/password", { cookie: me.cookie, body });
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
    }
    expect(await login("careful@example.com", "first-password-1")).toBe(200);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: me.cookie })).status).toBe(200);
  });

  test("signed out answers 401; guessing the current password runs out of tries", async () => {
    const body = { currentPassword: "guess-number-0", newPassword: "second-password-2" };
    expect((await call(ctx.app, "PUT", "/api/user/password", { body })).status).toBe(401);
    const me = await buildUser(ctx, { email: "guessed@example.com", password: "first-password-1" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (
          await call(ctx.app, "PUT", "/api/user/password", {
            cookie: me.cookie,
            body: { ...body, currentPassword: `guess-number-${i}` },
          })
        ).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // Eleven password checks and a sign-up (argon2id each): over 5 s on a busy two-core machine.
  }, 20_000);
});

describe("PUT /api/user/username", () => {
  test("renames the signed-in user; changing only the case of one's own name is allowed", async () => {
    const { cookie } = await buildUser(ctx, { username: "old_name" });
    const res = await call(ctx.app, "PUT", "/api/user/username", { cookie, body: { username: "New_Name" } });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe("New_Name");
    const caseOnly = await call(ctx.app, "PUT", "/api/user/username", { cookie, body: { username: "new_name" } });
    expect(caseOnly.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/user", { cookie })).body.username).toBe("new_name");
  });

  test("refuses a name someone else holds (ignoring case), and bad names with the spec's messages", async () => {
    await buildUser(ctx, { username: "taken_name" });
    const { cookie } = await buildUser(ctx, { username: "mine" });
    const taken = await call(ctx.app, "PUT", "/api/user/username", { cookie, body: { username: "TAKEN_NAME" } });
    expect(taken.status).toBe(409);
    for (const [username, message] of [
      ["ab", "Username must be at least 3 characters"],
      ["abcdefghijklmnopqrstu", "Username must be at most 20 characters"],
      ["no spaces", "Username can only contain letters, numbers, and underscores"],
    ]) {
      const res = await call(ctx.app, "PUT", "/api/user/username", { cookie, body: { username } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message!);
    }
    expect((await call(ctx.app, "GET", "/api/user", { cookie })).body.username).toBe("mine");
  });

  test("refuses a name that looks like someone else's; one's own look-alike is fine", async () => {
    await call(ctx.app, "POST", "/api/register", { body: { ...valid, email: "alice@example.com", username: "alice" } });
    const { cookie } = await call(ctx.app, "POST", "/api/register", { body: { ...valid, username: "corn_fan" } });
    const lookalike = await call(ctx.app, "PUT", "/api/user/username", {
      cookie: cookie!,
      body: { username: "aIice" },
    });
    expect(lookalike.status).toBe(409);
    expect(lookalike.body).toEqual({
      message: "That username is too similar to an existing username",
      code: "username_similar",
    });
    const taken = await call(ctx.app, "PUT", "/api/user/username", { cookie: cookie!, body: { username: "ALICE" } });
    expect(taken.body).toEqual({ message: "That username is taken", code: "username_taken" });
    const own = await call(ctx.app, "PUT", "/api/user/username", { cookie: cookie!, body: { username: "com_fan" } });
    expect(own.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: cookie! })).body.username).toBe("com_fan");
  });

  test("signed out answers 401; a user id in the body is not accepted", async () => {
    expect((await call(ctx.app, "PUT", "/api/user/username", { body: { username: "whoever" } })).status).toBe(401);
    const { cookie } = await buildUser(ctx);
    const res = await call(ctx.app, "PUT", "/api/user/username", { cookie, body: { username: "whoever", userId: 99 } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("userId");
  });
});

describe("bad input on every auth route", () => {
  const routes: [string, string, Record<string, unknown>][] = [
    ["POST", "/api/register", valid],
    ["POST", "/api/login", { email: valid.email, password: valid.password }],
    ["PUT", "/api/user/username", { username: "fine_name" }],
  ];
  const huge = "x".repeat(10_000);

  for (const [method, path, good] of routes) {
    test(`${method} ${path}: missing, mistyped, huge, unknown and non-JSON input → 4xx JSON, nothing written`, async () => {
      const { cookie } = await buildUser(ctx, { username: "owner_1" });
      const usersBefore = await rowCount("users");
      const sessionsBefore = await rowCount("sessions");
      const field = Object.keys(good)[0]!;
      const { [field]: _, ...missing } = good;
      const cases: { body?: unknown; rawBody?: string; headers?: Record<string, string> }[] = [
        { body: missing },
        { body: { ...good, [field]: 12345 } },
        { body: { ...good, [field]: null } },
        { body: { ...good, [field]: huge } },
        { body: { ...good, extra: "field" } },
        { body: [] },
        { body: "just a string" },
        { rawBody: "{not json", headers: { "content-type": "application/json" } },
        { rawBody: "email=a", headers: { "content-type": "application/x-www-form-urlencoded" } },
        { body: { ...good, [field]: "'; drop table users; --<script>alert(1)</script>\u0000" } },
      ];
      for (const c of cases) {
        const res = await call(ctx.app, method, path, { ...c, cookie });
        expect(res.status, `${JSON.stringify(c).slice(0, 80)} → ${res.status}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(typeof res.body.message).toBe("string");
        expect(typeof res.body.code).toBe("string");
      }
      expect(await rowCount("users")).toBe(usersBefore);
      expect(await rowCount("sessions")).toBe(sessionsBefore);
      expect((await call(ctx.app, "GET", "/api/user", { cookie })).body.username).toBe("owner_1");
    });
  }

  test("a validation error names the field", async () => {
    const res = await call(ctx.app, "POST", "/api/login", { body: { email: "a@example.com" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "password: is required", code: "invalid_input", field: "password" });
  });
});
