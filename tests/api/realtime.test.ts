import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/runtime/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { FixedClock } from "../../src/lib/clock.ts";
import { EventBus, type DeliveredEvent } from "../../src/runtime/events.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { OutboxDispatcher } from "../../src/runtime/dispatcher.ts";
import { publish } from "../../src/modules/realtime/service.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";
import { copiesSettled } from "../databases.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { FakeProvider } from "../fake-provider.ts";

/** An odds update that sends no games: browsers refetch. */
const REFETCH = { games: null, currentWeek: { season: 2026, week: 1 } };

let ctx: TestContext;
let dispatcher: OutboxDispatcher;
let origin: string;
let alice: BuiltUser;
let bob: BuiltUser;

beforeAll(async () => {
  ctx = await makeTestApp();
  dispatcher = new OutboxDispatcher(ctx.db, ctx.bus, ctx.clock, ctx.logger, 10);
  await dispatcher.start();
  ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
  origin = `http://127.0.0.1:${ctx.app.server!.port}`;
  alice = await buildUser(ctx);
  bob = await buildUser(ctx);
});
afterAll(async () => {
  await dispatcher.stop();
  await ctx.app.stop();
  await ctx.close();
});

/** A socket that records what it hears; resolves once the server said hello. */
async function connect(opts: { cookie?: string; origin?: string } = {}) {
  const messages: any[] = [];
  const headers: Record<string, string> = { origin: opts.origin ?? origin };
  if (opts.cookie) headers.cookie = opts.cookie;
  const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, { headers } as unknown as string[]);
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("error", () => reject(new Error("socket error")));
    const check = setInterval(() => {
      if (messages.length > 0) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
  return { ws, messages, closed };
}

async function waitFor(predicate: () => boolean, ms = 2000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await Bun.sleep(5);
  }
}

describe("/ws", () => {
  test("knows the signed-in user from the session cookie", async () => {
    const signedIn = await connect({ cookie: alice.cookie });
    const visitor = await connect();
    expect(signedIn.messages[0]).toMatchObject({ type: "hello", signedIn: true });
    expect(visitor.messages[0]).toMatchObject({ type: "hello", signedIn: false });
    signedIn.ws.close();
    visitor.ws.close();
  });

  test("refuses an upgrade from a foreign origin", async () => {
    await expect(connect({ origin: "https://evil.example" })).rejects.toThrow();
  });

  test("odds updates reach everyone; settlements reach only their player", async () => {
    const a = await connect({ cookie: alice.cookie });
    const b = await connect({ cookie: bob.cookie });
    const visitor = await connect();
    await ctx.db.transaction().execute(async (trx) => {
      await publish(trx, ctx.clock.now(), "odds_update", REFETCH);
      await publish(trx, ctx.clock.now(), "bet_settlements", {
        settlements: [
          { userId: alice.user.id, status: "won" },
          { userId: bob.user.id, status: "lost" },
          { userId: alice.user.id, status: "push" },
        ],
      });
    });
    await waitFor(() => a.messages.length >= 3 && b.messages.length >= 3 && visitor.messages.length >= 2);
    await Bun.sleep(50);
    // The update's sequence fields are checked in "a line move sends the moved game itself".
    for (const s of [a, b, visitor])
      for (const m of s.messages) if (m.type === "odds_update") for (const k of ["version", "previous"]) delete m[k];
    expect(a.messages.slice(1)).toEqual([
      { type: "odds_update", ...REFETCH },
      {
        type: "bet_settlements",
        settlements: [
          { userId: alice.user.id, status: "won" },
          { userId: alice.user.id, status: "push" },
        ],
      },
    ]);
    expect(b.messages.slice(1)).toEqual([
      { type: "odds_update", ...REFETCH },
      { type: "bet_settlements", settlements: [{ userId: bob.user.id, status: "lost" }] },
    ]);
    expect(visitor.messages.slice(1)).toEqual([{ type: "odds_update", ...REFETCH }]);
    for (const s of [a, b, visitor]) s.ws.close();
  });

  test("an event whose transaction rolled back is never delivered", async () => {
    const a = await connect({ cookie: alice.cookie });
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await publish(trx, ctx.clock.now(), "odds_update", REFETCH);
        throw new Error("change failed");
      }),
    ).rejects.toThrow("change failed");
    await copiesSettled();
    await dispatcher.tick();
    await Bun.sleep(50);
    expect(a.messages).toHaveLength(1);
    a.ws.close();
  });

  test("signing out closes that session's sockets", async () => {
    const session = await buildUser(ctx);
    const socket = await connect({ cookie: session.cookie });
    const other = await connect({ cookie: alice.cookie });
    await call(ctx.app, "POST", "/api/logout", { cookie: session.cookie });
    expect(await socket.closed).toBe(4001);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
  });

  test("malformed client messages are ignored; pings are answered; oversized messages close the socket", async () => {
    const s = await connect({ cookie: alice.cookie });
    s.ws.send("not json at all");
    s.ws.send(JSON.stringify({ type: "something" }));
    s.ws.send(JSON.stringify({ type: "ping" }));
    await waitFor(() => s.messages.length >= 2);
    expect(s.messages[1]).toEqual({ type: "pong" });
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.send("x".repeat(64 * 1024));
    expect(await s.closed).toBe(1009);
  });

  test("a line move sends the moved games themselves, in sequence; a resolve sends the final", async () => {
    ctx.clock.set("2026-09-09T12:00:00Z");
    const provider = new FakeProvider();
    await syncGames(ctx.db, provider, ctx.clock.now());
    const visitor = await connect();
    const updates = () => visitor.messages.filter((m) => m.type === "odds_update");
    const phiSpread = (m: any) =>
      m.games
        ?.find((g: any) => g.id === "fake-w1-DAL-PHI")
        ?.odds.find((market: any) => market.marketType === "spreads")
        ?.outcomes.find((o: any) => o.name === "Philadelphia Eagles")?.point;
    provider.spreadShift = -1;
    await syncGames(ctx.db, provider, ctx.clock.now());
    // (The seeding's own update may reach the socket first: the move is the one with the new line.)
    await waitFor(() => updates().some((m) => phiSpread(m) === -4.5));
    const moved = updates().find((m) => phiSpread(m) === -4.5);
    expect(moved.games.map((g: any) => g.id).sort()).toEqual(provider.games.map((g) => g.providerId).sort());
    expect(moved.currentWeek).toEqual({ season: 2026, week: 1 });

    const admin = await buildUser(ctx, { email: "resolver@example.com" });
    await ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.user.id).execute();
    await call(ctx.app, "PATCH", "/api/games/fake-w1-DAL-PHI", {
      cookie: admin.cookie,
      body: { homeScore: 24, awayScore: 17, status: "completed" },
    });
    const after = (version: number) => updates().filter((m) => m.version > version);
    await waitFor(() => after(moved.version).length === 1);
    const [final] = after(moved.version);
    expect(final.games).toEqual([
      expect.objectContaining({ id: "fake-w1-DAL-PHI", status: "completed", homeScore: 24, awayScore: 17 }),
    ]);
    expect(final.previous).toBe(moved.version);
    // A sync that changes nothing sends nothing.
    await syncGames(ctx.db, provider, ctx.clock.now());
    await copiesSettled();
    await dispatcher.tick();
    await Bun.sleep(50);
    expect(after(final.version)).toEqual([]);
    visitor.ws.close();
  });
});

describe("outbox dispatcher", () => {
  test("delivers events committed by another process's connection (a CLI command)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "npt-outbox-"));
    const path = join(dir, "shared.db");
    const serveSide = openDatabase(path);
    await migrateToLatest(serveSide.db);
    const cliSide = openDatabase(path);
    const bus = new EventBus();
    const heard: DeliveredEvent[] = [];
    bus.on("game.completed", (e) => void heard.push(e));
    const clock = new FixedClock("2026-10-07T16:00:00Z");
    const d = new OutboxDispatcher(serveSide.db, bus, clock, createLogger("silent"), 10);
    await d.start();
    await cliSide.db
      .transaction()
      .execute((trx) => publish(trx, clock.now(), "game.completed", { gameId: "g1", regrade: false }));
    await waitFor(() => heard.length === 1);
    expect(heard[0]).toMatchObject({ type: "game.completed", userId: null, payload: { gameId: "g1", regrade: false } });
    await d.stop();
    await cliSide.close();
    await serveSide.close();
  });

  test("after a restart it delivers what was committed while it was down, and nothing twice", async () => {
    const local = await makeTestApp();
    const heard: number[] = [];
    const bus = new EventBus();
    bus.on("odds_update", (e) => void heard.push(e.id));
    const first = new OutboxDispatcher(local.db, bus, local.clock, createLogger("silent"), 10_000);
    await first.start();
    await local.db.transaction().execute((trx) => publish(trx, local.clock.now(), "odds_update", REFETCH));
    await copiesSettled();
    await first.tick();
    await first.stop();
    await local.db.transaction().execute((trx) => publish(trx, local.clock.now(), "odds_update", REFETCH));
    const second = new OutboxDispatcher(local.db, bus, local.clock, createLogger("silent"), 10_000);
    await second.start();
    await copiesSettled();
    await second.tick();
    expect(heard).toHaveLength(2);
    expect(new Set(heard).size).toBe(2);
    await second.stop();
    await local.close();
  });

  test("a failing handler does not stop delivery to the others, and is logged", async () => {
    const lines: string[] = [];
    const bus = new EventBus();
    const heard: number[] = [];
    bus.on("odds_update", () => {
      throw new Error("handler broke");
    });
    bus.on("odds_update", (e) => void heard.push(e.id));
    const local = await makeTestApp();
    const d = new OutboxDispatcher(
      local.db,
      bus,
      local.clock,
      createLogger("error", { write: (l: string) => void lines.push(l) }),
      10_000,
    );
    await d.start();
    await local.db.transaction().execute(async (trx) => {
      await publish(trx, local.clock.now(), "odds_update", REFETCH);
      await publish(trx, local.clock.now(), "odds_update", REFETCH);
    });
    await copiesSettled();
    await d.tick();
    expect(heard).toHaveLength(2);
    expect(lines.join("\n")).toContain("handler broke");
    await d.stop();
    await local.close();
  });

  test("old delivered rows are pruned after a day", async () => {
    const local = await makeTestApp();
    const d = new OutboxDispatcher(local.db, new EventBus(), local.clock, createLogger("silent"), 10_000);
    await d.start();
    await local.db.transaction().execute((trx) => publish(trx, local.clock.now(), "odds_update", REFETCH));
    await copiesSettled();
    await d.tick();
    local.clock.advance(25 * 60 * 60 * 1000);
    await local.db.transaction().execute((trx) => publish(trx, local.clock.now(), "odds_update", REFETCH));
    await copiesSettled();
    await d.tick();
    const rows = await local.db.selectFrom("outbox").select("id").execute();
    expect(rows).toHaveLength(1);
    await d.stop();
    await local.close();
  });
});
