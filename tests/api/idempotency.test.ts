/**
 * Idempotency-Key on placing and cancelling (issue 41 item 3, decision 0066): a retry with the key
 * and the same request gets the first answer again without a second bet; the key with another
 * request is a 422; refusals are not stored; keys are per player and forgotten after a day. Both
 * engines (the races between two processes are in idempotency-processes.test.ts).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { IdempotencyKeys } from "../../src/http/idempotency.ts";
import { purgeIdempotencyKeys, storeAnswer } from "../../src/runtime/idempotency-keys.ts";
import { buildUser, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let alice: BuiltUser;
let bob: BuiltUser;

const THU = "fake-w1-DAL-PHI"; // home −3.5 at −110
const SUN = "fake-w1-KC-BUF";
const LATE = "fake-w1-SF-SEA";
const phiSpread = {
  gameId: THU,
  betType: "spread",
  selection: "Philadelphia Eagles",
  odds: -110,
  point: -3.5,
  units: 1,
};
const kcMoneyline = { gameId: SUN, betType: "moneyline", selection: "Kansas City Chiefs", odds: 150, point: null };
const seaMoneyline = { gameId: LATE, betType: "moneyline", selection: "Seattle Seahawks", odds: -175, point: null };
const KEY = "6f1c2a0e-3b7d-4f5e-9a21-0c8d7e6b5a49";
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  ({
    ctx,
    people: { alice },
  } = await seededSeason({ people: { alice: { username: "alice" } } }));
  bob = await buildUser(ctx, { username: "bob" });
});
afterEach(() => ctx.close());

const post = (who: BuiltUser, path: string, body: unknown, key?: string) =>
  call(ctx.app, "POST", path, { body, cookie: who.cookie, headers: key ? { "idempotency-key": key } : {} });
const cancel = (who: BuiltUser, betId: number, key?: string) =>
  call(ctx.app, "DELETE", `/api/bets/${betId}`, { cookie: who.cookie, headers: key ? { "idempotency-key": key } : {} });
const count = async (table: "bets" | "idempotency_keys") =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("Idempotency-Key on POST /api/bets", () => {
  test("the same key and body again answers the first answer, marked replayed, and places nothing more", async () => {
    const first = await post(alice, "/api/bets", phiSpread, KEY);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    for (let i = 0; i < 2; i++) {
      const again = await post(alice, "/api/bets", phiSpread, KEY);
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      // The answer of a signed-in call, replayed or not, is kept by no shared cache.
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    }
    expect(await count("bets")).toBe(1);
    // Without a key, the same body is a second placement, refused as ever.
    expect((await post(alice, "/api/bets", phiSpread)).body.code).toBe("bet_exists");
  });

  test("a body that says the same thing in another order or form is the same request", async () => {
    const first = await post(alice, "/api/bets", phiSpread, KEY);
    const reordered = {
      units: "1",
      point: "-3.5",
      odds: "-110",
      selection: phiSpread.selection,
      betType: "spread",
      gameId: THU,
    };
    const again = await post(alice, "/api/bets", reordered, KEY);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count("bets")).toBe(1);
  });

  test("the key with another body is 422 idempotency_key_reused and places nothing", async () => {
    expect((await post(alice, "/api/bets", phiSpread, KEY)).status).toBe(201);
    const other = await post(alice, "/api/bets", { ...phiSpread, units: 2, replaceExisting: true }, KEY);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: "idempotency_key_reused", field: "Idempotency-Key" });
    expect(other.body.message).toStartWith("Idempotency-Key:");
    const [bet] = (await call(ctx.app, "GET", `/api/users/${alice.user.id}/bets`, { cookie: alice.cookie })).body;
    expect(bet.units).toBe("1");
    expect(await count("bets")).toBe(1);
  });

  test("the draft's quoted form of a key is the same key", async () => {
    const first = await post(alice, "/api/bets", phiSpread, `"${KEY}"`);
    expect(first.status).toBe(201);
    const again = await post(alice, "/api/bets", phiSpread, KEY);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  test("a malformed key is a 400 naming the header, and writes nothing; signed out it is still a 401", async () => {
    for (const bad of [
      "short",
      "x".repeat(256),
      "has space inside",
      "ünïcode-key-1234",
      '"unclosed-quote-key',
      `${KEY}, ${KEY}`,
    ]) {
      const res = await post(alice, "/api/bets", phiSpread, bad);
      expect({ bad, status: res.status, code: res.body.code, field: res.body.field }).toEqual({
        bad,
        status: 400,
        code: "invalid_input",
        field: "Idempotency-Key",
      });
      expect(res.body.message).toStartWith("Idempotency-Key: must be 8 to 255 characters");
    }
    expect(await count("bets")).toBe(0);
    const signedOut = await call(ctx.app, "POST", "/api/bets", {
      body: phiSpread,
      headers: { "idempotency-key": "bad" },
    });
    expect(signedOut.status).toBe(401);
  });

  test("keys are per player: the same key places for each", async () => {
    expect((await post(alice, "/api/bets", phiSpread, KEY)).status).toBe(201);
    const bobs = await post(bob, "/api/bets", phiSpread, KEY);
    expect(bobs.status).toBe(201);
    expect(bobs.headers.get("idempotent-replayed")).toBeNull();
    expect(await count("bets")).toBe(2);
  });

  test("a refusal is not stored: the same key is decided afresh, and places once the request is right", async () => {
    const stale = await post(alice, "/api/bets", { ...phiSpread, odds: -105 }, KEY);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("odds_changed");
    expect(await count("idempotency_keys")).toBe(0);
    // Decided afresh (still stale), not replayed and not a 422.
    expect((await post(alice, "/api/bets", { ...phiSpread, odds: -105 }, KEY)).body.code).toBe("odds_changed");
    const right = await post(alice, "/api/bets", phiSpread, KEY);
    expect(right.status).toBe(201);
    expect((await post(alice, "/api/bets", phiSpread, KEY)).headers.get("idempotent-replayed")).toBe("true");
    expect(await count("bets")).toBe(1);
  });

  test("a second request with a key still being answered in this process gets 409 idempotency_in_progress", async () => {
    const keys = new IdempotencyKeys(ctx.db, ctx.clock);
    const request = new Request("http://localhost/api/bets", { method: "POST" });
    const call = { userId: alice.user.id, key: KEY, request, body: phiSpread, status: 201 };
    let finish: (value: { id: number }) => void = () => {};
    const first = keys.once(call, { headers: {} } as never, () => new Promise<{ id: number }>((r) => (finish = r)));
    const second = await keys.once(call, { headers: {} } as never, async () => ({ id: 2 })).catch((e) => e);
    expect(second).toMatchObject({ status: 409, code: "idempotency_in_progress", headers: { "Retry-After": "1" } });
    finish({ id: 1 });
    expect(await first).toEqual({ id: 1 });
    // Through the app: two at once place one bet; the other is told so, or (if the first was done) answered its answer.
    const answers = await Promise.all([
      post(alice, "/api/bets", phiSpread, KEY),
      post(alice, "/api/bets", phiSpread, KEY),
    ]);
    const placed = answers.filter((a) => a.status === 201 && !a.headers.get("idempotent-replayed"));
    expect(placed).toHaveLength(1);
    for (const other of answers.filter((a) => a !== placed[0])) {
      if (other.status === 201) expect(other.body).toEqual(placed[0]!.body);
      else
        expect({ status: other.status, code: other.body.code }).toEqual({
          status: 409,
          code: "idempotency_in_progress",
        });
    }
    expect(await count("bets")).toBe(1);
    expect((await post(alice, "/api/bets", phiSpread, KEY)).headers.get("idempotent-replayed")).toBe("true");
  });

  test("a key is remembered for 24 hours, then forgotten and purged", async () => {
    expect((await post(alice, "/api/bets", phiSpread, KEY)).status).toBe(201);
    ctx.clock.advance(DAY_MS - 60_000);
    expect((await post(alice, "/api/bets", phiSpread, KEY)).headers.get("idempotent-replayed")).toBe("true");
    expect(await purgeIdempotencyKeys(ctx.db, ctx.clock.now())).toBe(0);
    ctx.clock.advance(60_000);
    // Forgotten: decided afresh (the bet is there, so a second one is refused as without a key).
    expect((await post(alice, "/api/bets", phiSpread, KEY)).body.code).toBe("bet_exists");
    expect(await purgeIdempotencyKeys(ctx.db, ctx.clock.now())).toBe(1);
    expect(await count("idempotency_keys")).toBe(0);
  });

  test("a key's answer is written with the bet: an answer already stored under the key rolls the placement back", async () => {
    const now = ctx.clock.now();
    const taken = await ctx.db
      .transaction()
      .execute((trx) => storeAnswer(trx, alice.user.id, KEY, { fingerprint: "x", status: 201, answer: "{}" }, now));
    expect(taken).toBe(true);
    expect(
      await ctx.db
        .transaction()
        .execute((trx) => storeAnswer(trx, alice.user.id, KEY, { fingerprint: "y", status: 201, answer: "{}" }, now)),
    ).toBe(false);
    // An expired answer is taken over.
    ctx.clock.advance(DAY_MS);
    expect(
      await ctx.db
        .transaction()
        .execute((trx) =>
          storeAnswer(trx, alice.user.id, KEY, { fingerprint: "z", status: 201, answer: "{}" }, ctx.clock.now()),
        ),
    ).toBe(true);
  });
});

describe("Idempotency-Key on POST /api/parlays and DELETE /api/bets/{id}", () => {
  const { units: _, ...phiLeg } = phiSpread;
  const parlay = { legs: [phiLeg, kcMoneyline, seaMoneyline], units: 1 };

  test("a parlay retried with its key is answered again, placed once", async () => {
    const first = await post(alice, "/api/parlays", parlay, KEY);
    expect(first.status).toBe(201);
    const again = await post(alice, "/api/parlays", parlay, KEY);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await count("bets")).toBe(1);
  });

  test("a cancellation retried with its key answers 200 again (without one: 404); the key on another call is 422", async () => {
    const placed = await post(alice, "/api/bets", phiSpread);
    const first = await cancel(alice, placed.body.id, KEY);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: placed.body.id, stakeReturned: "100.00" });
    const again = await cancel(alice, placed.body.id, KEY);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await cancel(alice, placed.body.id)).status).toBe(404);
    // The same key on a placement is another request.
    expect((await post(alice, "/api/bets", phiSpread, KEY)).status).toBe(422);
  });
});
