/**
 * Whose a push device is (issue 40, two low items): a device ends with the session that turned push
 * on — sign-out, a password reset, a password change (the changing browser keeps its own), its
 * session's expiry — and posting another player's endpoint never moves their device: only the
 * browser holding it (its secret) hands it over. Deliveries go to a local push service stand-in
 * that records what reached each device, decrypted with that device's keys.
 */
import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createResetLink, SESSION_DAYS } from "../../src/modules/auth/service.ts";
import { deliverDue, pruneFinished } from "../../src/modules/push/delivery.ts";
import { decryptPayload } from "../../src/modules/push/webpush.ts";
import { type BuiltUser, seededSeason } from "../factories.ts";
import { browserDevice, type BrowserDevice, recordingPushService } from "../push-devices.ts";
import { call, type TestContext } from "../support.ts";

const pushService = recordingPushService();
const received = pushService.received;
afterAll(() => pushService.server.stop(true));

let ctx: TestContext;
let alice: BuiltUser;
let bob: BuiltUser;
beforeEach(async () => {
  received.length = 0;
  ({
    ctx,
    people: { alice, bob },
  } = await seededSeason({
    people: { alice: { username: "alice" }, bob: { username: "bob" } },
    env: { PUSH_LOCAL_ENDPOINTS: "true" },
  }));
});
afterEach(() => ctx.close());

const device = (path: string) => browserDevice(`http://127.0.0.1:${pushService.server.port}${path}`);
const subscription = (d: BrowserDevice) => ({ endpoint: d.endpoint, keys: { p256dh: d.publicKey, auth: d.auth } });
const subscribe = (cookie: string, d: BrowserDevice) =>
  call(ctx.app, "POST", "/api/push/subscriptions", { cookie, body: subscription(d) });
const signIn = async (who: BuiltUser) =>
  (await call(ctx.app, "POST", "/api/login", { body: { email: who.user.email, password: who.password } })).cookie!;
const devicesOf = async (cookie: string) =>
  ((await call(ctx.app, "GET", "/api/push/subscriptions", { cookie })).body.devices as { endpoint: string }[]).map(
    (d) => d.endpoint,
  );
/** A test push for `cookie`'s player, sent now: the paths of the devices it reached. */
async function testPush(cookie: string): Promise<string[]> {
  received.length = 0;
  ctx.clock.advance(60_000); // one test push a minute
  expect((await call(ctx.app, "POST", "/api/push/test", { cookie })).status).toBe(202);
  await deliverDue(ctx.db, ctx.config, ctx.clock.now(), { subject: "mailto:ops@example.com", timeoutMs: 1000 });
  return received.map((r) => r.path).sort();
}
/** Whether what reached `path` decrypts with `d`'s keys (the browser holding them can read it). */
async function readableBy(path: string, d: BrowserDevice): Promise<boolean> {
  const push = received.find((r) => r.path === path);
  if (!push) return false;
  return decryptPayload(push.body, d).then(
    () => true,
    () => false,
  );
}

describe("a device ends with its session", () => {
  test("signing out ends the devices turned on in that session, and no other", async () => {
    const laptopSession = await signIn(alice);
    const phone = await device("/phone");
    const laptop = await device("/laptop");
    expect((await subscribe(alice.cookie, phone)).status).toBe(201);
    expect((await subscribe(laptopSession, laptop)).status).toBe(201);
    expect(await testPush(alice.cookie)).toEqual(["/laptop", "/phone"]);

    expect((await call(ctx.app, "POST", "/api/logout", { cookie: alice.cookie })).status).toBe(200);
    expect(await devicesOf(laptopSession)).toEqual([laptop.endpoint]);
    expect(await testPush(laptopSession)).toEqual(["/laptop"]);
  });

  test("a shared browser: after one player signs out, it hears nothing of theirs", async () => {
    const shared = await device("/shared");
    expect((await subscribe(alice.cookie, shared)).status).toBe(201);
    expect((await call(ctx.app, "POST", "/api/logout", { cookie: alice.cookie })).status).toBe(200);
    // alice, on her phone without push, asks for a test push: the shared browser is no device of hers.
    const alicePhone = await signIn(alice);
    expect(await devicesOf(alicePhone)).toEqual([]);
    ctx.clock.advance(60_000);
    const asked = await call(ctx.app, "POST", "/api/push/test", { cookie: alicePhone });
    expect({ status: asked.status, code: asked.body.code }).toEqual({ status: 409, code: "no_device" });
    // bob signs in on that browser and turns push on: the same subscription is his, alone.
    expect((await subscribe(bob.cookie, shared)).status).toBe(201);
    expect(await testPush(bob.cookie)).toEqual(["/shared"]);
    expect(await devicesOf(alicePhone)).toEqual([]);
  });

  test("a password change ends every other session's devices; the changing browser keeps its own", async () => {
    const thief = await signIn(alice);
    const phone = await device("/phone");
    const thiefs = await device("/thief");
    expect((await subscribe(alice.cookie, phone)).status).toBe(201);
    expect((await subscribe(thief, thiefs)).status).toBe(201);
    const changed = await call(ctx.app, "PUT", "/api/user/password", {
      cookie: alice.cookie,
      body: { currentPassword: alice.password, newPassword: "a brand new passphrase" },
    });
    expect(changed.status).toBe(200);
    const renewed = changed.cookie!;
    expect(await devicesOf(renewed)).toEqual([phone.endpoint]);
    expect(await testPush(renewed)).toEqual(["/phone"]);
    // The kept device belongs to the new session now: signing out of it ends it.
    expect((await call(ctx.app, "POST", "/api/logout", { cookie: renewed })).status).toBe(200);
    expect(await ctx.db.selectFrom("push_subscriptions").selectAll().execute()).toEqual([]);
  });

  test("a password reset ends every device of the account", async () => {
    await subscribe(alice.cookie, await device("/phone"));
    await subscribe(await signIn(alice), await device("/laptop"));
    await subscribe(bob.cookie, await device("/bob"));
    const { url } = await createResetLink(ctx.db, ctx.clock.now(), alice.user.email, "http://localhost");
    const reset = await call(ctx.app, "POST", "/api/password/reset", {
      body: { token: new URL(url).searchParams.get("reset"), password: "a brand new passphrase" },
    });
    expect(reset.status).toBe(200);
    const left = await ctx.db.selectFrom("push_subscriptions").select("endpoint").execute();
    expect(left.map((r) => new URL(r.endpoint).pathname)).toEqual(["/bob"]);
  });

  test("a device whose session expired gets nothing, and the hourly prune forgets it", async () => {
    const phone = await device("/phone");
    expect((await subscribe(alice.cookie, phone)).status).toBe(201);
    ctx.clock.advance(SESSION_DAYS * 24 * 60 * 60_000 - 2 * 60_000);
    expect(await testPush(alice.cookie)).toEqual(["/phone"]); // a minute before the session ends
    ctx.clock.advance(2 * 60_000); // it has ended: a push queued for alice finds no device
    await ctx.db
      .insertInto("push_outbox")
      .values({
        user_id: alice.user.id,
        kind: "test",
        merge_key: "test:expired",
        data: JSON.stringify({ kind: "test" }),
        status: "pending",
        due_at: ctx.clock.now().toISOString(),
        stale_at: null,
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    received.length = 0;
    expect(
      await deliverDue(ctx.db, ctx.config, ctx.clock.now(), { subject: "mailto:ops@example.com", timeoutMs: 1000 }),
    ).toMatchObject({ sent: 0, dropped: 1 });
    expect(received).toEqual([]);
    expect(await devicesOf(await signIn(alice))).toEqual([]);
    await pruneFinished(ctx.db, ctx.clock.now());
    expect(await ctx.db.selectFrom("push_subscriptions").selectAll().execute()).toEqual([]);
  });
});

describe("another player's endpoint", () => {
  test("bob posting alice's endpoint moves nothing: alice keeps hearing hers, bob's own row changes nothing for her", async () => {
    const phone = await device("/alice-phone");
    expect((await subscribe(alice.cookie, phone)).status).toBe(201);
    // bob learned the endpoint (not the browser's secret): he posts it with keys of his own.
    const forged = { ...(await device("/alice-phone")), endpoint: phone.endpoint };
    expect((await subscribe(bob.cookie, forged)).status).toBe(201);
    expect(await devicesOf(alice.cookie)).toEqual([phone.endpoint]);

    expect(await testPush(alice.cookie)).toEqual(["/alice-phone"]);
    expect(await readableBy("/alice-phone", phone)).toBe(true);
    // What bob's row sends there is sealed for bob's keys: alice's browser cannot read it, bob gets nothing.
    expect(await testPush(bob.cookie)).toEqual(["/alice-phone"]);
    expect(await readableBy("/alice-phone", phone)).toBe(false);
    // And alice's next push still reaches her, readable.
    expect(await testPush(alice.cookie)).toEqual(["/alice-phone"]);
    expect(await readableBy("/alice-phone", phone)).toBe(true);

    // alice removing her device, or signing out, leaves bob's row alone and his alone.
    expect((await call(ctx.app, "POST", "/api/logout", { cookie: alice.cookie })).status).toBe(200);
    const rows = await ctx.db.selectFrom("push_subscriptions").select(["user_id", "auth"]).execute();
    expect(rows).toEqual([{ user_id: bob.user.id, auth: forged.auth }]);
  });

  test("the browser that holds the subscription (its secret) hands it over to whoever signs in there", async () => {
    const shared = await device("/family-laptop");
    expect((await subscribe(alice.cookie, shared)).status).toBe(201);
    // alice never signed out; bob signs in on the same browser and turns push on: its subscription is his.
    expect((await subscribe(bob.cookie, shared)).status).toBe(201);
    expect(await devicesOf(alice.cookie)).toEqual([]);
    expect(await devicesOf(bob.cookie)).toEqual([shared.endpoint]);
    expect((await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie })).body.code).toBe("no_device");
    expect(await testPush(bob.cookie)).toEqual(["/family-laptop"]);
    expect(await readableBy("/family-laptop", shared)).toBe(true);
  });

  test("the same player renewing a browser's keys keeps one row", async () => {
    const phone = await device("/phone");
    expect((await subscribe(alice.cookie, phone)).status).toBe(201);
    const renewed = { ...(await device("/phone")), endpoint: phone.endpoint };
    expect((await subscribe(alice.cookie, renewed)).status).toBe(201);
    const rows = await ctx.db.selectFrom("push_subscriptions").select(["user_id", "auth"]).execute();
    expect(rows).toEqual([{ user_id: alice.user.id, auth: renewed.auth }]);
  });
});
