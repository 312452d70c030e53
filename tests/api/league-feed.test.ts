import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { ADMIN, type BuiltUser, buildLeague, buildUser, seededSeason } from "../factories.ts";
import { copiesSettled } from "../databases.ts";
import type { FakeProvider } from "../fake-provider.ts";
import { call, type TestContext } from "../support.ts";
import { LATE, moneyline, spread, SUN, THU, WEEK2 } from "./league-fixtures.ts";

let ctx: TestContext;
let provider: FakeProvider;
let admin: BuiltUser;
let owner: BuiltUser;
let member: BuiltUser;
let outsider: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    provider,
    people: { admin, owner, member, outsider },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      owner: { username: "owner" },
      member: { username: "member" },
      outsider: { username: "outsider" },
    },
  }));
});
afterEach(() => ctx.close());

async function bet(who: BuiltUser, body: Record<string, unknown>, leagueId: number | null = null) {
  const res = await call(ctx.app, "POST", "/api/bets", { body: { units: 1, leagueId, ...body }, cookie: who.cookie });
  if (res.status !== 201) throw new Error(`placing: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function parlay(who: BuiltUser, legs: Record<string, unknown>[]) {
  const body = { legs, units: 1, note: null, leagueId: null };
  const res = await call(ctx.app, "POST", "/api/parlays", { body, cookie: who.cookie });
  if (res.status !== 201) throw new Error(`placing: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function feed(who: BuiltUser, leagueId: number, cursor?: number) {
  const query = cursor === undefined ? "" : `?cursor=${cursor}`;
  const res = await call(ctx.app, "GET", `/api/picks/league/${leagueId}${query}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.body;
}

const feedIds = async (who: BuiltUser, leagueId: number) =>
  (await feed(who, leagueId)).picks.map((p: { id: number }) => p.id);

async function details(who: BuiltUser, leagueId: number) {
  const res = await call(ctx.app, "GET", `/api/leagues/${leagueId}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.body;
}

async function final(gameId: string) {
  const body = { homeScore: 24, awayScore: 17, status: "completed" };
  expect((await call(ctx.app, "PATCH", `/api/games/${gameId}`, { body, cookie: admin.cookie })).status).toBe(200);
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

describe("reveal at each game's kick-off (the default)", () => {
  test("a pending pick is absent from the feed, the details and the standings before its game kicks off, present after", async () => {
    const league = await buildLeague(ctx, owner, {
      rules: { allowedBetTypes: ["spread", "moneyline", "parlay"] },
      members: [member],
    });
    expect(league.revealPicks).toBe("kickoff");
    const sunday = await bet(member, spread(SUN, "Buffalo Bills"));
    const late = await parlay(member, [spread(THU, "Philadelphia Eagles"), moneyline(LATE, "Seattle Seahawks")]);

    ctx.clock.set("2026-09-13T16:59:59Z"); // Thursday's game is under way; Sunday's not yet
    for (const who of [owner, member]) expect(await feedIds(who, league.id)).toEqual([]);
    // When to ask again: the next kick-off of any game, whoever bet on it.
    expect((await feed(owner, league.id)).nextRevealAt).toBe("2026-09-13T17:00:00.000Z");
    const before = await details(owner, league.id);
    expect(before.standings.map((s: { totalBets: number }) => s.totalBets)).toEqual([0, 0]);
    expect(JSON.stringify(before)).not.toContain("Buffalo Bills");

    ctx.clock.set("2026-09-13T17:01:00Z"); // Sunday's kick-off: the straight pick; the parlay waits for its last leg
    const revealed = await feed(owner, league.id);
    expect(revealed.revealPicks).toBe("kickoff");
    expect(revealed.picks).toHaveLength(1);
    expect(revealed.picks[0]).toMatchObject({
      id: sunday,
      player: { userId: member.user.id, username: "member" },
      betType: "spread",
      selection: "Buffalo Bills",
      odds: "-110",
      point: "-3.5",
      wagerAmount: "100.00",
      status: "pending",
      tailedFrom: null,
      tail: null, // its game has locked
    });
    expect(revealed.picks[0]).not.toHaveProperty("note");
    expect(revealed.picks[0]).not.toHaveProperty("confidence");

    ctx.clock.set("2026-09-13T20:26:00Z");
    expect(await feedIds(owner, league.id)).toEqual([late, sunday]);

    // Settled, the feed says how it ended, and the standings count it.
    for (const game of [THU, SUN, LATE]) await final(game);
    const settled = (await feed(owner, league.id)).picks;
    expect(settled.map((p: { status: string; result: string }) => [p.status, p.result])).toEqual([
      ["won", "200.00"],
      ["won", "90.91"],
    ]);
    expect((await details(owner, league.id)).standings[0]).toMatchObject({ username: "member", totalBets: 2 });
  });

  test("shows only what the standings count: bets of members that fit the league, newest first, paged", async () => {
    const league = await buildLeague(ctx, owner, {
      rules: { allowedBetTypes: ["spread"] },
      members: [member],
    });
    await bet(member, moneyline(LATE, "Seattle Seahawks")); // a type the league does not count
    await bet(outsider, spread(SUN, "Buffalo Bills")); // not a member
    const ids: number[] = [];
    ids.push(await bet(member, spread(SUN, "Buffalo Bills")));
    ids.push(await bet(owner, spread(SUN, "Kansas City Chiefs", 3.5)));
    ctx.clock.set("2026-09-13T17:01:00Z");
    expect(await feedIds(member, league.id)).toEqual([...ids].reverse());

    // 25 picks of 25 players: a page of 20, then the rest after its cursor.
    const many: number[] = [];
    ctx.clock.set("2026-09-20T12:00:00Z");
    for (let i = 0; i < 25; i++) {
      const player = await buildUser(ctx, { username: `player${i}x` });
      await call(ctx.app, "POST", `/api/leagues/join-by-token/${league.inviteToken}`, {
        body: {},
        cookie: player.cookie,
      });
      many.push(await bet(player, spread(WEEK2, "Kansas City Chiefs")));
    }
    ctx.clock.set("2026-09-20T17:01:00Z");
    const first = await feed(owner, league.id);
    expect(first.picks.map((p: { id: number }) => p.id)).toEqual([...many].reverse().slice(0, 20));
    const second = await feed(owner, league.id, first.nextCursor);
    expect(second.picks.map((p: { id: number }) => p.id)).toEqual([
      ...[...many].reverse().slice(20),
      ...[...ids].reverse(),
    ]);
    expect(second.nextCursor).toBeNull();
  });

  test("a contest league shows its own book only", async () => {
    const league = await buildLeague(ctx, owner, { startingBankroll: 1000, members: [member] });
    await bet(member, spread(SUN, "Buffalo Bills")); // individual: not this league's
    const inBook = await bet(member, moneyline(SUN, "Buffalo Bills"), league.id);
    ctx.clock.set("2026-09-13T17:01:00Z");
    expect(await feedIds(owner, league.id)).toEqual([inBook]);
  });

  test("members only: an outsider of a public league is refused (403), of a private one it does not exist (404)", async () => {
    const open = await buildLeague(ctx, owner, { members: [member] });
    const closed = await buildLeague(ctx, owner, { isPublic: false, members: [member] });
    const get = (id: number) => call(ctx.app, "GET", `/api/picks/league/${id}`, { cookie: outsider.cookie });
    expect((await get(open.id)).status).toBe(403);
    expect((await get(open.id)).body.code).toBe("members_only");
    expect((await get(closed.id)).status).toBe(404);
    const bad = await call(ctx.app, "GET", `/api/picks/league/${open.id}?cursor=abc`, { cookie: member.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: expect.any(String), message: expect.stringContaining("cursor") });
  });
});

describe("reveal at the week's first kick-off", () => {
  test("every pick of the week shows at its first kick-off, while later games are open", async () => {
    const league = await buildLeague(ctx, owner, { revealPicks: "week_start", members: [member] });
    expect(league.revealPicks).toBe("week_start");
    const sunday = await bet(member, spread(SUN, "Buffalo Bills"));
    const nextWeek = await bet(member, spread(WEEK2, "Kansas City Chiefs"));

    ctx.clock.set("2026-09-11T00:19:59Z");
    expect(await feedIds(owner, league.id)).toEqual([]);
    ctx.clock.set("2026-09-11T00:21:00Z"); // Thursday night: week 1 has begun
    const picks = (await feed(owner, league.id)).picks;
    expect(picks.map((p: { id: number }) => p.id)).toEqual([sunday]);
    expect(picks[0].tail).toEqual({ odds: -110, point: -3.5 }); // Sunday's game is still open
    // The player's own pick is not theirs to tail.
    expect((await feed(member, league.id)).picks[0].tail).toBeNull();

    ctx.clock.set("2026-09-20T17:01:00Z");
    expect(await feedIds(owner, league.id)).toEqual([nextWeek, sunday]);
  });
});

describe("never reveal", () => {
  test("the feed stays empty, settled or not; the standings still count settled bets", async () => {
    const league = await buildLeague(ctx, owner, { revealPicks: "never", members: [member] });
    await bet(member, spread(SUN, "Buffalo Bills"));
    ctx.clock.set("2026-09-13T17:01:00Z");
    expect(await feed(owner, league.id)).toMatchObject({ revealPicks: "never", picks: [], nextCursor: null });
    await final(SUN);
    expect(await feedIds(owner, league.id)).toEqual([]);
    expect((await details(owner, league.id)).standings[0]).toMatchObject({ username: "member", totalBets: 1 });
  });

  test("the commissioner changes it in Edit League; left out of an edit, it stays", async () => {
    const league = await buildLeague(ctx, owner, { members: [member] });
    const body = { name: league.name, isPublic: true, rules: { allowedBetTypes: ["spread"] } };
    const put = (extra: Record<string, unknown>, who = owner) =>
      call(ctx.app, "PUT", `/api/leagues/${league.id}`, { body: { ...body, ...extra }, cookie: who.cookie });
    expect((await put({ revealPicks: "never" })).body.revealPicks).toBe("never");
    expect((await put({})).body.revealPicks).toBe("never");
    const bad = await put({ revealPicks: "sometimes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("revealPicks");
    expect((await put({ revealPicks: "kickoff" }, member)).status).toBe(403);
    expect((await details(owner, league.id)).revealPicks).toBe("never");
  });
});

describe("Tail", () => {
  async function tail(who: BuiltUser, pickId: number, body: Record<string, unknown>) {
    return call(ctx.app, "POST", "/api/bets", {
      body: { units: 1, leagueId: null, tailOf: pickId, ...body },
      cookie: who.cookie,
    });
  }

  test("follows a revealed pick at the current price; the feed shows whom and what the later price cost", async () => {
    const league = await buildLeague(ctx, owner, { revealPicks: "week_start", members: [member] });
    const original = await bet(member, spread(SUN, "Buffalo Bills"));
    const hidden = await bet(member, spread(WEEK2, "Kansas City Chiefs"));

    // Thursday night: week 1's picks show; Buffalo has moved to −4.5.
    ctx.clock.set("2026-09-11T01:00:00Z");
    provider.spreadShift = -1;
    await syncGames(ctx.db, provider, ctx.clock.now());
    const offered = (await feed(owner, league.id)).picks[0];
    expect(offered.tail).toEqual({ odds: -110, point: -4.5 });

    // Refused: a pick not revealed yet, one's own, another selection, and anyone sharing no league with it.
    const notYet = await tail(owner, hidden, spread(WEEK2, "Kansas City Chiefs"));
    expect(notYet.body).toMatchObject({ code: "pick_not_found" });
    expect(notYet.status).toBe(404);
    expect(notYet.body.code).toBe("pick_not_found");
    const missing = await tail(owner, 999_999, spread(SUN, "Buffalo Bills", -4.5));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(notYet.body); // a hidden pick answers as no pick at all
    expect((await tail(member, original, spread(SUN, "Buffalo Bills", -4.5))).body.code).toBe("tail_own_pick");
    expect((await tail(owner, original, spread(SUN, "Kansas City Chiefs", 4.5))).body.code).toBe("tail_mismatch");
    const stranger = await tail(outsider, original, spread(SUN, "Buffalo Bills", -4.5));
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe("pick_not_found");
    const bad = await tail(owner, -1, spread(SUN, "Buffalo Bills", -4.5));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("tailOf");

    const tailed = await tail(owner, original, spread(SUN, "Buffalo Bills", -4.5));
    expect(tailed.status).toBe(201);
    expect(tailed.body).toMatchObject({ odds: "-110", point: "-4.5" });
    // The refusals left nothing behind: the tail is the owner's only bet.
    const mine = await call(ctx.app, "GET", `/api/users/${owner.user.id}/bets`, { cookie: owner.cookie });
    expect(mine.body).toHaveLength(1);

    const row = (await feed(member, league.id)).picks.find((p: { id: number }) => p.id === tailed.body.id);
    expect(row.tailedFrom).toEqual({
      betId: original,
      username: "member",
      odds: "-110",
      point: "-3.5",
      clv: null,
      clvCost: null,
    });

    // Sunday's kick-off records the closing line (−4.5): the original beat it, the tail paid the move.
    ctx.clock.set("2026-09-13T17:01:00Z");
    await syncGames(ctx.db, provider, ctx.clock.now());
    const closed = (await feed(member, league.id)).picks;
    const tailRow = closed.find((p: { id: number }) => p.id === tailed.body.id);
    const originalRow = closed.find((p: { id: number }) => p.id === original);
    expect(originalRow.clv).toBeGreaterThan(tailRow.clv);
    expect(tailRow.tailedFrom.clv).toBe(originalRow.clv);
    expect(tailRow.tailedFrom.clvCost).toBeCloseTo(originalRow.clv - tailRow.clv, 1);
    expect(tailRow.tailedFrom.clvCost).toBeGreaterThan(0);
  });

  test("in 'kickoff' mode a revealed straight pick's game has locked: too late to tail", async () => {
    const league = await buildLeague(ctx, owner, { members: [member] });
    const original = await bet(member, spread(SUN, "Buffalo Bills"));
    ctx.clock.set("2026-09-13T17:01:00Z");
    expect((await feed(owner, league.id)).picks[0].tail).toBeNull();
    const late = await tail(owner, original, spread(SUN, "Buffalo Bills"));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("game_locked");
  });

  test("another league's feed does not name a pick only a different league revealed", async () => {
    const weekly = await buildLeague(ctx, owner, { revealPicks: "week_start", members: [member] });
    const other = await buildLeague(ctx, owner, { name: "Other", members: [outsider] });
    const original = await bet(member, spread(SUN, "Buffalo Bills"));
    ctx.clock.set("2026-09-11T01:00:00Z");
    const tailed = await tail(owner, original, spread(SUN, "Buffalo Bills"));
    expect(tailed.status).toBe(201);
    ctx.clock.set("2026-09-13T17:01:00Z");
    const inOther = (await feed(outsider, other.id)).picks;
    expect(inOther.map((p: { id: number; tailedFrom: unknown }) => [p.id, p.tailedFrom])).toEqual([
      [tailed.body.id, null],
    ]);
    expect((await feed(member, weekly.id)).picks[0].tailedFrom).toMatchObject({ betId: original });
  });
});

describe("the live channel", () => {
  test("says nothing to the league of a member's pick, before or after its reveal", async () => {
    await buildLeague(ctx, owner, { members: [member] });
    await copiesSettled();
    await ctx.runtime.startDelivery({ intervalMs: 10 });
    ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
    const origin = `http://127.0.0.1:${ctx.app.server!.port}`;
    const messages: unknown[] = [];
    const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, {
      headers: { origin, cookie: owner.cookie },
    } as unknown as string[]);
    ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (messages.length > 0) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    const hello = messages.length;
    const id = await bet(member, spread(SUN, "Buffalo Bills"));
    await Bun.sleep(300);
    ctx.clock.set("2026-09-13T17:01:00Z");
    await Bun.sleep(200);
    const heard = JSON.stringify(messages.slice(hello));
    expect(heard).not.toContain("Buffalo Bills");
    expect(heard).not.toContain(`"betId":${id}`);
    expect(messages.slice(hello)).toEqual([]);
    ws.close();
    await ctx.app.stop();
  });
});
