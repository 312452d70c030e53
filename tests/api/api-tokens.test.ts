/**
 * Personal API tokens (issue 47 item 3): made in a browser session, shown once, stored hashed, used
 * as `Authorization: Bearer npt_…` within their scopes, refused where no token may go, revoked at
 * once, rate limited per token, audited — and a bearer request is judged by its token alone.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sha256 } from "../../src/lib/ids.ts";
import { ABUSE_LIMITS } from "../../src/http/rate-limit.ts";
import { ADMIN, buildBet, type BuiltUser, seededSeason } from "../factories.ts";
import { BASE, call, type TestContext } from "../support.ts";
import { over, SUN } from "./league-fixtures.ts";

let ctx: TestContext;
let alice: BuiltUser;
let bob: BuiltUser;
let admin: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { alice, bob, admin },
  } = await seededSeason({ people: { alice: { username: "alice" }, bob: { username: "bob" }, admin: ADMIN } }));
});
afterEach(() => ctx.close());

async function makeToken(who: BuiltUser, scopes: string[], name = "my bot"): Promise<{ id: number; token: string }> {
  const res = await call(ctx.app, "POST", "/api/tokens", { cookie: who.cookie, body: { name, scopes } });
  expect(res.status).toBe(201);
  return res.body;
}

/** A request as a script sends it: the token, no cookie, no Origin (not a browser). */
async function script(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${token}`, ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const response = await ctx.app.handle(new Request(`${BASE}${path}`, init));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

describe("making, listing and revoking tokens", () => {
  test("a token is shown once, stored as a hash, and listed by name, scopes and last use", async () => {
    const { id, token } = await makeToken(alice, ["read", "bets"]);
    expect(token).toMatch(/^npt_[A-Za-z0-9_-]{43}$/);
    const row = await ctx.db.selectFrom("api_tokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await call(ctx.app, "GET", "/api/tokens", { cookie: alice.cookie });
    expect(list.body).toEqual([
      { id, name: "my bot", scopes: ["read", "bets"], createdAt: ctx.clock.now().toISOString(), lastUsedAt: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(token);
    ctx.clock.advance(5_000);
    await script(token, "GET", "/api/user");
    const used = (await call(ctx.app, "GET", "/api/tokens", { cookie: alice.cookie })).body[0];
    expect(used.lastUsedAt).toBe(ctx.clock.now().toISOString());
    // Another player sees none of them.
    expect((await call(ctx.app, "GET", "/api/tokens", { cookie: bob.cookie })).body).toEqual([]);
  });

  test("bad names and scopes are refused, and at most 10 tokens a player", async () => {
    for (const body of [
      { name: "", scopes: ["read"] },
      { name: "   ", scopes: ["read"] },
      { name: "bot\u200b", scopes: ["read"] },
      { name: "x".repeat(41), scopes: ["read"] },
      { name: "bot", scopes: [] },
      { name: "bot", scopes: ["admin"] },
      { name: "bot" },
    ]) {
      const res = await call(ctx.app, "POST", "/api/tokens", { cookie: alice.cookie, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    for (let i = 0; i < 10; i++) await makeToken(alice, ["read"], `bot ${i}`);
    const eleventh = await call(ctx.app, "POST", "/api/tokens", {
      cookie: alice.cookie,
      body: { name: "one more", scopes: ["read"] },
    });
    expect([eleventh.status, eleventh.body.code]).toEqual([409, "too_many_tokens"]);
    expect(await ctx.db.selectFrom("api_tokens").select("id").execute()).toHaveLength(10);
  });

  test("a revoked token is refused at once; someone else's token cannot be revoked", async () => {
    const { id, token } = await makeToken(alice, ["read"]);
    expect((await script(token, "GET", "/api/user")).status).toBe(200);
    const notHers = await call(ctx.app, "DELETE", `/api/tokens/${id}`, { cookie: bob.cookie });
    expect([notHers.status, notHers.body.code]).toEqual([404, "token_not_found"]);
    expect((await call(ctx.app, "DELETE", `/api/tokens/${id}`, { cookie: alice.cookie })).status).toBe(200);
    const after = await script(token, "GET", "/api/user");
    expect([after.status, after.body.code]).toEqual([401, "invalid_token"]);
    expect((await call(ctx.app, "GET", "/api/tokens", { cookie: alice.cookie })).body).toEqual([]);
  });

  test("creating, revoking and every call that changes something are in the audit log", async () => {
    const { id, token } = await makeToken(alice, ["read", "bets"], "sunday script");
    await script(token, "GET", "/api/games");
    const placed = await script(token, "POST", "/api/bets", { ...over(SUN), units: 1 });
    expect(placed.status).toBe(201);
    await call(ctx.app, "DELETE", `/api/tokens/${id}`, { cookie: alice.cookie });
    const log = await call(ctx.app, "GET", "/api/admin/audit", { cookie: admin.cookie });
    const mine = log.body
      .filter((e: { subject: string }) => e.subject === `token:${id}`)
      .map((e: { action: string; actor: string; details: unknown }) => [e.action, e.actor, e.details]);
    expect(mine.reverse()).toEqual([
      ["token.create", "alice", { name: "sunday script", scopes: ["read", "bets"] }],
      ["token.call", "alice", { name: "sunday script", call: "POST /api/bets" }],
      ["token.revoke", "alice", { name: "sunday script" }],
    ]);
  });

  test("a password reset and a deleted account revoke the player's tokens", async () => {
    const { token } = await makeToken(alice, ["read"]);
    const { token: bobs } = await makeToken(bob, ["read"]);
    const { createResetLink } = await import("../../src/modules/auth/service.ts");
    const link = await createResetLink(ctx.db, ctx.clock.now(), alice.user.email, "http://localhost");
    const reset = await call(ctx.app, "POST", "/api/password/reset", {
      body: { token: new URL(link.url).searchParams.get("reset"), password: "a-new-password-1" },
    });
    expect(reset.status).toBe(200);
    expect((await script(token, "GET", "/api/user")).status).toBe(401);
    await call(ctx.app, "DELETE", "/api/user", { cookie: bob.cookie, body: { password: bob.password } });
    expect((await script(bobs, "GET", "/api/user")).status).toBe(401);
  });
});

describe("what a token may call", () => {
  test("read: GET calls as its player; not a write", async () => {
    const { token } = await makeToken(alice, ["read"]);
    const bet = await buildBet(ctx, alice);
    const me = await script(token, "GET", "/api/user");
    expect([me.status, me.body.username]).toEqual([200, "alice"]);
    const bets = await script(token, "GET", `/api/users/${alice.user.id}/bets`);
    expect(bets.status).toBe(200);
    expect(JSON.stringify(bets.body)).toContain(`"id":${bet.id}`);
    // Only for its own player, as with the cookie.
    expect((await script(token, "GET", `/api/users/${bob.user.id}/bets`)).body.code).toBe("not_you");
    const place = await script(token, "POST", "/api/bets", { ...over(SUN), units: 1 });
    expect([place.status, place.body.code]).toEqual([403, "token_scope"]);
    const note = await script(token, "PATCH", `/api/bets/${bet.id}/note`, { note: "by script" });
    expect([note.status, note.body.code]).toEqual([403, "token_scope"]);
    expect(await ctx.db.selectFrom("bets").select("id").execute()).toHaveLength(1);
  });

  test("bets: place and cancel, but no reads", async () => {
    const { token } = await makeToken(alice, ["bets"]);
    const placed = await script(token, "POST", "/api/bets", { ...over(SUN), units: 1 });
    expect([placed.status, placed.body.userId]).toEqual([201, alice.user.id]);
    const cancelled = await script(token, "DELETE", `/api/bets/${placed.body.id}`);
    expect(cancelled.status).toBe(200);
    const read = await script(token, "GET", `/api/users/${alice.user.id}/bets`);
    expect([read.status, read.body.code]).toEqual([403, "token_scope"]);
  });

  test("never: account, password, tokens, push devices or admin routes, whatever the scopes (a site admin's token too)", async () => {
    const { token } = await makeToken(alice, ["read", "bets"]);
    const { token: adminToken } = await makeToken(admin, ["read", "bets"]);
    const refused: [string, string, string, unknown?][] = [
      [token, "GET", "/api/tokens"],
      [token, "POST", "/api/tokens", { name: "child", scopes: ["read"] }],
      [token, "PUT", "/api/user/password", { currentPassword: alice.password, newPassword: "taken-over-1" }],
      [token, "PUT", "/api/user/username", { username: "renamed" }],
      [token, "DELETE", "/api/user", { password: alice.password }],
      [token, "GET", `/api/users/${alice.user.id}/export/account.json`],
      [token, "GET", `/api/users/${alice.user.id}/export/bets.csv`],
      [token, "GET", "/api/push/subscriptions"],
      [token, "POST", "/api/logout"],
      [adminToken, "GET", "/api/admin/audit"],
      [adminToken, "PATCH", `/api/games/${SUN}`, { homeScore: 1, awayScore: 0, status: "completed" }],
      [adminToken, "POST", "/api/admin/bots/ensure", { count: 1 }],
    ];
    for (const [who, method, path, body] of refused) {
      const res = await script(who, method, path, body);
      expect({ call: `${method} ${path}`, status: res.status, code: res.body?.code }).toEqual({
        call: `${method} ${path}`,
        status: 403,
        code: "token_scope",
      });
    }
    // Nothing changed: the name, the password (the old one still signs in), the account.
    expect((await call(ctx.app, "GET", "/api/user", { cookie: alice.cookie })).body.username).toBe("alice");
    const signIn = await call(ctx.app, "POST", "/api/login", {
      body: { email: alice.user.email, password: alice.password },
    });
    expect(signIn.status).toBe(200);
    expect(await ctx.db.selectFrom("api_tokens").select("id").execute()).toHaveLength(2);
  });

  test("the document marks exactly what the server lets a token call", async () => {
    const { token } = await makeToken(alice, ["read", "bets"]);
    const doc = (await call(ctx.app, "GET", "/api/openapi.json")).body;
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    const marked: string[] = [];
    const refused: string[] = [];
    for (const [path, item] of Object.entries(doc.paths) as [string, Record<string, any>][])
      for (const [method, operation] of Object.entries(item)) {
        if (!operation["x-access"]) continue;
        const label = `${method.toUpperCase()} ${path}`;
        if (operation["x-token-scope"]) marked.push(label);
        // Ids that exist nowhere: a call that gets past the token check is refused further on, changing nothing.
        const concrete = path.replace(/\{[^}]+\}/g, "99999");
        const res = await script(token, method.toUpperCase(), concrete, method === "get" ? undefined : {});
        if (res.status === 403 && res.body?.code === "token_scope") refused.push(label);
      }
    const tokenCalls = marked.filter((m) => !refused.includes(m));
    expect(tokenCalls).toEqual(marked);
    expect(refused.filter((r) => marked.includes(r))).toEqual([]);
    expect(marked).toContain("POST /api/bets");
    expect(marked).toContain("GET /api/users/{userId}/bets");
    expect(marked).not.toContain("GET /api/tokens");
    expect(refused).toContain("PUT /api/user/password");
  }, 60_000);
});

describe("a bearer request is judged by its token alone", () => {
  test("a bad token with a good cookie is refused, never signed in by the cookie; a good token wins over another's cookie", async () => {
    const { token } = await makeToken(alice, ["read"]);
    const bogus = await call(ctx.app, "GET", "/api/user", {
      cookie: bob.cookie,
      headers: { authorization: `Bearer npt_${"x".repeat(43)}` },
    });
    expect([bogus.status, bogus.body.code]).toEqual([401, "invalid_token"]);
    const malformed = await call(ctx.app, "GET", "/api/user", {
      cookie: bob.cookie,
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(malformed.status).toBe(401);
    const aliceWithBobsCookie = await call(ctx.app, "GET", "/api/user", {
      cookie: bob.cookie,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(aliceWithBobsCookie.body.username).toBe("alice");
    // Signed out: a bad token on a signed-in route is a 401 whatever the body, like a missing session.
    const nested = await script("npt_nope", "POST", "/api/bets", JSON.parse(`${"[".repeat(40)}${"]".repeat(40)}`));
    expect(nested.status).toBe(401);
  });

  test("the Origin check: a script sends none and passes; another site's page is refused, token or not", async () => {
    const { token } = await makeToken(alice, ["bets"]);
    const fromScript = await script(token, "POST", "/api/bets", { ...over(SUN), units: 1 });
    expect(fromScript.status).toBe(201);
    const fromAnotherSite = await script(token, "DELETE", `/api/bets/${fromScript.body.id}`, undefined, {
      origin: "https://evil.example",
    });
    expect([fromAnotherSite.status, fromAnotherSite.body.code]).toEqual([403, "bad_origin"]);
    const crossSite = await script(token, "DELETE", `/api/bets/${fromScript.body.id}`, undefined, {
      "sec-fetch-site": "cross-site",
    });
    expect([crossSite.status, crossSite.body.code]).toEqual([403, "bad_origin"]);
    // Still placed: the refused calls changed nothing.
    expect(await ctx.db.selectFrom("bets").select("id").execute()).toHaveLength(1);
  });

  test("public routes treat a token's player as the viewer; a bad token there is a visitor", async () => {
    const { token } = await makeToken(alice, ["read"]);
    expect((await script(token, "GET", "/api/leaderboard")).status).toBe(200);
    expect((await script("npt_nope", "GET", "/api/leaderboard")).status).toBe(200);
    expect((await script("npt_nope", "GET", "/api/games")).status).toBe(200);
  });
});

describe("each token's own rate limit", () => {
  test(`${ABUSE_LIMITS.apiTokenRequests} requests a minute per token, then 429 with Retry-After; another token is not held back`, async () => {
    const { token } = await makeToken(alice, ["read"], "busy");
    const { token: other } = await makeToken(alice, ["read"], "quiet");
    for (let i = 0; i < ABUSE_LIMITS.apiTokenRequests; i++)
      expect((await script(token, "GET", `/api/users/${alice.user.id}/stats`)).status).toBe(200);
    const over = await script(token, "GET", `/api/users/${alice.user.id}/bets`);
    expect([over.status, over.headers.get("retry-after") !== null]).toEqual([429, true]);
    expect((await script(other, "GET", `/api/users/${alice.user.id}/bets`)).status).toBe(200);
    // The browser's session is not the token: it is not held back either.
    expect((await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: alice.cookie })).status).toBe(200);
    ctx.clock.advance(60_000);
    expect((await script(token, "GET", `/api/users/${alice.user.id}/bets`)).status).toBe(200);
  }, 60_000);
});
