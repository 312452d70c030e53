/**
 * argon2 floods (issue 25): a made-up reset token costs no hash, and every password hash and check
 * goes through one bounded queue per process, whose overflow is a 503 with Retry-After.
 */
import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { PASSWORD_WORK, passwordQueue, passwordWorkDone } from "../../src/lib/password-hashing.ts";
import { createResetLink } from "../../src/modules/auth/service.ts";
import { buildUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await makeTestApp();
});
afterEach(() => ctx.close());

const workDone = () => passwordWorkDone.hashes + passwordWorkDone.verifies;

/** Holds `count` slots of the process's password queue (running first, then waiting) until `release()`. */
function holdQueue(count: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: count }, () => passwordQueue.run(() => gate));
  return {
    release: async () => {
      release();
      await Promise.all(held);
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await Bun.sleep(2);
  expect(condition()).toBe(true);
}

describe("password resets look the link up first", () => {
  test("a flood of made-up reset tokens hashes nothing; a real link hashes once", async () => {
    const before = passwordWorkDone.hashes;
    // Counted through the helper and, below it, at argon2 itself.
    const argon2 = spyOn(Bun.password, "hash");
    try {
      const flood = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(ctx.app, "POST", "/api/password/reset", { body: { token: `made-up-${i}`, password: "new-password-1" } }),
        ),
      );
      for (const res of flood) expect(res.body.code).toBe("reset_link_invalid");
      expect(argon2).toHaveBeenCalledTimes(0);
    } finally {
      argon2.mockRestore();
    }
    expect(passwordWorkDone.hashes).toBe(before);

    const { user } = await buildUser(ctx, { email: "real@example.com" });
    const { url } = await createResetLink(ctx.db, ctx.clock.now(), user.email, "http://localhost");
    const token = new URL(url).searchParams.get("reset")!;
    const res = await call(ctx.app, "POST", "/api/password/reset", { body: { token, password: "new-password-1" } });
    expect(res.status).toBe(200);
    expect(passwordWorkDone.hashes).toBe(before + 1);
  });

  test("while the queue is full, made-up reset tokens still get their 400 (they never queue)", async () => {
    const held = holdQueue(PASSWORD_WORK.concurrency + PASSWORD_WORK.waiting);
    try {
      const res = await call(ctx.app, "POST", "/api/password/reset", {
        body: { token: "made-up", password: "new-password-1" },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("reset_link_invalid");
    } finally {
      await held.release();
    }
  });
});

describe("one bounded queue for every password hash and check", () => {
  test("past its waiting line, sign-in, sign-up, password change and deletion answer 503 JSON with Retry-After and change nothing", async () => {
    const { user, cookie, password } = await buildUser(ctx, { email: "player@example.com" });
    const held = holdQueue(PASSWORD_WORK.concurrency + PASSWORD_WORK.waiting);
    try {
      expect(passwordQueue.stats).toEqual({ running: PASSWORD_WORK.concurrency, waiting: PASSWORD_WORK.waiting });
      const before = workDone();
      const refused = [
        await call(ctx.app, "POST", "/api/login", { body: { email: user.email, password } }),
        await call(ctx.app, "POST", "/api/login", { body: { email: "nobody@example.com", password: "whatever-1" } }),
        await call(ctx.app, "POST", "/api/register", {
          body: { email: "new@example.com", username: "newcomer", password: "new-password-1" },
        }),
        await call(ctx.app, "PUT", "/api/user/password", {
          cookie,
          body: { currentPassword: password, newPassword: "new-password-1" },
        }),
        await call(ctx.app, "DELETE", "/api/user", { cookie, body: { password } }),
      ];
      for (const res of refused) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: "The server is busy. Try again in a moment.", code: "server_busy" });
        expect(res.headers.get("retry-after")).toBe("1");
        expect(res.headers.get("content-type")).toContain("application/json");
      }
      expect(workDone()).toBe(before);
      const users = await ctx.db.selectFrom("users").select("email").where("deleted_at", "is", null).execute();
      expect(users.map((u) => u.email)).toEqual(["player@example.com"]);
    } finally {
      await held.release();
    }
    // Nothing was spent: the account's sign-in budget is whole and the password unchanged.
    for (let i = 0; i < 10; i++)
      expect(
        (await call(ctx.app, "POST", "/api/login", { body: { email: user.email, password: "wrong-1" } })).status,
      ).toBe(401);
    expect((await call(ctx.app, "POST", "/api/login", { body: { email: user.email, password } })).status).toBe(429);
  }, 30_000);

  test("a deletion refused as busy gives its password check back: ten wrong guesses still follow, the eleventh is 429", async () => {
    const { cookie, password } = await buildUser(ctx);
    const held = holdQueue(PASSWORD_WORK.concurrency + PASSWORD_WORK.waiting);
    try {
      expect((await call(ctx.app, "DELETE", "/api/user", { cookie, body: { password } })).status).toBe(503);
    } finally {
      await held.release();
    }
    for (let i = 0; i < 10; i++)
      expect((await call(ctx.app, "DELETE", "/api/user", { cookie, body: { password: "wrong-guess-1" } })).status).toBe(
        400,
      );
    expect((await call(ctx.app, "DELETE", "/api/user", { cookie, body: { password: "wrong-guess-1" } })).status).toBe(
      429,
    );
  }, 30_000);

  test("a real sign-in queued behind a flood of sign-ins for unknown emails gets through once the slots free", async () => {
    const { user, password } = await buildUser(ctx, { email: "real@example.com" });
    const held = holdQueue(PASSWORD_WORK.concurrency);
    const flood = Array.from({ length: PASSWORD_WORK.waiting - 1 }, (_, i) =>
      call(ctx.app, "POST", "/api/login", { body: { email: `bot${i}@example.com`, password: "guess-1234" } }),
    );
    await until(() => passwordQueue.stats.waiting === PASSWORD_WORK.waiting - 1);
    const real = call(ctx.app, "POST", "/api/login", { body: { email: user.email, password } });
    await until(() => passwordQueue.stats.waiting === PASSWORD_WORK.waiting);
    // The line is full now: one more is refused at once rather than queued without bound.
    const over = await call(ctx.app, "POST", "/api/login", {
      body: { email: "late@example.com", password: "guess-1234" },
    });
    expect(over.status).toBe(503);

    await held.release();
    expect((await real).status).toBe(200);
    for (const res of await Promise.all(flood)) expect(res.status).toBe(401);
    expect(passwordQueue.stats).toEqual({ running: 0, waiting: 0 });
  }, 30_000);
});

describe("the sign-in limiter's wider IPv6 key", () => {
  test("rotating through the /64s of one /48 shares one budget of five addresses' worth; another /48 has its own", async () => {
    const limited = await makeTestApp({ env: { AUTH_RATE_LIMIT: "2", TRUST_PROXY: "true" } });
    try {
      const attempt = (ip: string) =>
        call(limited.app, "POST", "/api/password/forgot", {
          body: { email: "someone@example.com" },
          headers: { "x-forwarded-for": ip },
        });
      const statuses = [];
      // Each /64 stays within its own budget of 2; the /48 allows 5 × 2.
      for (let i = 1; i <= 11; i++) statuses.push((await attempt(`2001:db8:7:${i.toString(16)}::1`)).status);
      expect(statuses).toEqual([...new Array(10).fill(503), 429]);
      expect((await attempt("2001:db8:8:1::1")).status).toBe(503);
    } finally {
      await limited.close();
    }
  });
});
