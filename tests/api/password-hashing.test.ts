/**
 * argon2 floods (issue 25): a made-up reset token costs no hash, and every password hash and check
 * goes through one bounded queue per process, whose overflow is a 503 with Retry-After. Issue 40:
 * the queue's line is shared fairly between addresses, a refused attempt spends the address's
 * budget, and a known client (signed in, or a browser that signed in to the account before) goes
 * first and past its address's spent budget (decision 0064).
 */
import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import {
  type Asker,
  LOCAL_ASKER,
  PASSWORD_WORK,
  passwordQueue,
  passwordWorkDone,
} from "../../src/lib/password-hashing.ts";
import { createResetLink } from "../../src/modules/auth/service.ts";
import { buildUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await makeTestApp();
});
afterEach(() => ctx.close());

const workDone = () => passwordWorkDone.hashes + passwordWorkDone.verifies;

/**
 * Holds `count` slots of the process's password queue (running first, then waiting) until
 * `release()`; `known`, as known clients, whose places nobody can take (a line nobody gets into).
 */
function holdQueue(count: number, { known = false } = {}) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asker = (i: number): Asker => (known ? { ...LOCAL_ASKER, standing: { knownAs: `holder:${i}` } } : LOCAL_ASKER);
  const held = Array.from({ length: count }, (_, i) => passwordQueue.run(() => gate, asker(i)));
  return {
    release: async () => {
      release();
      await Promise.all(held);
    },
  };
}

/** The known-device cookie an answer set, as "name=value". */
const knownDeviceOf = (res: { headers: Headers }) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("npt_known_device="))!
    .split(";")[0]!;

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
    const held = holdQueue(PASSWORD_WORK.concurrency + PASSWORD_WORK.waiting, { known: true });
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
    const held = holdQueue(PASSWORD_WORK.concurrency + PASSWORD_WORK.waiting, { known: true });
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

describe("a flood shares the queue fairly (issue 40, decision 0064)", () => {
  let flooded: TestContext;
  beforeEach(async () => {
    flooded = await makeTestApp({ env: { TRUST_PROXY: "true" } });
  });
  afterEach(() => flooded.close());

  const FLOOD = "203.0.113.66";
  const login = (email: string, password: string, from: string, cookie?: string) =>
    call(flooded.app, "POST", "/api/login", {
      body: { email, password },
      headers: { "x-forwarded-for": from },
      cookie,
    });
  /**
   * Fills the line with wrong passwords for real accounts (four victims, within their budgets) from
   * one address, five more than it holds (refused at once); `refused` counts the flood's 503s as
   * they come, the pushed-out included.
   */
  const flood = async () => {
    const victims: string[] = [];
    for (let v = 0; v < 4; v++)
      victims.push((await buildUser(flooded, { email: `victim${v}@example.com` })).user.email);
    const refused: number[] = [];
    const bots = Array.from({ length: PASSWORD_WORK.waiting + 5 }, (_, i) =>
      login(victims[i % victims.length]!, `guess-${i}`, FLOOD).then((res) => {
        if (res.status === 503) refused.push(res.status);
        return res;
      }),
    );
    return { bots, refused };
  };

  test("a sign-in from another address gets a flooded line's newest place and signs in; the flood's extra are refused", async () => {
    const { user, password } = await buildUser(flooded, { email: "real@example.com" });
    const held = holdQueue(PASSWORD_WORK.concurrency);
    const { bots, refused } = await flood();
    await until(() => passwordQueue.stats.waiting === PASSWORD_WORK.waiting);
    const real = login(user.email, password, "198.51.100.9");
    // The 5 beyond the line at once, and the newest of the line, whose place the real sign-in took.
    await until(() => refused.length === 6);
    await held.release();
    expect((await real).status).toBe(200);
    const statuses = (await Promise.all(bots)).map((r) => r.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(6);
    expect(statuses.filter((s) => s === 401)).toHaveLength(PASSWORD_WORK.waiting - 1);
  }, 60_000);

  test("a flood of made-up addresses from another /24 each time waits behind a sign-in to a real account", async () => {
    const { user, password } = await buildUser(flooded, { email: "newcomer@example.com" });
    const held = holdQueue(PASSWORD_WORK.concurrency);
    const refused: number[] = [];
    // As from many machines: every request from another /24, one place each.
    const bots = Array.from({ length: PASSWORD_WORK.waiting + 5 }, (_, i) =>
      login(`bot${i}@example.com`, "guess-1234", `100.64.${i}.1`).then((res) => {
        if (res.status === 503) refused.push(res.status);
        return res;
      }),
    );
    await until(() => passwordQueue.stats.waiting === PASSWORD_WORK.waiting);
    // A new browser, its own address: no standing but an account.
    const real = login(user.email, password, "198.51.100.44");
    await until(() => refused.length === 6);
    await held.release();
    expect((await real).status).toBe(200);
    await Promise.all(bots);
  }, 60_000);

  test("a browser that signed in before, behind the flood's own address, goes first", async () => {
    const { user, password } = await buildUser(flooded, { email: "office@example.com" });
    const first = await login(user.email, password, FLOOD);
    expect(first.status).toBe(200);
    const device = knownDeviceOf(first);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("npt_known_device="))).toMatch(
      /^npt_known_device=[\w.-]+; Max-Age=7776000; Path=\/api\/login; HttpOnly; SameSite=Strict$/,
    );
    const held = holdQueue(PASSWORD_WORK.concurrency);
    const { bots, refused } = await flood();
    await until(() => passwordQueue.stats.waiting === PASSWORD_WORK.waiting);
    const again = login(user.email, password, FLOOD, device);
    await until(() => refused.length === 6); // it took the flood's newest place
    // Without its cookie, a sign-in from the flood's address is one of the flood's.
    expect((await login(user.email, password, FLOOD)).status).toBe(503);
    await held.release();
    expect((await again).status).toBe(200);
    await Promise.all(bots);
  }, 60_000);

  test("a signed-in password change goes first too", async () => {
    const { cookie, password } = await buildUser(flooded);
    const held = holdQueue(PASSWORD_WORK.concurrency);
    const { bots, refused } = await flood();
    await until(() => passwordQueue.stats.waiting === PASSWORD_WORK.waiting);
    const change = call(flooded.app, "PUT", "/api/user/password", {
      cookie,
      body: { currentPassword: password, newPassword: "brand-new-password-1" },
      headers: { "x-forwarded-for": FLOOD },
    });
    await until(() => refused.length === 6); // it took the flood's newest place
    await held.release();
    expect((await change).status).toBe(200);
    await Promise.all(bots);
  }, 60_000);
});

describe("what a refused attempt costs, and what a known browser skips", () => {
  let limited: TestContext;
  beforeEach(async () => {
    limited = await makeTestApp({ env: { TRUST_PROXY: "true", AUTH_RATE_LIMIT: "3" } });
  });
  afterEach(() => limited.close());
  const login = (email: string, password: string, from: string, cookie?: string) =>
    call(limited.app, "POST", "/api/login", {
      body: { email, password },
      headers: { "x-forwarded-for": from },
      cookie,
    });

  test("a sign-in the busy server refused spends its address's budget (not the account's): the one over it is 429", async () => {
    const { user, password } = await buildUser(limited);
    const held = holdQueue(PASSWORD_WORK.concurrency + PASSWORD_WORK.waiting, { known: true });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(`bot${i}@example.com`, "guess-1234", "192.0.2.5")).status);
      expect(statuses).toEqual([503, 503, 503, 429]);
    } finally {
      await held.release();
    }
    // The account's budget was not spent by the refusals: its owner signs in from elsewhere.
    expect((await login(user.email, password, "192.0.2.200")).status).toBe(200);
  }, 30_000);

  test("a known browser signs in past its address's spent budget and its account's, spent by guesses from elsewhere", async () => {
    const { user, password } = await buildUser(limited, { email: "owner@example.com" });
    const OFFICE = "198.51.100.20";
    const device = knownDeviceOf(await login(user.email, password, OFFICE));
    for (let i = 0; i < 3; i++) expect((await login(`x${i}@example.com`, "guess-1234", OFFICE)).status).toBe(401);
    expect((await login(user.email, password, OFFICE)).status).toBe(429);
    // Someone guesses the owner's password from many addresses until the account's budget is spent.
    for (let i = 0; i < 10; i++) expect((await login(user.email, "guess-1234", `203.0.113.${i + 1}`)).status).toBe(401);
    expect((await login(user.email, password, "203.0.113.99")).status).toBe(429);
    // The owner's browser is neither the office's guesser nor the account's.
    expect((await login(user.email, password, OFFICE, device)).status).toBe(200);
    // Its cookie is for that account only.
    expect((await login("someone-else@example.com", "guess-1234", OFFICE, device)).status).toBe(429);
  }, 30_000);

  test("a password change ends every other browser's standing; the changing browser's new cookie is known", async () => {
    const { user, password, cookie } = await buildUser(limited, { email: "mover@example.com" });
    const HOME = "198.51.100.30";
    const old = knownDeviceOf(await login(user.email, password, HOME));
    const changed = await call(limited.app, "PUT", "/api/user/password", {
      cookie,
      body: { currentPassword: password, newPassword: "next-password-22" },
      headers: { "x-forwarded-for": HOME },
    });
    const fresh = knownDeviceOf(changed);
    for (let i = 0; i < 3; i++) await login(`x${i}@example.com`, "guess-1234", HOME);
    expect((await login(user.email, "next-password-22", HOME, old)).status).toBe(429);
    expect((await login(user.email, "next-password-22", HOME, fresh)).status).toBe(200);
  }, 30_000);
});
