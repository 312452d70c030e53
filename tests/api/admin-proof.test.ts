import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createApp, type App } from "../../src/app.ts";
import type { Mail } from "../../src/lib/mailer.ts";
import { cliActor } from "../../src/modules/audit/service.ts";
import { promote } from "../../src/modules/users/service.ts";
import { call, makeTestApp, type CallOptions, type TestContext } from "../support.ts";

const PUBLIC_URL = "https://bets.example.com";
let ctx: TestContext;
let app: App;
let sent: Mail[];

/** The app as `serve` runs it with PUBLIC_URL, SMTP (mail lands in `sent`) and one listed admin address. */
beforeEach(async () => {
  ctx = await makeTestApp({ env: { PUBLIC_URL, ADMIN_EMAILS: "boss@example.com" } });
  sent = [];
  app = createApp({ ...ctx, mailer: { send: async (mail) => void sent.push(mail) } });
});
afterEach(() => ctx.close());

const send = (method: string, path: string, opts: CallOptions = {}) =>
  call(app, method, path, { ...opts, headers: { origin: PUBLIC_URL, ...opts.headers } });
const registerBoss = (email = "Boss@Example.com", username = "the_boss") =>
  send("POST", "/api/register", { body: { email, username, password: "boss-password-1" } });

async function mailCount(n: number): Promise<void> {
  for (let i = 0; i < 400 && sent.length < n; i++) await Bun.sleep(5);
  expect(sent).toHaveLength(n);
}

const tokenOf = (mail: Mail) => new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get("verify")!;

describe("ADMIN_EMAILS needs a proved address", () => {
  test("a listed address gets a confirmation link at PUBLIC_URL; it is no admin until the link is used", async () => {
    const res = await registerBoss();
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("user");
    await mailCount(1);
    expect(sent[0]!.to).toBe("boss@example.com");
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/auth?verify=`);
    expect((await send("GET", "/api/user", { cookie: res.cookie! })).body.role).toBe("user");

    const token = tokenOf(sent[0]!);
    // Only a hash of the token is stored.
    const stored = await ctx.db.selectFrom("password_resets").selectAll().executeTakeFirstOrThrow();
    expect(stored.purpose).toBe("email_verification");
    expect(stored.token_hash).not.toContain(token);

    const verified = await send("POST", "/api/email/verify", { cookie: res.cookie!, body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe("Your email address is confirmed.");
    expect((await send("GET", "/api/user", { cookie: res.cookie! })).body.role).toBe("admin");
  });

  test("the link works once, expires after 24 hours, and is no reset link", async () => {
    const { cookie } = await registerBoss();
    await mailCount(1);
    const token = tokenOf(sent[0]!);
    expect((await send("POST", "/api/password/reset", { body: { token, password: "hijacked-pass" } })).body.code).toBe(
      "reset_link_invalid",
    );
    expect((await send("POST", "/api/email/verify", { cookie: cookie!, body: { token } })).status).toBe(200);
    const again = await send("POST", "/api/email/verify", { cookie: cookie!, body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      message: "This confirmation link has expired or was already used.",
      code: "verify_link_invalid",
    });

    await registerBoss("boss2@example.com", "second_boss");
    ctx.clock.advance(24 * 60 * 60 * 1000);
    // boss2 is not listed: no mail for it; a made-up token is refused like a used one.
    expect(sent).toHaveLength(1);
    expect((await send("POST", "/api/email/verify", { cookie: cookie!, body: { token: "made-up" } })).status).toBe(400);
  });

  test("a link unused for 24 hours is dead", async () => {
    const res = await registerBoss();
    await mailCount(1);
    ctx.clock.advance(24 * 60 * 60 * 1000);
    const late = await send("POST", "/api/email/verify", { cookie: res.cookie!, body: { token: tokenOf(sent[0]!) } });
    expect(late.status).toBe(400);
    expect((await send("GET", "/api/user", { cookie: res.cookie! })).body.role).toBe("user");
  });

  test("an unlisted address gets no mail", async () => {
    expect(
      (
        await send("POST", "/api/register", {
          body: { email: "fan@example.com", username: "fan_1", password: "fan-password-1" },
        })
      ).status,
    ).toBe(201);
    await Bun.sleep(30);
    expect(sent).toHaveLength(0);
  });

  test("a deleted admin's address, registered again in any case, starts unproved: no admin", async () => {
    const first = await registerBoss();
    await mailCount(1);
    const proved = await send("POST", "/api/email/verify", {
      cookie: first.cookie!,
      body: { token: tokenOf(sent[0]!) },
    });
    expect(proved.status).toBe(200);
    expect((await send("GET", "/api/user", { cookie: first.cookie! })).body.role).toBe("admin");
    const deleted = await send("DELETE", "/api/user", { cookie: first.cookie!, body: { password: "boss-password-1" } });
    expect(deleted.status).toBe(200);
    const gone = await ctx.db.selectFrom("users").selectAll().where("id", "=", first.body.id).executeTakeFirstOrThrow();
    expect(gone).toMatchObject({ role: "user", email_verified_at: null });
    expect(
      await ctx.db.selectFrom("password_resets").selectAll().where("user_id", "=", first.body.id).execute(),
    ).toEqual([]);

    const again = await registerBoss("BOSS@example.COM", "boss_again");
    expect(again.status).toBe(201);
    expect(again.body.role).toBe("user");
    expect((await send("GET", "/api/user", { cookie: again.cookie! })).body.role).toBe("user");
  });

  test("without proof, `users promote` still makes an admin", async () => {
    const res = await registerBoss();
    const user = await promote(ctx.db, ctx.clock.now(), "boss@example.com", cliActor);
    expect(user.role).toBe("admin");
    expect((await send("GET", "/api/user", { cookie: res.cookie! })).body.role).toBe("admin");
  });

  test("bad verify input is a 4xx JSON error", async () => {
    const { cookie } = await registerBoss();
    for (const body of [{}, { token: "" }, { token: 5 }, { token: "x".repeat(201) }, { token: "x", extra: 1 }]) {
      const res = await send("POST", "/api/email/verify", { cookie: cookie!, body });
      expect(res.status).toBe(400);
      expect(typeof res.body.code).toBe("string");
    }
  });
});

describe("confirming proves control of the account, not only of the mailbox", () => {
  const linkState = async (userId: number) => {
    const link = await ctx.db
      .selectFrom("password_resets")
      .select("used_at")
      .where("user_id", "=", userId)
      .where("purpose", "=", "email_verification")
      .executeTakeFirstOrThrow();
    const account = await ctx.db
      .selectFrom("users")
      .select(["role", "email_verified_at"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    return { used: link.used_at !== null, role: account.role, verified: account.email_verified_at !== null };
  };
  const untouched = { used: false, role: "user" as const, verified: false };

  test("the squatter's link opened signed out (the owner's browser, a mail scanner) is a 401 and changes nothing", async () => {
    const squatter = await registerBoss("boss@example.com", "squatter");
    await mailCount(1);
    const token = tokenOf(sent[0]!);
    const res = await send("POST", "/api/email/verify", { body: { token } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthorized");
    expect(await linkState(squatter.body.id)).toEqual(untouched);
    expect((await send("GET", "/api/user", { cookie: squatter.cookie! })).body.role).toBe("user");
  });

  test("another signed-in account gets 403 and the link stays unspent for its own account", async () => {
    const boss = await registerBoss();
    await mailCount(1);
    const token = tokenOf(sent[0]!);
    const stranger = await send("POST", "/api/register", {
      body: { email: "fan@example.com", username: "fan_1", password: "fan-password-1" },
    });
    const res = await send("POST", "/api/email/verify", { cookie: stranger.cookie!, body: { token } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: "This confirmation link is for another account. Sign in to the account it was sent for, then confirm.",
      code: "verify_link_other_account",
    });
    expect(await linkState(boss.body.id)).toEqual(untouched);
    expect((await send("GET", "/api/user", { cookie: stranger.cookie! })).body.role).toBe("user");

    expect((await send("POST", "/api/email/verify", { cookie: boss.cookie!, body: { token } })).status).toBe(200);
    expect(await linkState(boss.body.id)).toEqual({ used: true, role: "user", verified: true });
    expect((await send("GET", "/api/user", { cookie: boss.cookie! })).body.role).toBe("admin");
  });

  test("the mails to a listed address carry nothing the registrant chose", async () => {
    await registerBoss("boss@example.com", "Click_evil_example");
    await mailCount(1);
    expect(sent[0]!.text.toLowerCase()).not.toContain("click_evil_example");
    expect(sent[0]!.subject.toLowerCase()).not.toContain("click_evil_example");
    expect(sent[0]!.text).toStartWith("Hello,\n");
    // Nor does the 'Forgot password?' mail to that address.
    expect((await send("POST", "/api/password/forgot", { body: { email: "boss@example.com" } })).status).toBe(200);
    await mailCount(2);
    expect(sent[1]!.text).toContain(`${PUBLIC_URL}/auth?reset=`);
    expect(sent[1]!.text.toLowerCase()).not.toContain("click_evil_example");
  });
});
