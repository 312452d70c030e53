import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ABUSE_LIMITS } from "../../src/http/rate-limit.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { ADMIN, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;
let ben: BuiltUser;
let admin: BuiltUser;

const as = (who: BuiltUser, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who.cookie });

beforeEach(async () => {
  ({
    ctx,
    people: { ann, ben, admin },
  } = await seededSeason({ people: { ann: { username: "ann" }, ben: { username: "ben" }, admin: ADMIN } }));
});
afterEach(() => ctx.close());

describe("per-player rate limits", () => {
  test("search, friend requests, invitations and bet placement bursts answer 429 past their budget, per player", async () => {
    const hammer = async (limit: number, send: () => Promise<{ status: number }>) => {
      for (let i = 0; i < limit; i++) expect((await send()).status).not.toBe(429);
      const over = await send();
      expect(over.status).toBe(429);
    };
    await hammer(ABUSE_LIMITS.searches, () => as(ann, "GET", "/api/users/search?q=be"));
    expect((await as(ben, "GET", "/api/users/search?q=an")).status).toBe(200);
    await hammer(ABUSE_LIMITS.friendRequests, () =>
      as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id }),
    );
    const league = (
      await as(ann, "POST", "/api/leagues", {
        name: "L",
        isPublic: false,
        rules: { allowedBetTypes: ["spread"] },
        createdBy: ann.user.id,
      })
    ).body.id;
    await hammer(ABUSE_LIMITS.invitations, () =>
      as(ann, "POST", `/api/leagues/${league}/invite`, { invitedUserId: "ben", invitedBy: ann.user.id }),
    );
    await hammer(ABUSE_LIMITS.betPlacements, () =>
      as(ann, "POST", "/api/bets", {
        gameId: "fake-w1-DAL-PHI",
        betType: "spread",
        selection: "Philadelphia Eagles",
        odds: -110,
        point: -3.5,
        units: 1,
        replaceExisting: true,
      }),
    );
    const limited = await as(ann, "POST", "/api/bets", {
      gameId: "fake-w1-KC-BUF",
      betType: "spread",
      selection: "Buffalo Bills",
      odds: -110,
      point: -3.5,
      units: 1,
    });
    expect(limited.headers.get("retry-after")).not.toBeNull();
    ctx.clock.advance(61_000);
    expect((await as(ann, "GET", "/api/users/search?q=be")).status).toBe(200);
  });

  test("refused placements count against the budget too: a script sending stale prices is limited", async () => {
    const stale = {
      gameId: "fake-w1-DAL-PHI",
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -150,
      point: -3.5,
      units: 1,
    };
    for (let i = 0; i < ABUSE_LIMITS.betPlacements; i++) {
      const refused = await as(ann, "POST", "/api/bets", stale);
      expect(refused.status).toBe(409);
    }
    const over = await as(ann, "POST", "/api/bets", stale);
    expect(over.status).toBe(429);
    // Nothing was placed, and another player's budget is their own.
    expect((await as(ann, "GET", `/api/users/${ann.user.id}/bets`)).body).toEqual([]);
    expect((await as(ben, "POST", "/api/bets", stale)).status).toBe(409);
  });
});

describe("replaying an old request changes nothing", () => {
  test("a settled bet, a league membership and a friendship", async () => {
    const place = {
      gameId: "fake-w1-DAL-PHI",
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -110,
      point: -3.5,
      units: 1,
    };
    await as(ann, "POST", "/api/bets", place);
    await as(admin, "PATCH", "/api/games/fake-w1-DAL-PHI", { homeScore: 24, awayScore: 17, status: "completed" });
    await settleGame(ctx.db, ctx.clock.now(), "fake-w1-DAL-PHI");
    const bets = async () => (await as(ann, "GET", `/api/users/${ann.user.id}/bets`)).body;
    const before = await bets();
    expect((await as(ann, "POST", "/api/bets", { ...place, replaceExisting: true })).status).toBe(409);
    expect(
      (await as(admin, "PATCH", "/api/games/fake-w1-DAL-PHI", { homeScore: 24, awayScore: 17, status: "completed" }))
        .status,
    ).toBe(409);
    expect(await bets()).toEqual(before);

    const league = (
      await as(ann, "POST", "/api/leagues", {
        name: "L",
        isPublic: false,
        rules: { allowedBetTypes: ["spread"] },
        createdBy: ann.user.id,
      })
    ).body.id;
    const invitation = (
      await as(ann, "POST", `/api/leagues/${league}/invite`, { invitedUserId: "ben", invitedBy: ann.user.id })
    ).body.id;
    expect((await as(ben, "POST", `/api/invitations/${invitation}/accept`, { userId: ben.user.id })).status).toBe(200);
    await as(ben, "DELETE", `/api/leagues/${league}/leave`, { userId: ben.user.id });
    expect((await as(ben, "POST", `/api/invitations/${invitation}/accept`, { userId: ben.user.id })).status).toBe(409);
    expect((await as(ann, "GET", `/api/leagues/${league}`)).body.members.map((m: any) => m.username)).toEqual(["ann"]);

    const request = (await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id })).body.id;
    expect((await as(ben, "PATCH", `/api/friends/requests/${request}`, { status: "accepted" })).status).toBe(200);
    await as(ben, "DELETE", `/api/friends/${ann.user.id}`);
    expect((await as(ben, "PATCH", `/api/friends/requests/${request}`, { status: "accepted" })).status).toBe(409);
    expect((await as(ann, "GET", "/api/friends")).body).toEqual([]);
  });
});
