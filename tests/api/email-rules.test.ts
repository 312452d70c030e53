/**
 * Addresses (issue 40, low): one trailing dot is stripped before the rules and from what is stored
 * (`x@foo.invalid.` is `x@foo.invalid`, refused; `x@example.com.` is `x@example.com`), and invisible
 * and control characters are refused — at sign-up, at 'Forgot password?', in ADMIN_EMAILS — and the
 * migration that moves stored dotted addresses, on both engines.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { up } from "../../migrations/0032_emails_without_trailing_dot.ts";
import { createApp, type App } from "../../src/app.ts";
import type { Mail } from "../../src/lib/mailer.ts";
import { buildUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

const PUBLIC_URL = "https://bets.example.com";
let ctx: TestContext;
let app: App;
let sent: Mail[];

beforeEach(async () => {
  ctx = await makeTestApp({ env: { PUBLIC_URL, ADMIN_EMAILS: "Boss@Example.com." } });
  sent = [];
  app = createApp({ ...ctx, mailer: { send: async (mail) => void sent.push(mail) } });
});
afterEach(() => ctx.close());

const send = (method: string, path: string, body: Record<string, unknown>) =>
  call(app, method, path, { body, headers: { origin: PUBLIC_URL } });
const register = (email: string, username = "new_player") =>
  send("POST", "/api/register", { email, username, password: "long-enough-1" });
const emails = async () =>
  (await ctx.db.selectFrom("users").select("email").orderBy("id").execute()).map((r) => r.email);

async function mailCount(n: number): Promise<void> {
  for (let i = 0; i < 400 && sent.length < n; i++) await Bun.sleep(5);
  expect(sent).toHaveLength(n);
}

const refused = [
  ["a reserved domain with a trailing dot", "x@foo.invalid."],
  ["a reserved domain with two trailing dots", "x@foo.invalid.."],
  ["a reserved domain followed by a zero-width space", "x@foo.invalid\u200B"],
  ["a zero-width joiner inside the domain", "x@exam\u200Dple.com"],
  ["a soft hyphen", "x@exam\u00ADple.com"],
  ["a word joiner after the dot", "x@example.\u2060com"],
  ["a right-to-left override", "x@\u202Eexample.com"],
  ["a control character", "x@example.com\u0007"],
  ["an empty domain label", "x@foo..com"],
] as const;

describe("sign-up", () => {
  test.each(refused)("refuses %s with a 400 and creates nothing", async (_label, email) => {
    const res = await register(email);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_email");
    expect(await emails()).toEqual([]);
  });

  test("an address with one trailing dot is stored without it: the same mailbox signs up once and signs in either way", async () => {
    const res = await register("Sam@Example.com.");
    expect(res.status).toBe(201);
    expect(res.body.email).toBe("sam@example.com");
    expect(await emails()).toEqual(["sam@example.com"]);
    expect((await register("sam@example.com", "other_name")).status).toBe(409);
    for (const email of ["sam@example.com", "SAM@example.com."]) {
      const signIn = await send("POST", "/api/login", { email, password: "long-enough-1" });
      expect(signIn.status).toBe(200);
    }
  });
});

describe("'Forgot password?'", () => {
  test.each(refused)("refuses %s with a 400 and mails nothing", async (_label, email) => {
    await buildUser(ctx, { email: "x@example.com" });
    const res = await send("POST", "/api/password/forgot", { email });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_email");
    await Bun.sleep(30);
    expect(sent).toHaveLength(0);
  });

  test("an address with a trailing dot reaches the account stored without it", async () => {
    await buildUser(ctx, { email: "pat@example.com" });
    const res = await send("POST", "/api/password/forgot", { email: "pat@example.com." });
    expect(res.status).toBe(200);
    await mailCount(1);
    expect(sent[0]!.to).toBe("pat@example.com");
  });
});

describe("ADMIN_EMAILS", () => {
  test("a listed address written with capitals and a trailing dot matches the account (its confirmation is mailed)", async () => {
    expect(ctx.config.adminEmails).toEqual(["boss@example.com"]);
    expect((await register("boss@example.com", "the_boss")).status).toBe(201);
    await mailCount(1);
    expect(sent[0]!.to).toBe("boss@example.com");
    expect(sent[0]!.subject).toBe("Confirm your NFL Paper Trading address");
  });

  test("an address with an invisible character stops the start-up, naming the setting", async () => {
    await expect(makeTestApp({ env: { ADMIN_EMAILS: "ops@example.com, boss@example.com\u200B" } })).rejects.toThrow(
      /^ADMIN_EMAILS must be email addresses without invisible or control characters/,
    );
  });
});

describe("migration 0032 (PostgreSQL 0017)", () => {
  test("a stored address with a trailing dot loses it, unless another account holds that address; twice changes nothing", async () => {
    const dotted = await buildUser(ctx, { email: "dot@example.com" });
    const twin = await buildUser(ctx, { email: "twin@example.com" });
    await buildUser(ctx, { email: "twin-holder@example.com" });
    // As the old code stored them.
    await ctx.db.updateTable("users").set({ email: "dot@example.com." }).where("id", "=", dotted.user.id).execute();
    await ctx.db.updateTable("users").set({ email: "twin@example.com." }).where("id", "=", twin.user.id).execute();
    await ctx.db
      .updateTable("users")
      .set({ email: "twin@example.com" })
      .where("email", "=", "twin-holder@example.com")
      .execute();

    await up(ctx.db);
    expect(await emails()).toEqual(["dot@example.com", "twin@example.com.", "twin@example.com"]);
    await up(ctx.db);
    expect(await emails()).toEqual(["dot@example.com", "twin@example.com.", "twin@example.com"]);
    const signIn = await send("POST", "/api/login", { email: "dot@example.com.", password: dotted.password });
    expect(signIn.status).toBe(200);
  });
});
