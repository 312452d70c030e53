/**
 * Issue 25, leagues: a league never loses its admin to a leave or a deleted account; a private
 * league is seen only by its members and invitees; `createdBy` must be the signed-in user on edit
 * too; money with more than two decimals is refused.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { buildInvitation, buildLeague, buildUser, type BuiltUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";
import { deletedAccountPlaceholder } from "../../src/shared/accounts.ts";

let ctx: TestContext;
let ann: BuiltUser;
let ben: BuiltUser;
let cat: BuiltUser;
let dan: BuiltUser;

const as = (who: BuiltUser | null, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who?.cookie });

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: "Sunday Sharps",
  isPublic: true,
  rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
  ...overrides,
});

/** Each member's name and role, in the league's order (longest-standing first). */
async function roles(viewer: BuiltUser, leagueId: number): Promise<[string, string][]> {
  const res = await as(viewer, "GET", `/api/leagues/${leagueId}`);
  expect(res.status).toBe(200);
  return res.body.members.map((m: { username: string; role: string }) => [m.username, m.role]);
}

/** `who` joins by the league's link at `at` (the clock moves there). */
async function joinAt(who: BuiltUser, league: { inviteToken: string }, at: string) {
  ctx.clock.set(at);
  expect((await as(who, "POST", `/api/leagues/join-by-token/${league.inviteToken}`, {})).status).toBe(200);
}

/** The new admin can do an admin's work: edit the league and invite someone. */
async function canManage(admin: BuiltUser, leagueId: number, invitee: BuiltUser) {
  const edit = await as(admin, "PUT", `/api/leagues/${leagueId}`, settings({ name: "Under New Management" }));
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  expect(edit.body.name).toBe("Under New Management");
  const invited = await as(admin, "POST", `/api/leagues/${leagueId}/invite`, {
    invitedUserId: invitee.user.id,
    invitedBy: admin.user.id,
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
}

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-01T12:00:00Z" });
  ann = await buildUser(ctx, { username: "ann" });
  ben = await buildUser(ctx, { username: "ben" });
  cat = await buildUser(ctx, { username: "cat" });
  dan = await buildUser(ctx, { username: "dan" });
});
afterEach(() => ctx.close());

describe("a league always has an admin while it has members", () => {
  test("when its only admin deletes their account, the longest-standing member becomes admin and can manage it", async () => {
    const league = await buildLeague(ctx, ann);
    await joinAt(cat, league, "2026-09-03T12:00:00Z");
    await joinAt(ben, league, "2026-09-02T12:00:00Z"); // joined later in id, earlier in time
    const deleted = await as(ann, "DELETE", "/api/user", { password: ann.password });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // The deleted account stays a member (its bets stay in the standings) but is no admin.
    expect(await roles(ben, league.id)).toEqual([
      [deletedAccountPlaceholder(ann.user.id).username, "member"],
      ["ben", "admin"],
      ["cat", "member"],
    ]);
    await canManage(ben, league.id, dan);
  });

  test("on a tie in joinedAt the lowest membership id wins; deletion hands over every league the player ran", async () => {
    const first = await buildLeague(ctx, ann, { members: [cat, ben] }); // same instant: cat joined first
    const second = await buildLeague(ctx, ann, { name: "Second", members: [ben] });
    expect((await as(ann, "DELETE", "/api/user", { password: ann.password })).status).toBe(200);
    expect((await roles(ben, first.id)).filter(([, role]) => role === "admin")).toEqual([["cat", "admin"]]);
    expect((await roles(ben, second.id)).filter(([, role]) => role === "admin")).toEqual([["ben", "admin"]]);
    await canManage(cat, first.id, dan);
  });

  test("when the last admin leaves, a deleted account is passed over for the longest-standing living member", async () => {
    const league = await buildLeague(ctx, ann);
    await joinAt(ben, league, "2026-09-02T12:00:00Z");
    await joinAt(cat, league, "2026-09-03T12:00:00Z");
    expect((await as(ann, "DELETE", "/api/user", { password: ann.password })).status).toBe(200);
    expect((await as(ben, "DELETE", `/api/leagues/${league.id}/leave`, { userId: ben.user.id })).status).toBe(200);
    expect(await roles(cat, league.id)).toEqual([
      [deletedAccountPlaceholder(ann.user.id).username, "member"],
      ["cat", "admin"],
    ]);
    await canManage(cat, league.id, dan);
  });

  test("a league whose last living member deletes their account is kept, without an admin", async () => {
    const league = await buildLeague(ctx, ann);
    expect((await as(ann, "DELETE", "/api/user", { password: ann.password })).status).toBe(200);
    expect(await roles(ben, league.id)).toEqual([[deletedAccountPlaceholder(ann.user.id).username, "member"]]);
    expect((await as(ben, "POST", `/api/leagues/${league.id}/join`, { userId: ben.user.id })).status).toBe(200);
  });
});

describe("a site admin can give a league an admin", () => {
  test("a league its admins left before anyone else joined gets one of its living members as admin, audited", async () => {
    const site = await buildUser(ctx, { username: "site", role: "admin" });
    const league = await buildLeague(ctx, ann);
    expect((await as(ann, "DELETE", `/api/leagues/${league.id}/leave`, { userId: ann.user.id })).status).toBe(200);
    await joinAt(ben, league, "2026-09-02T12:00:00Z");
    await joinAt(cat, league, "2026-09-03T12:00:00Z");
    expect(await roles(ben, league.id)).toEqual([
      ["ben", "member"],
      ["cat", "member"],
    ]);
    const path = `/api/admin/leagues/${league.id}/admins/${cat.user.id}`;
    expect((await as(ben, "POST", path, {})).status).toBe(403);
    expect((await as(site, "POST", `/api/admin/leagues/${league.id}/admins/${dan.user.id}`, {})).body.code).toBe(
      "not_member",
    );
    expect((await as(site, "POST", `/api/admin/leagues/999999/admins/${cat.user.id}`, {})).status).toBe(404);
    const assigned = await as(site, "POST", path, {});
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(await roles(ben, league.id)).toEqual([
      ["ben", "member"],
      ["cat", "admin"],
    ]);
    await canManage(cat, league.id, dan);
    const audit = (await as(site, "GET", "/api/admin/audit")).body;
    expect(audit[0]).toMatchObject({ action: "league.assign_admin", subject: `league:${league.id}` });
  });

  test("a deleted account cannot be made an admin", async () => {
    const site = await buildUser(ctx, { username: "site", role: "admin" });
    const league = await buildLeague(ctx, ann, { members: [ben] });
    expect((await as(ben, "DELETE", "/api/user", { password: ben.password })).status).toBe(200);
    const res = await as(site, "POST", `/api/admin/leagues/${league.id}/admins/${ben.user.id}`, {});
    expect([res.status, res.body.code]).toEqual([409, "not_member"]);
  });
});

describe("a private league is seen only by its members and the players it invited", () => {
  test("outsiders get the same 404 as for a missing league, on reads and on every other call", async () => {
    const league = await buildLeague(ctx, ann, { isPublic: false, description: "secret plans", members: [ben] });
    const missing = await as(cat, "GET", "/api/leagues/999999");
    const hidden = await as(cat, "GET", `/api/leagues/${league.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    for (const [method, path, body] of [
      ["PUT", `/api/leagues/${league.id}`, settings({ isPublic: false })],
      ["POST", `/api/leagues/${league.id}/join`, { userId: cat.user.id }],
      ["DELETE", `/api/leagues/${league.id}/leave`, { userId: cat.user.id }],
      ["POST", `/api/leagues/${league.id}/invite`, { invitedUserId: dan.user.id, invitedBy: cat.user.id }],
      ["GET", `/api/leagues/${league.id}/invite-link`],
      ["POST", `/api/leagues/${league.id}/invite-link`, {}],
      ["GET", `/api/invitations/league/${league.id}`],
    ] as const) {
      const res = await as(cat, method, path, body);
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([404, "league_not_found"]);
    }
    const listed = (await as(cat, "GET", "/api/leagues")).body.map((l: { id: number }) => l.id);
    expect(listed).not.toContain(league.id);
    expect(JSON.stringify((await as(cat, "GET", "/api/leagues?scope=available")).body)).not.toContain("secret");
    expect((await as(ben, "GET", `/api/leagues/${league.id}`)).body.description).toBe("secret plans");
  });

  test("an invitee sees it (details, members, standings) until they decline; the invite link lets anyone in", async () => {
    const league = await buildLeague(ctx, ann, { isPublic: false, members: [ben] });
    const invitation = await buildInvitation(ctx, league, ann, cat);
    const seen = await as(cat, "GET", `/api/leagues/${league.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.members.map((m: { username: string }) => m.username)).toEqual(["ann", "ben"]);
    expect(seen.body.standings).toHaveLength(2);
    expect((await as(cat, "GET", `/api/leagues/${league.id}/invite-link`)).status).toBe(403); // members only
    await as(cat, "POST", `/api/invitations/${invitation.id}/decline`, { userId: cat.user.id });
    expect((await as(cat, "GET", `/api/leagues/${league.id}`)).status).toBe(404);
    expect((await as(dan, "POST", `/api/leagues/join-by-token/${league.inviteToken}`, {})).status).toBe(200);
    expect((await as(dan, "GET", `/api/leagues/${league.id}`)).status).toBe(200);
  });
});

describe("league settings: createdBy and money", () => {
  test("an edit naming someone else as createdBy is refused and writes nothing; naming yourself is fine", async () => {
    const league = await buildLeague(ctx, ann, { members: [ben] });
    const refused = await as(
      ann,
      "PUT",
      `/api/leagues/${league.id}`,
      settings({ name: "Hijack", createdBy: ben.user.id }),
    );
    expect([refused.status, refused.body.code]).toEqual([403, "not_you"]);
    expect(refused.body.message).toContain("createdBy");
    expect((await as(ann, "GET", `/api/leagues/${league.id}`)).body.name).toBe("Sunday Sharps");
    const fine = await as(ann, "PUT", `/api/leagues/${league.id}`, settings({ name: "Mine", createdBy: ann.user.id }));
    expect(fine.status).toBe(200);
    expect(fine.body.createdBy).toBe(ann.user.id);
  });

  test.each([
    ["rules.minWager", { minWager: 0.001 }],
    ["rules.maxWager", { maxWager: "10.005" }],
    ["rules.minWager", { minWager: 1.999 }],
  ])("%s with more than two decimals is refused on create and on edit, naming the field", async (field, money) => {
    const league = await buildLeague(ctx, ann);
    const body = settings({ name: "Fractions", rules: { allowedBetTypes: ["spread"], ...money } });
    const created = await as(ann, "POST", "/api/leagues", { ...body, createdBy: ann.user.id });
    expect(created.status).toBe(400);
    expect(created.body.message).toStartWith(`${field}:`);
    const edited = await as(ann, "PUT", `/api/leagues/${league.id}`, body);
    expect(edited.status).toBe(400);
    expect(edited.body.message).toStartWith(`${field}:`);
    const names = (await as(ann, "GET", "/api/leagues")).body.map((l: { name: string }) => l.name);
    expect(names).toEqual(["Sunday Sharps"]);
  });

  test("amounts in cents are kept exactly (0.07, '10.50', 19.99)", async () => {
    const res = await as(ann, "POST", "/api/leagues", {
      ...settings({ rules: { allowedBetTypes: ["spread"], minWager: 0.07, maxWager: 19.99 } }),
      createdBy: ann.user.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.rules).toMatchObject({ minWager: 0.07, maxWager: 19.99 });
    const edited = await as(
      ann,
      "PUT",
      `/api/leagues/${res.body.id}`,
      settings({ rules: { allowedBetTypes: ["spread"], minWager: "10.50" } }),
    );
    expect(edited.body.rules.minWager).toBe(10.5);
  });
});
