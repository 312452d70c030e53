/**
 * The "read, then write" rules of leagues and friends under simultaneous requests in one process,
 * on both engines (on PostgreSQL the pool runs them side by side; tests/api/races.test.ts races
 * them through two processes): every answer is 200/201 or 409 with the rule's code, and the rows
 * keep the rule. Then the same 409s one after the other.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { buildLeague, buildUser, type BuiltUser } from "../factories.ts";
import { call, type CallResult, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let owner: BuiltUser;
let ann: BuiltUser;
let ben: BuiltUser;

const as = (who: BuiltUser, method: string, path: string, body: unknown = {}) =>
  call(ctx.app, method, path, { body, cookie: who.cookie });
const atOnce = (n: number, request: (i: number) => Promise<CallResult>) =>
  Promise.all(Array.from({ length: n }, (_, i) => request(i)));
const statuses = (answers: CallResult[]) => answers.map((r) => r.status).sort();
const codes = (answers: CallResult[]) => [...new Set(answers.filter((r) => r.status === 409).map((r) => r.body.code))];

async function countRows(table: "league_members" | "league_invitations" | "friend_requests" | "friendships") {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  owner = await buildUser(ctx, { username: "owner" });
  ann = await buildUser(ctx, { username: "ann" });
  ben = await buildUser(ctx, { username: "ben" });
});
afterEach(() => ctx.close());

describe("at once", () => {
  test("6 joins of a public league: one 200, the rest 409 already_member, one membership", async () => {
    const league = await buildLeague(ctx, owner);
    const answers = await atOnce(6, () => as(ann, "POST", `/api/leagues/${league.id}/join`, { userId: ann.user.id }));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(codes(answers)).toEqual(["already_member"]);
    expect(await countRows("league_members")).toBe(2);
  });

  test("6 joins by one invite link: one 200, the rest 409 already_member, one membership", async () => {
    const league = await buildLeague(ctx, owner, { isPublic: false });
    const answers = await atOnce(6, () => as(ann, "POST", `/api/leagues/join-by-token/${league.inviteToken}`));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(codes(answers)).toEqual(["already_member"]);
    expect(await countRows("league_members")).toBe(2);
  });

  test("6 invitations of one player: one 200, the rest 409 already_invited, one invitation", async () => {
    const league = await buildLeague(ctx, owner, { isPublic: false });
    const body = { invitedUserId: ann.user.id, invitedBy: owner.user.id };
    const answers = await atOnce(6, () => as(owner, "POST", `/api/leagues/${league.id}/invite`, body));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(codes(answers)).toEqual(["already_invited"]);
    expect(await countRows("league_invitations")).toBe(1);
  });

  test("an accept and a decline of one invitation: one 200, one 409 invitation_answered, the rows agree", async () => {
    const league = await buildLeague(ctx, owner, { isPublic: false });
    const invited = await as(owner, "POST", `/api/leagues/${league.id}/invite`, {
      invitedUserId: ann.user.id,
      invitedBy: owner.user.id,
    });
    const answers = await atOnce(2, (i) =>
      as(ann, "POST", `/api/invitations/${invited.body.id}/${i ? "decline" : "accept"}`, { userId: ann.user.id }),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    expect(codes(answers)).toEqual(["invitation_answered"]);
    const winner = answers.find((r) => r.status === 200)!.body.status;
    expect(await countRows("league_members")).toBe(winner === "accepted" ? 2 : 1);
  });

  test("a player at 24 of 25 leagues creates 4: one 201, three 409 league_limit_reached", async () => {
    for (let i = 0; i < 24; i++) {
      await ctx.db
        .insertInto("leagues")
        .values({
          name: `Old ${i}`,
          is_public: 1,
          allowed_bet_types: '["spread"]',
          created_by: ann.user.id,
          invite_token: `old-token-${i}`,
          created_at: ctx.clock.now().toISOString(),
        })
        .execute();
    }
    const body = { name: "One more", isPublic: true, rules: { allowedBetTypes: ["spread"] }, createdBy: ann.user.id };
    const answers = await atOnce(4, () => as(ann, "POST", "/api/leagues", body));
    expect(statuses(answers)).toEqual([201, 409, 409, 409]);
    expect(codes(answers)).toEqual(["league_limit_reached"]);
    const created = await ctx.db.selectFrom("leagues").select("id").where("created_by", "=", ann.user.id).execute();
    expect(created).toHaveLength(25);
  });

  test("6 friend requests a→b: one 201, the rest 409 request_pending, one request", async () => {
    const answers = await atOnce(6, () => as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id }));
    expect(statuses(answers)).toEqual([201, 409, 409, 409, 409, 409]);
    expect(codes(answers)).toEqual(["request_pending"]);
    expect(await countRows("friend_requests")).toBe(1);
  });

  test("a→b and b→a: friends, nothing pending", async () => {
    const answers = await atOnce(2, (i) =>
      i
        ? as(ben, "POST", "/api/friends/requests", { addresseeId: ann.user.id })
        : as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id }),
    );
    expect(statuses(answers)).toEqual([201, 201]);
    expect(await countRows("friendships")).toBe(2);
    const pending = await ctx.db.selectFrom("friend_requests").select("id").where("status", "=", "pending").execute();
    expect(pending).toEqual([]);
  });

  test("an accept and a decline of one friend request: one 200, one 409 request_answered, the rows agree", async () => {
    const sent = await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    const answers = await atOnce(2, (i) =>
      as(ben, "PATCH", `/api/friends/requests/${sent.body.id}`, { status: i ? "declined" : "accepted" }),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    expect(codes(answers)).toEqual(["request_answered"]);
    const winner = answers.find((r) => r.status === 200)!.body.status;
    expect(await countRows("friendships")).toBe(winner === "accepted" ? 2 : 0);
  });
});

describe("one after the other", () => {
  test("an invitation answered once: a second answer either way is 409 invitation_answered and changes nothing", async () => {
    const league = await buildLeague(ctx, owner, { isPublic: false });
    const invited = await as(owner, "POST", `/api/leagues/${league.id}/invite`, {
      invitedUserId: ann.user.id,
      invitedBy: owner.user.id,
    });
    expect((await as(ann, "POST", `/api/invitations/${invited.body.id}/decline`, { userId: ann.user.id })).status).toBe(
      200,
    );
    const again = await as(ann, "POST", `/api/invitations/${invited.body.id}/accept`, { userId: ann.user.id });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "This invitation was already declined", code: "invitation_answered" });
    expect(await countRows("league_members")).toBe(1);
  });

  test("joining by link settles a pending invitation: answering it afterwards is 409 invitation_answered", async () => {
    const league = await buildLeague(ctx, owner, { isPublic: false });
    const invited = await as(owner, "POST", `/api/leagues/${league.id}/invite`, {
      invitedUserId: ann.user.id,
      invitedBy: owner.user.id,
    });
    expect((await as(ann, "POST", `/api/leagues/join-by-token/${league.inviteToken}`)).status).toBe(200);
    const late = await as(ann, "POST", `/api/invitations/${invited.body.id}/accept`, { userId: ann.user.id });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("invitation_answered");
    expect(await countRows("league_members")).toBe(2);
  });
});
