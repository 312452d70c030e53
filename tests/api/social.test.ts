import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { buildUser, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";
import { copiesSettled } from "../databases.ts";

let ctx: TestContext;
let ann: BuiltUser;
let ben: BuiltUser;
let cal: BuiltUser;

const as = (who: BuiltUser | null, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who?.cookie });

beforeEach(async () => {
  ({
    ctx,
    people: { ann, ben, cal },
  } = await seededSeason({
    people: {
      ann: { username: "ann_smith", email: "ann@example.com" },
      ben: { username: "ben_jones", email: "ben@example.com" },
      cal: { username: "cal_annex", email: "cal@example.com" },
    },
  }));
  // A fresh database each test: on a loaded machine PostgreSQL's can take longer than bun's 5 s.
}, 30_000);
afterEach(() => ctx.close());

describe("friend requests", () => {
  test("request, see both sides, accept: friends both ways, emails between friends", async () => {
    const sent = await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      requesterId: ann.user.id,
      addresseeId: ben.user.id,
      status: "pending",
      requester: { username: "ann_smith" },
      addressee: { username: "ben_jones" },
    });
    expect(sent.body.requester.email).toBeUndefined();
    const bens = (await as(ben, "GET", "/api/friends/requests")).body;
    expect(bens.outgoing).toEqual([]);
    expect(bens.incoming[0].requester).toEqual({ username: "ann_smith", email: "ann@example.com" });
    expect((await as(ann, "GET", "/api/friends/requests")).body.outgoing.map((r: any) => r.id)).toEqual([sent.body.id]);
    const accepted = await as(ben, "PATCH", `/api/friends/requests/${sent.body.id}`, { status: "accepted" });
    expect(accepted.body.status).toBe("accepted");
    expect((await as(ann, "GET", "/api/friends")).body.map((f: any) => [f.username, f.email])).toEqual([
      ["ben_jones", "ben@example.com"],
    ]);
    expect((await as(ben, "GET", "/api/friends")).body.map((f: any) => f.username)).toEqual(["ann_smith"]);
  });

  test("a request to someone who already asked you accepts theirs", async () => {
    await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    const back = await as(ben, "POST", "/api/friends/requests", { addresseeId: ann.user.id });
    expect(back.body.status).toBe("accepted");
    expect((await as(ann, "GET", "/api/friends")).body).toHaveLength(1);
  });

  test("bad requests: yourself 400, unknown 404, duplicate 409, already friends 409; nothing written", async () => {
    expect((await as(ann, "POST", "/api/friends/requests", { addresseeId: ann.user.id })).status).toBe(400);
    expect((await as(ann, "POST", "/api/friends/requests", { addresseeId: 9999 })).status).toBe(404);
    expect((await as(ann, "POST", "/api/friends/requests", { addresseeId: "x" })).status).toBe(400);
    await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    expect((await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id })).status).toBe(409);
    const rows = await ctx.db.selectFrom("friend_requests").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect((await as(null, "POST", "/api/friends/requests", { addresseeId: ben.user.id })).status).toBe(401);
  });

  test("only the addressee answers, once", async () => {
    const { body } = await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    expect((await as(ann, "PATCH", `/api/friends/requests/${body.id}`, { status: "accepted" })).status).toBe(403);
    expect((await as(cal, "PATCH", `/api/friends/requests/${body.id}`, { status: "accepted" })).status).toBe(403);
    expect((await as(ben, "PATCH", `/api/friends/requests/${body.id}`, { status: "maybe" })).status).toBe(400);
    expect((await as(ben, "PATCH", `/api/friends/requests/${body.id}`, { status: "declined" })).body.status).toBe(
      "declined",
    );
    expect((await as(ben, "PATCH", `/api/friends/requests/${body.id}`, { status: "accepted" })).status).toBe(409);
    expect((await as(ben, "PATCH", `/api/friends/requests/999`, { status: "accepted" })).status).toBe(404);
    expect((await as(ann, "GET", "/api/friends")).body).toEqual([]);
  });

  test("removing a friend ends it both ways; a non-friend 404", async () => {
    const { body } = await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    await as(ben, "PATCH", `/api/friends/requests/${body.id}`, { status: "accepted" });
    expect((await as(ben, "DELETE", `/api/friends/${ann.user.id}`)).status).toBe(200);
    expect((await as(ann, "GET", "/api/friends")).body).toEqual([]);
    expect((await as(ann, "DELETE", `/api/friends/${ben.user.id}`)).status).toBe(404);
  });
});

describe("GET /api/users/search", () => {
  test("trimmed, at least 2 characters, any case, ids and usernames only, never yourself, prefix matches first", async () => {
    const res = await as(ann, "GET", "/api/users/search?q=%20ANN%20");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: cal.user.id, username: "cal_annex" }]);
    const all = await as(ben, "GET", "/api/users/search?q=an");
    expect(all.body.map((u: any) => u.username)).toEqual(["ann_smith", "cal_annex"]);
    expect(Object.keys(all.body[0]).sort()).toEqual(["id", "username"]);
    expect((await as(ann, "GET", "/api/users/search?q=%25")).status).toBe(400);
    expect((await as(ann, "GET", "/api/users/search?q=_%25")).body).toEqual([]);
    expect((await as(ann, "GET", "/api/users/search?q=a")).status).toBe(400);
    expect((await as(ann, "GET", "/api/users/search?q=%20a%20")).status).toBe(400);
    expect((await as(null, "GET", "/api/users/search?q=ann")).status).toBe(401);
  });
});

describe("GET /api/friends/:id/analytics", () => {
  test("friends only, with the message the client shows", async () => {
    const refused = await as(ann, "GET", `/api/friends/${ben.user.id}/analytics`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "Failed to load friend's analytics. You can only view analytics for your friends.",
    );
    const { body } = await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    await as(ben, "PATCH", `/api/friends/requests/${body.id}`, { status: "accepted" });
    const ok = await as(ann, "GET", `/api/friends/${ben.user.id}/analytics`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      user: { username: "ben_jones", email: "ben@example.com" },
      stats: { totalBets: 0, totalProfit: "0.00" },
    });
  });
});

describe("notifications", () => {
  test("friend requests, acceptances, league invitations, settlements and the coverage reminder; unread clears when seen", async () => {
    const admin = await buildUser(ctx, { email: "admin@example.com" });
    const first = (await as(ben, "GET", "/api/notifications")).body;
    expect(first.items.map((i: any) => i.type)).toEqual(["coverage_reminder"]);
    expect(first.items[0].body).toBe("Bet 2 more games in Week 1 to be eligible for the prize.");

    ctx.clock.advance(60_000);
    const { body: request } = await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    ctx.clock.advance(60_000);
    const league = (
      await as(cal, "POST", "/api/leagues", {
        name: "Cal's",
        isPublic: false,
        rules: { allowedBetTypes: ["spread"] },
        createdBy: cal.user.id,
      })
    ).body;
    await as(cal, "POST", `/api/leagues/${league.id}/invite`, { invitedUserId: "ben_jones", invitedBy: cal.user.id });
    ctx.clock.advance(60_000);
    await as(ben, "POST", "/api/bets", {
      gameId: "fake-w1-DAL-PHI",
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -110,
      point: -3.5,
      units: 1,
    });
    ctx.clock.set("2026-09-11T05:00:00Z");
    await as(admin, "PATCH", "/api/games/fake-w1-DAL-PHI", { homeScore: 24, awayScore: 17, status: "completed" });
    await settleGame(ctx.db, ctx.clock.now(), "fake-w1-DAL-PHI");

    const bens = (await as(ben, "GET", "/api/notifications")).body;
    expect(bens.items.map((i: any) => i.type)).toEqual([
      "settlement",
      "league_invitation",
      "friend_request",
      "coverage_reminder",
    ]);
    // In the toast's words (issue 46 item 7): the line and the score.
    expect(bens.items[0]).toMatchObject({
      title: "Bet won!",
      body: "PHI −3.5 · DAL 17 – 24 PHI · +$90.91",
      link: "/my-bets",
    });
    expect(bens.items[1].body).toBe("cal_annex invited you to Cal's");
    // The waiting request and invitation say what the bell answers; the others carry nothing to answer.
    expect(bens.items[1].answer).toEqual({ kind: "league_invitation", invitationId: expect.any(Number) });
    expect(bens.items[2].answer).toEqual({ kind: "friend_request", requestId: request.id });
    expect(bens.items[0].answer).toBeUndefined();
    expect(bens.unread).toBe(4);
    expect((await as(ben, "POST", "/api/notifications/seen")).body).toEqual({ unread: 0 });
    expect((await as(ben, "GET", "/api/notifications")).body.unread).toBe(0);

    ctx.clock.advance(60_000);
    await as(ben, "PATCH", `/api/friends/requests/${request.id}`, { status: "accepted" });
    const anns = (await as(ann, "GET", "/api/notifications")).body;
    expect(anns.items[0]).toMatchObject({
      type: "friend_accepted",
      body: "ben_jones accepted your friend request",
      unread: true,
    });
    expect((await as(null, "GET", "/api/notifications")).status).toBe(401);
  });

  test("a corrected score is its own entry, 'Score corrected', dated when it was told (issue 46 item 7)", async () => {
    const admin = await buildUser(ctx, { email: "admin@example.com" });
    await as(ben, "POST", "/api/bets", {
      gameId: "fake-w1-DAL-PHI",
      betType: "spread",
      selection: "Philadelphia Eagles",
      odds: -110,
      point: -3.5,
      units: 1,
    });
    ctx.clock.set("2026-09-11T05:00:00Z");
    await as(admin, "PATCH", "/api/games/fake-w1-DAL-PHI", { homeScore: 24, awayScore: 17, status: "completed" });
    await settleGame(ctx.db, ctx.clock.now(), "fake-w1-DAL-PHI");
    ctx.clock.set("2026-09-11T06:00:00Z");
    const regraded = await as(admin, "PATCH", "/api/games/fake-w1-DAL-PHI", {
      homeScore: 20,
      awayScore: 17,
      status: "completed",
      regrade: true,
    });
    expect(regraded.status).toBe(200);
    await settleGame(ctx.db, ctx.clock.now(), "fake-w1-DAL-PHI", {
      regrade: true,
      previous: { homeScore: 24, awayScore: 17 },
    });
    const settlements = (await as(ben, "GET", "/api/notifications")).body.items.filter(
      (i: any) => i.type === "settlement",
    );
    expect(settlements.map((i: any) => [i.title, i.body, i.at])).toEqual([
      [
        "Score corrected",
        "PHI −3.5: won → lost · DAL 17 – 24 PHI → DAL 17 – 20 PHI · now −$100.00",
        "2026-09-11T06:00:00.000Z",
      ],
      ["Bet won!", "PHI −3.5 · DAL 17 – 24 PHI · +$90.91", "2026-09-11T05:00:00.000Z"],
    ]);
  });

  test("the coverage reminder is never dated before the account existed", async () => {
    // Week 1's reminder is dated a week before its first kick-off: long before a player who signs up now.
    ctx.clock.advance(5 * 60_000);
    const newcomer = await buildUser(ctx, { username: "new_nina", email: "nina@example.com" });
    const { items } = (await as(newcomer, "GET", "/api/notifications")).body;
    expect(items.map((i: any) => i.type)).toEqual(["coverage_reminder"]);
    expect(items[0].at).toBe(ctx.clock.now().toISOString());
    // An older account keeps the week's own date, so it reads the same on every visit.
    const anns = (await as(ann, "GET", "/api/notifications")).body.items;
    expect(anns[0].at < items[0].at).toBe(true);
  });

  test("the coverage reminder never asks for more games than are left open and unbet", async () => {
    const late = await as(ben, "POST", "/api/bets", {
      gameId: "fake-w1-SF-SEA",
      betType: "spread",
      selection: "Seattle Seahawks",
      odds: -110,
      point: -3.5,
      units: 1,
    });
    expect(late.status).toBe(201);
    ctx.clock.set("2026-09-13T17:30:00Z"); // Thursday's and Sunday's early game have started unbet
    // 1 more game is needed and Sunday's late game is still open, but it is already bet: nothing can be done.
    const { items } = (await as(ben, "GET", "/api/notifications")).body;
    expect(items.map((i: any) => i.type)).toEqual([]);
  });

  test("friend requests and invitations reach the other player's sockets as a nudge to refetch", async () => {
    const types: string[] = [];
    ctx.bus.on("friend_request", (e) => void types.push(`friend_request:${e.userId}`));
    const { OutboxDispatcher } = await import("../../src/runtime/dispatcher.ts");
    const dispatcher = new OutboxDispatcher(ctx.db, ctx.bus, ctx.clock, ctx.logger, 10_000);
    await dispatcher.start();
    await as(ann, "POST", "/api/friends/requests", { addresseeId: ben.user.id });
    await copiesSettled();
    await dispatcher.tick();
    expect(types).toEqual([`friend_request:${ben.user.id}`]);
    await dispatcher.stop();
  });
});
