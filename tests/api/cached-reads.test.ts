/**
 * Cached public reads (issue 16): strong ETags and 304s, compression by Accept-Encoding, and never
 * a stale answer — every write that changes an answer makes the next read fresh.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { bumpDataVersion, dataVersion } from "../../src/runtime/data-versions.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { ADMIN, buildUser, type BuiltUser, seededSeason } from "../factories.ts";
import type { FakeProvider } from "../fake-provider.ts";
import { BASE, call, type TestContext } from "../support.ts";

let ctx: TestContext;
let provider: FakeProvider;
let admin: BuiltUser;
let alice: BuiltUser;
let bob: BuiltUser;

const THU = "fake-w1-DAL-PHI";
const SUN = "fake-w1-KC-BUF";

beforeEach(async () => {
  ({
    ctx,
    provider,
    people: { admin, alice, bob },
  } = await seededSeason({ people: { admin: ADMIN, alice: { username: "alice" }, bob: { username: "bob" } } }));
});
afterEach(() => ctx.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.handle(new Request(`${BASE}${path}`, { headers }));
const gamesOf = async (path: string) =>
  (await (await get(path)).json()) as {
    id: string;
    status: string;
    homeScore: number | null;
    odds: { marketType: string; outcomes: { point?: number }[] }[];
  }[];
const resolve = (id: string, body: Record<string, unknown>) =>
  call(ctx.app, "PATCH", `/api/games/${id}`, { body: { status: "completed", ...body }, cookie: admin.cookie });
const spreadBet = (gameId: string, selection: string, point: number) => ({
  gameId,
  betType: "spread",
  selection,
  odds: -110,
  point,
  units: 1,
});

describe("ETags and 304", () => {
  test("a repeated read with the answer's ETag gets 304 without a body; a changed answer gets a new tag", async () => {
    const first = await get("/api/games?week=1");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-z]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await get("/api/games?week=1", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect((await get("/api/games?week=1", { "if-none-match": `W/"x", ${etag}` })).status).toBe(304);

    expect((await resolve(THU, { homeScore: 24, awayScore: 17 })).status).toBe(200);
    const after = await get("/api/games?week=1", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  test("malformed If-None-Match and Accept-Encoding headers are ignored: a full 200 answer", async () => {
    const full = await (await get("/api/games?week=1")).text();
    for (const header of ['"unterminated', "no-quotes", '"a" "b"', ",,,", 'W/"', "\u00ff"]) {
      const res = await get("/api/games?week=1", { "if-none-match": header });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(full);
    }
    for (const header of [";;;q=abc, *;q=x", "gzip;q=2", "br;q=", "\u00ff"]) {
      const res = await get("/api/games?week=1", { "accept-encoding": header });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(await res.text()).toBe(full);
    }
  });

  test("answers above 1 KB are compressed for clients that accept it, with Vary", async () => {
    const plain = await (await get("/api/games")).text();
    expect(plain.length).toBeGreaterThan(1024);
    const gz = await get("/api/games", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toContain("Accept-Encoding");
    expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(plain);
    // Tags name exact bytes: the gzip answer's tag differs but revalidates the same entity.
    const tag = gz.headers.get("etag")!;
    expect(tag).toMatch(/-gzip"$/);
    expect((await get("/api/games", { "accept-encoding": "gzip", "if-none-match": tag })).status).toBe(304);
  });
});

describe("never stale", () => {
  test("resolve, regrade and sync each make the next games read fresh", async () => {
    expect((await gamesOf("/api/games?week=1")).find((g) => g.id === THU)!.status).toBe("upcoming");
    ctx.clock.set(new Date("2026-09-11T04:00:00Z"));
    await resolve(THU, { homeScore: 24, awayScore: 17 });
    expect((await gamesOf("/api/games?week=1")).find((g) => g.id === THU)).toMatchObject({
      status: "completed",
      homeScore: 24,
    });
    await resolve(THU, { homeScore: 27, awayScore: 17, regrade: true });
    expect((await gamesOf("/api/games?week=1")).find((g) => g.id === THU)!.homeScore).toBe(27);
    const point = (games: Awaited<ReturnType<typeof gamesOf>>) =>
      games.find((g) => g.id === SUN)!.odds.find((o) => o.marketType === "spreads")!.outcomes[1]!.point;
    expect(point(await gamesOf("/api/games?week=1"))).toBe(-3.5);
    provider.spreadShift = -1;
    await syncGames(ctx.db, provider, ctx.clock.now());
    expect(point(await gamesOf("/api/games?week=1"))).toBe(-4.5);
    expect(point(await gamesOf("/api/games"))).toBe(-4.5);
  });

  test("a kick-off makes the game live without any write: the answer expires with the clock", async () => {
    expect((await gamesOf("/api/games?week=1")).find((g) => g.id === THU)!.status).toBe("upcoming");
    const week = await (await get("/api/weeks/current")).json();
    ctx.clock.set(new Date("2026-09-11T00:21:00Z"));
    expect((await gamesOf("/api/games?week=1")).find((g) => g.id === THU)!.status).toBe("live");
    // Every week-1 game started more than 4 hours ago: the current week moves on.
    ctx.clock.set(new Date("2026-09-14T02:00:00Z"));
    expect(week).toEqual({ season: 2026, week: 1 });
    expect(await (await get("/api/weeks/current")).json()).toEqual({ season: 2026, week: 2 });
  });

  test("a clock set back never gets an answer built for a later time", async () => {
    ctx.clock.set(new Date("2026-09-15T12:00:00Z"));
    expect(await (await get("/api/weeks/current")).json()).toEqual({ season: 2026, week: 2 });
    ctx.clock.set(new Date("2026-09-09T12:00:00Z"));
    expect(await (await get("/api/weeks/current")).json()).toEqual({ season: 2026, week: 1 });
    expect((await gamesOf("/api/games?week=1")).find((g) => g.id === THU)!.status).toBe("upcoming");
  });

  test("settlement, a username change and an account deletion each make the next board read fresh", async () => {
    await call(ctx.app, "POST", "/api/bets", {
      body: spreadBet(THU, "Philadelphia Eagles", -3.5),
      cookie: alice.cookie,
    });
    await call(ctx.app, "POST", "/api/bets", { body: spreadBet(THU, "Dallas Cowboys", 3.5), cookie: bob.cookie });
    const names = async (path: string) =>
      ((await (await get(path)).json()) as { username: string }[]).map((e) => e.username);
    expect(await names("/api/leaderboard")).toEqual([]);
    expect(await names("/api/leaderboard/week/1")).toEqual([]);
    await resolve(THU, { homeScore: 24, awayScore: 17 });
    await settleGame(ctx.db, ctx.clock.now(), THU);
    expect(await names("/api/leaderboard")).toEqual(["alice", "bob"]);
    expect(await names("/api/leaderboard/week/1")).toEqual(["alice", "bob"]);
    await call(ctx.app, "PUT", "/api/user/username", { cookie: alice.cookie, body: { username: "alicia" } });
    expect(await names("/api/leaderboard")).toEqual(["alicia", "bob"]);
    await call(ctx.app, "DELETE", "/api/user", { cookie: bob.cookie, body: { password: bob.password } });
    expect(await names("/api/leaderboard/week/1")).toEqual(["alicia", `Deleted user #${bob.user.id}`]);
  });

  test("another process's write reaches this one through its delivered event", async () => {
    const before = dataVersion("games");
    await ctx.bus.emit(
      { id: 1, type: "odds_update", userId: null, payload: { games: null, currentWeek: { season: 2026, week: 1 } } },
      () => {},
    );
    expect(dataVersion("games")).toBeGreaterThan(before);

    await call(ctx.app, "POST", "/api/bets", {
      body: spreadBet(THU, "Philadelphia Eagles", -3.5),
      cookie: alice.cookie,
    });
    await call(ctx.app, "POST", "/api/bets", { body: spreadBet(THU, "Dallas Cowboys", 3.5), cookie: bob.cookie });
    await resolve(THU, { homeScore: 24, awayScore: 17 });
    await settleGame(ctx.db, ctx.clock.now(), THU);
    const names = async () =>
      ((await (await get("/api/leaderboard")).json()) as { username: string }[]).map((e) => e.username);
    expect(await names()).toEqual(["alice", "bob"]);
    // Another process settled bob's bet anew: its figures are in the database, its event is delivered here.
    await ctx.db
      .updateTable("user_book_stats")
      .set({ profit_cents: 50_000 })
      .where("user_id", "=", bob.user.id)
      .where("book_id", "=", 0)
      .execute();
    await ctx.bus.emit(
      { id: 2, type: "bet_settlements", userId: null, payload: { settlements: [{ userId: bob.user.id }] } },
      () => {},
    );
    await Bun.sleep(100);
    expect(await names()).toEqual(["bob", "alice"]);

    // Another process renamed alice: the row changed there, its event is delivered here.
    await ctx.db.updateTable("users").set({ username: "alicia" }).where("id", "=", alice.user.id).execute();
    await ctx.bus.emit({ id: 3, type: "user.renamed", userId: null, payload: { userId: alice.user.id } }, () => {});
    expect(await names()).toEqual(["bob", "alicia"]);

    // Closing lines, recorded at kick-off by whichever process runs the jobs, announce only this.
    const games = dataVersion("games");
    await ctx.bus.emit({ id: 4, type: "games.changed", userId: null, payload: {} }, () => {});
    expect(dataVersion("games")).toBeGreaterThan(games);
  });
});

describe("personal parts stay personal", () => {
  test("the shared board is cached; each viewer beyond the top gets only their own row appended", async () => {
    // 101 winners fill the top 100 of week 1; alice and bob lose and rank below them.
    const winners = await Promise.all(
      Array.from({ length: 101 }, (_, i) => buildUser(ctx, { username: `winner_${i}` })),
    );
    for (const w of winners)
      await call(ctx.app, "POST", "/api/bets", { body: spreadBet(THU, "Philadelphia Eagles", -3.5), cookie: w.cookie });
    await call(ctx.app, "POST", "/api/bets", { body: spreadBet(THU, "Dallas Cowboys", 3.5), cookie: alice.cookie });
    await call(ctx.app, "POST", "/api/bets", {
      body: { ...spreadBet(THU, "Dallas Cowboys", 3.5), units: 2 },
      cookie: bob.cookie,
    });
    await resolve(THU, { homeScore: 24, awayScore: 17 });
    await settleGame(ctx.db, ctx.clock.now(), THU);
    const asVisitor = (await (await get("/api/leaderboard/week/1")).json()) as { username: string; rank: number }[];
    expect(asVisitor).toHaveLength(101);
    expect(asVisitor.every((e) => e.rank === 1)).toBe(true);
    const tail = async (who: BuiltUser) =>
      (
        (await (await get("/api/leaderboard/week/1", { cookie: who.cookie })).json()) as {
          username: string;
          rank: number;
        }[]
      ).slice(101);
    expect(await tail(alice)).toMatchObject([{ username: "alice", rank: 102 }]);
    expect(await tail(bob)).toMatchObject([{ username: "bob", rank: 103 }]);
    expect(await tail(winners[0]!)).toEqual([]);
  });

  test("a spurious version bump only rebuilds: the answer is the same", async () => {
    const first = await get("/api/games?week=1");
    bumpDataVersion("games");
    const second = await get("/api/games?week=1");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });
});
