/** The test factories make what the app itself would make: each is checked through the API. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  ADMIN,
  buildBet,
  buildFriendship,
  buildInvitation,
  buildLeague,
  type BuiltUser,
  seededSeason,
  SEASON_EVE,
} from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;
let ann: BuiltUser;
let ben: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { admin, ann, ben },
  } = await seededSeason({ people: { admin: ADMIN, ann: { username: "ann" }, ben: { username: "ben" } } }));
});
afterEach(() => ctx.close());

const get = async (who: BuiltUser, path: string) => (await call(ctx.app, "GET", path, { cookie: who.cookie })).body;

describe("seededSeason", () => {
  test("stands on the eve of week 1 with the fake season synced, the people built in order, ADMIN an admin", async () => {
    expect(ctx.clock.now().toISOString()).toBe(new Date(SEASON_EVE).toISOString());
    expect((await get(ann, "/api/games")).length).toBe(5);
    expect([admin.user.id, ann.user.id, ben.user.id]).toEqual([1, 2, 3]);
    expect([admin.user.role, ann.user.role]).toEqual(["admin", "user"]);
  });
});

describe("factories", () => {
  test("buildLeague: the owner is its admin, members join, the invite token works", async () => {
    const league = await buildLeague(ctx, ann, { name: "Club", isPublic: false, members: [ben] });
    const shown = await get(ann, `/api/leagues/${league.id}`);
    expect(shown).toMatchObject({ name: "Club", isPublic: false });
    expect(shown.members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      ["ann", "admin"],
      ["ben", "member"],
    ]);
    expect((await get(ann, `/api/leagues/${league.id}/invite-link`)).inviteToken).toBe(league.inviteToken);
  });

  test("buildInvitation: pending until answered; accepting joins the league", async () => {
    const league = await buildLeague(ctx, ann, { isPublic: false });
    const pending = await buildInvitation(ctx, league, ann, ben);
    expect((await get(ben, `/api/users/${ben.user.id}/invitations`)).map((i: { id: number }) => i.id)).toEqual([
      pending.id,
    ]);
    const other = await buildLeague(ctx, ann, { name: "Second", isPublic: false });
    expect((await buildInvitation(ctx, other, ann, ben, "accepted")).status).toBe("accepted");
    expect((await get(ben, `/api/users/${ben.user.id}/leagues`)).map((l: { id: number }) => l.id)).toEqual([other.id]);
  });

  test("buildFriendship: friends both ways, or a pending request", async () => {
    await buildFriendship(ctx, ann, ben);
    expect((await get(ann, "/api/friends")).map((f: { username: string }) => f.username)).toEqual(["ben"]);
    expect((await get(ben, "/api/friends")).map((f: { username: string }) => f.username)).toEqual(["ann"]);
    const request = await buildFriendship(ctx, admin, ann, { pending: true });
    expect((await get(ann, "/api/friends/requests")).incoming.map((r: { id: number }) => r.id)).toEqual([request.id]);
  });

  test("buildBet: at the current price, on the first open game by default, into a league's book when asked", async () => {
    const bet = await buildBet(ctx, ann);
    expect(bet).toMatchObject({ gameId: "fake-w1-DAL-PHI", betType: "spread", selection: "Philadelphia Eagles" });
    expect(bet).toMatchObject({ odds: "-110", point: "-3.5", units: "1", status: "pending" });
    const total = await buildBet(ctx, ann, { gameId: "fake-w1-KC-BUF", betType: "total", units: 2 });
    expect(total).toMatchObject({ selection: "Over", units: "2" });
    const league = await buildLeague(ctx, ben, { members: [ann] });
    const inLeague = await buildBet(ctx, ann, { leagueId: league.id });
    expect(inLeague.leagueId).toBe(league.id);
    const mine = await get(ann, `/api/users/${ann.user.id}/bets`);
    expect(mine.map((b: { id: number }) => b.id).sort()).toEqual([bet.id, total.id, inLeague.id].sort());
  });
});
