/** Who can be asked to be friends (or into a league): never a deleted account; not again soon by someone just declined. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ASK_AGAIN_AFTER_DAYS } from "../../src/modules/social/policy.ts";
import { buildLeague, buildUser, type BuiltUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;
let ben: BuiltUser;

const DAY = 24 * 60 * 60 * 1000;
const as = (who: BuiltUser, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who.cookie });
const ask = (from: BuiltUser, to: BuiltUser) => as(from, "POST", "/api/friends/requests", { addresseeId: to.user.id });
const requestRows = () =>
  ctx.db.selectFrom("friend_requests").select(["requester_id", "status"]).orderBy("id").execute();

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  ann = await buildUser(ctx, { username: "ann_deleted_soon" });
  ben = await buildUser(ctx, { username: "ben" });
});
afterEach(() => ctx.close());

describe("a deleted account", () => {
  beforeEach(async () => {
    expect((await as(ann, "DELETE", "/api/user", { password: ann.password })).status).toBe(200);
  });

  test("is not found by a friend request (404) and gets none", async () => {
    const sent = await ask(ben, ann);
    expect(sent.status).toBe(404);
    expect(sent.body).toEqual({ message: "No such user", code: "user_not_found" });
    expect(await requestRows()).toEqual([]);
  });

  test("is not found by a league invitation (404) and gets none", async () => {
    const league = await buildLeague(ctx, ben, { isPublic: false });
    const invited = await as(ben, "POST", `/api/leagues/${league.id}/invite`, {
      invitedUserId: ann.user.id,
      invitedBy: ben.user.id,
    });
    expect(invited.status).toBe(404);
    expect(invited.body.code).toBe("user_not_found");
    expect(await ctx.db.selectFrom("league_invitations").select("id").execute()).toEqual([]);
  });

  test("is absent from user search, under its placeholder name as under any other", async () => {
    for (const q of ["deleted", "user_"]) {
      const found = await as(ben, "GET", `/api/users/search?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.body.map((u: { id: number }) => u.id)).not.toContain(ann.user.id);
    }
  });
});

describe(`after a decline, the requester waits ${ASK_AGAIN_AFTER_DAYS} days`, () => {
  async function declined() {
    const sent = await ask(ann, ben);
    expect((await as(ben, "PATCH", `/api/friends/requests/${sent.body.id}`, { status: "declined" })).status).toBe(200);
  }

  test("asking again at once is 409 request_declined_recently, saying when; the day it ends, it is allowed", async () => {
    await declined();
    const again = await ask(ann, ben);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: "This player declined your friend request; you can ask again from 2026-10-09",
      code: "request_declined_recently",
      askAgainFrom: "2026-10-09T12:00:00.000Z",
    });
    ctx.clock.advance(ASK_AGAIN_AFTER_DAYS * DAY - 60_000);
    expect((await ask(ann, ben)).body.code).toBe("request_declined_recently");
    expect(await requestRows()).toEqual([{ requester_id: ann.user.id, status: "declined" }]);
    ctx.clock.advance(60_000);
    // A month on, the old session has expired: sign in again.
    const login = await call(ctx.app, "POST", "/api/login", {
      body: { email: ann.user.email, password: ann.password },
    });
    const later = await ask({ ...ann, cookie: login.cookie! }, ben);
    expect(later.status).toBe(201);
    expect(later.body.status).toBe("pending");
  });

  test("the one who declined may still ask, and the requester's answer to that is a friendship", async () => {
    await declined();
    const back = await ask(ben, ann);
    expect(back.status).toBe(201);
    expect(back.body.status).toBe("pending");
    // Asking the one who asked you accepts their request: no wait applies.
    const yes = await ask(ann, ben);
    expect(yes.status).toBe(201);
    expect(yes.body.status).toBe("accepted");
    expect((await as(ann, "GET", "/api/friends")).body.map((f: { id: number }) => f.id)).toEqual([ben.user.id]);
  });
});
