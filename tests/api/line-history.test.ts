/**
 * Line history (issue 29 item 1): every change of every line a provider sync sees is kept once,
 * a row per selection that moved, in the sync's transaction; GET /api/games/{id}/lines answers it
 * oldest first, a page of at most 1000 changes at a time.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { EmbeddedProvider } from "../../src/modules/feeds/providers/embedded/index.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

const KC_BUF = "fake-w1-KC-BUF";
let ctx: TestContext;
let provider: FakeProvider;

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-08T12:00:00Z" });
  provider = new FakeProvider();
  await syncGames(ctx.db, provider, ctx.clock.now());
});
afterEach(() => ctx.close());

const lines = async (id: string, query = "") => call(ctx.app, "GET", `/api/games/${id}/lines${query}`);
const storedChanges = async () =>
  Number(
    (
      await ctx.db
        .selectFrom("line_changes")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("recording", () => {
  test("a new game's first lines are its opening: one change per selection, with market, point, price, time, source", async () => {
    const res = await lines(KC_BUF);
    expect(res.status).toBe(200);
    expect(res.body.gameId).toBe(KC_BUF);
    expect(res.body.next).toBeNull();
    const rows = res.body.changes.map(({ id: _id, ...rest }: Record<string, unknown>) => rest);
    const at = "2026-09-08T12:00:00.000Z";
    expect(rows).toEqual([
      { market: "spreads", selection: "Kansas City Chiefs", point: 3.5, price: -110, at, source: "fake" },
      { market: "spreads", selection: "Buffalo Bills", point: -3.5, price: -110, at, source: "fake" },
      { market: "totals", selection: "Over", point: 45.5, price: -110, at, source: "fake" },
      { market: "totals", selection: "Under", point: 45.5, price: -110, at, source: "fake" },
      { market: "h2h", selection: "Kansas City Chiefs", point: null, price: 150, at, source: "fake" },
      { market: "h2h", selection: "Buffalo Bills", point: null, price: -175, at, source: "fake" },
    ]);
  });

  test("a sync that changes nothing stores nothing, a moved prop stores nothing either", async () => {
    const before = await storedChanges();
    expect(before).toBe(5 * 6);
    ctx.clock.advance(60 * 60 * 1000);
    await syncGames(ctx.db, provider, ctx.clock.now());
    provider.propShift = 1;
    await syncGames(ctx.db, provider, ctx.clock.now());
    expect(await storedChanges()).toBe(before);
  });

  test("a move stores only the selections that moved, after the opening, at the sync's time", async () => {
    ctx.clock.advance(60 * 60 * 1000);
    provider.spreadShift = -1;
    await syncGames(ctx.db, provider, ctx.clock.now());
    ctx.clock.advance(60 * 60 * 1000);
    provider.spreadShift = -1.5;
    await syncGames(ctx.db, provider, ctx.clock.now());
    // Every open game moved its two spread sides twice.
    expect(await storedChanges()).toBe(5 * 6 + 5 * 2 * 2);
    const { changes } = (await lines(KC_BUF)).body;
    const moves = changes.slice(6).map((c: Record<string, unknown>) => [c.selection, c.point, c.at]);
    expect(moves).toEqual([
      ["Kansas City Chiefs", 4.5, "2026-09-08T13:00:00.000Z"],
      ["Buffalo Bills", -4.5, "2026-09-08T13:00:00.000Z"],
      ["Kansas City Chiefs", 5, "2026-09-08T14:00:00.000Z"],
      ["Buffalo Bills", -5, "2026-09-08T14:00:00.000Z"],
    ]);
    const ids = changes.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });

  test("an answer already given is not served stale after a sync that moves the line", async () => {
    expect((await lines(KC_BUF)).body.changes).toHaveLength(6);
    ctx.clock.advance(60 * 60 * 1000);
    provider.spreadShift = 1;
    await syncGames(ctx.db, provider, ctx.clock.now());
    expect((await lines(KC_BUF)).body.changes).toHaveLength(8);
  });

  test("a started game's lines stop moving, so its history stops too", async () => {
    ctx.clock.set("2026-09-13T18:00:00Z");
    provider.spreadShift = -2;
    await syncGames(ctx.db, provider, ctx.clock.now());
    expect((await lines(KC_BUF)).body.changes).toHaveLength(6);
    expect((await lines("fake-w2-PHI-KC")).body.changes).toHaveLength(8);
  });
});

describe("two syncs at once (serve's and the CLI's)", () => {
  test("each move is stored once: the one that wrote the new lines records them, the other finds them moved", async () => {
    const before = await storedChanges();
    for (let round = 1; round <= 5; round++) {
      ctx.clock.advance(60 * 60 * 1000);
      const [first, second] = [new FakeProvider(), new FakeProvider()];
      first.spreadShift = second.spreadShift = -round;
      await Promise.all([syncGames(ctx.db, first, ctx.clock.now()), syncGames(ctx.db, second, ctx.clock.now())]);
    }
    // Five open games, two spread sides each, five moves.
    expect((await storedChanges()) - before).toBe(5 * 2 * 5);
    const { changes } = (await lines(KC_BUF)).body;
    expect(
      changes.filter((c: { market: string }) => c.market === "spreads").map((c: { point: number }) => c.point),
    ).toEqual([3.5, -3.5, 4.5, -4.5, 5.5, -5.5, 6.5, -6.5, 7.5, -7.5, 8.5, -8.5]);
  });
});

describe("GET /api/games/{id}/lines", () => {
  test("a game with no lines yet answers an empty history", async () => {
    await ctx.db.deleteFrom("line_changes").where("game_id", "=", KC_BUF).execute();
    const res = await lines(KC_BUF);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ gameId: KC_BUF, changes: [], next: null });
  });

  test("an unknown game is a 404, a bad id or a bad page a 400 with the field named", async () => {
    const unknown = await lines("fake-w9-NOPE");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Game not found", code: "game_not_found" });
    const bad = await lines("bad%20id");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("id");
    for (const query of ["?limit=0", "?limit=1001", "?after=-1", "?after=x", "?limit=2.5", "?other=1"]) {
      const res = await lines(KC_BUF, query);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe("string");
      expect(typeof res.body.code).toBe("string");
    }
  });

  test("a long history comes a page of at most 1000 changes at a time, oldest first, `next` asking for the rest", async () => {
    const rows = Array.from({ length: 1_500 }, (_, i) => ({
      game_id: KC_BUF,
      market: "h2h",
      selection: "Buffalo Bills",
      point: null,
      price: -175 - (i % 40),
      changed_at: new Date(Date.parse("2026-09-08T12:00:00Z") + (i + 1) * 60_000).toISOString(),
      source: "fake",
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.db
        .insertInto("line_changes")
        .values(rows.slice(i, i + 500))
        .execute();
    const first = (await lines(KC_BUF)).body;
    expect(first.changes).toHaveLength(1000);
    expect(first.next).toBe(first.changes[999].id);
    const second = (await lines(KC_BUF, `?after=${first.next}`)).body;
    expect(second.changes).toHaveLength(506);
    expect(second.next).toBeNull();
    const all = [...first.changes, ...second.changes];
    expect(new Set(all.map((c: { id: number }) => c.id)).size).toBe(1506);
    expect(all.at(-1).at).toBe(rows.at(-1)!.changed_at);
    const small = (await lines(KC_BUF, "?limit=10&after=0")).body;
    expect(small.changes).toEqual(first.changes.slice(0, 10));
    expect(small.next).toBe(first.changes[9].id);
  });
});

describe("the embedded season", () => {
  test("a season seeded mid-week has each open game's history back to Tuesday's opening, the same on every seed", async () => {
    const seed = async () => {
      const other = await makeTestApp({ now: "2026-10-10T09:00:00Z" });
      await syncGames(other.db, new EmbeddedProvider(), other.clock.now());
      const { week } = (await call(other.app, "GET", "/api/weeks/current")).body;
      const games = (await call(other.app, "GET", `/api/games?week=${week}`)).body;
      const sunday = games.find((g: { commenceTime: string }) => g.commenceTime.startsWith("2026-10-11"));
      const history = (await call(other.app, "GET", `/api/games/${sunday.id}/lines`)).body;
      const current = sunday.odds;
      await other.close();
      return { history, current };
    };
    const [a, b] = [await seed(), await seed()];
    expect(a.history.changes.map(({ id: _id, ...c }: Record<string, unknown>) => c)).toEqual(
      b.history.changes.map(({ id: _id, ...c }: Record<string, unknown>) => c),
    );
    const changes = a.history.changes as {
      market: string;
      selection: string;
      point: number;
      price: number;
      at: string;
      source: string;
    }[];
    expect(changes[0]!.at).toBe("2026-10-06T00:00:00.000Z");
    expect(changes.every((c) => c.source === "embedded")).toBe(true);
    // It moved during the week, and its last change of each selection is the line on the board.
    expect(new Set(changes.map((c) => c.at)).size).toBeGreaterThan(1);
    for (const market of a.current) {
      for (const outcome of market.outcomes) {
        const last = changes.filter((c) => c.market === market.marketType && c.selection === outcome.name).at(-1)!;
        expect([last.point ?? undefined, last.price]).toEqual([outcome.point, outcome.price]);
      }
    }
  });
});
