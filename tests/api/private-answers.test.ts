/**
 * Answers built for one user carry `Cache-Control: private` (issue 25); public reads answered to a
 * signed-out visitor stay cacheable as before (`no-cache` with an ETag, 304 on a match). Every
 * signed-in-only route is checked in tests/api/access-matrix.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { type BuiltUser, seededSeason } from "../factories.ts";
import { BASE, call, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { ann },
  } = await seededSeason({ people: { ann: { username: "ann" } } }));
});
afterEach(() => ctx.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.handle(new Request(`${BASE}${path}`, { headers }));

describe("Cache-Control of answers built for one user", () => {
  test("the signed-in user, their bets and their export are private and never stored", async () => {
    for (const path of ["/api/user", `/api/users/${ann.user.id}/bets`, `/api/users/${ann.user.id}/export/bets.csv`]) {
      const res = await get(path, { cookie: ann.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  test("a board read signed out stays cacheable; signed in it is private, still revalidated by its ETag", async () => {
    for (const path of ["/api/leaderboard", "/api/leaderboard/week/1"]) {
      const visitor = await get(path);
      expect(visitor.headers.get("cache-control")).toBe("no-cache");
      const etag = visitor.headers.get("etag")!;
      expect(etag).toBeTruthy();
      expect((await get(path, { "if-none-match": etag })).status).toBe(304);

      const player = await get(path, { cookie: ann.cookie });
      expect(player.headers.get("cache-control")).toBe("private, no-cache");
      const revalidated = await get(path, { cookie: ann.cookie, "if-none-match": etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("cache-control")).toBe("private, no-cache");
      // The shared answer itself is untouched by a signed-in reader.
      expect((await get(path)).headers.get("cache-control")).toBe("no-cache");
    }
  });

  test("an answer that sets the session cookie (sign-up, sign-in) is private and never stored", async () => {
    const registered = await call(ctx.app, "POST", "/api/register", {
      body: { email: "new@example.com", username: "newcomer", password: "password123" },
    });
    expect(registered.status).toBe(201);
    expect(registered.headers.get("cache-control")).toBe("private, no-store");
    const login = await call(ctx.app, "POST", "/api/login", {
      body: { email: ann.user.email, password: ann.password },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
  });

  test("public reads answered to a visitor are not marked private", async () => {
    for (const path of ["/api/games?week=1", "/api/weeks/current", "/api/health"]) {
      expect((await get(path)).headers.get("cache-control") ?? "").not.toContain("private");
    }
  });
});
