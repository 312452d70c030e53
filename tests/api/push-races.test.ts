import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { onPostgres } from "../databases.ts";
import type { RunningServe } from "../serve-process.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * Web Push's check-then-write rules raced by parallel requests alternating between two real `serve`
 * processes on one PostgreSQL database: the device cap (count, then add), one browser one row, a
 * device never outliving the session it was turned on in (subscribe against sign-out and against a
 * password change), and a browser moving only for its holder. Endpoints are on this machine
 * (PUSH_LOCAL_ENDPOINTS: there is no DNS here); nothing is ever sent to them.
 */
describe.skipIf(!onPostgres)("push subscriptions raced between two serve processes", () => {
  const { a, b, query, send, register } = twoServesOnPostgres("pushracer", { PUSH_LOCAL_ENDPOINTS: "true" });

  // RFC 8291's example keys: a P-256 point and a 16-byte secret, as PushSubscription.toJSON() gives them.
  const P256DH = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
  const AUTH = "BTBZMqHH6r4Tts7J_aSIgg";
  const subscription = (name: string, auth = AUTH) => ({
    endpoint: `http://127.0.0.1:9/send/${name}`,
    keys: { p256dh: P256DH, auth },
  });
  /** Another browser's 16-byte secret. */
  const secret = (i: number) => Buffer.from(new Uint8Array(16).fill(i + 1)).toString("base64url");
  const devices = async (userId: number) =>
    (await query<{ n: number }>("select count(*)::int as n from push_subscriptions where user_id = $1", [userId]))
      .rows[0]!.n;
  /** Devices of these players whose session no longer exists: none may ever be left. */
  const orphansOf = async (userIds: number[]) =>
    (
      await query<{ n: number }>(
        `select count(*)::int as n from push_subscriptions p
         where p.user_id = any($1) and not exists (select 1 from sessions s where s.token_hash = p.session_hash)`,
        [userIds],
      )
    ).rows[0]!.n;
  /** More sessions of a player, as signing in makes them (written here: a sign-in hashes a password each). */
  const extraSessions = async (userId: number, n: number) => {
    const cookies: string[] = [];
    for (let i = 0; i < n; i++) {
      const token = crypto.randomUUID();
      await query("insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)", [
        createHash("sha256").update(token).digest("hex"),
        userId,
        new Date().toISOString(),
        new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
      ]);
      cookies.push(`npt_session=${token}`);
    }
    return cookies;
  };
  /**
   * Players written straight into the database, each signed in once (as sign-up leaves them), with
   * the password "correct horse battery": a sign-up through the API hashes one, seconds apiece on a
   * busy 2-core machine.
   */
  const PASSWORD_HASH = Bun.password.hashSync("correct horse battery", "argon2id");
  let written = 0;
  const quickPlayers = async (n: number) => {
    const made: { id: number; cookie: string }[] = [];
    for (let i = 0; i < n; i++) {
      written += 1;
      const name = `pushquick_${written}_${Date.now() % 100000}`;
      const { rows } = await query<{ id: number }>(
        "insert into users (email, username, username_key, password_hash, created_at) values ($1, $2, $2, $3, $4) returning id",
        [`${name}@example.com`, name, PASSWORD_HASH, new Date().toISOString()],
      );
      const [cookie] = await extraSessions(rows[0]!.id, 1);
      made.push({ id: rows[0]!.id, cookie: cookie! });
    }
    return made;
  };
  const race = (n: number, request: (on: RunningServe, i: number) => Promise<Response>) =>
    Promise.all(Array.from({ length: n }, (_, i) => request(i % 2 ? b : a, i)));

  test("8 devices, then 6 more at once: two 201, four 409 too_many_devices, 10 devices", async () => {
    const player = await register();
    for (let i = 0; i < 8; i++) {
      expect(
        (await send(a, "POST", "/api/push/subscriptions", subscription(`p${player.id}-${i}`), player.cookie)).status,
      ).toBe(201);
    }
    const answers = await race(6, (on, i) =>
      send(on, "POST", "/api/push/subscriptions", subscription(`p${player.id}-race-${i}`), player.cookie),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    for (const r of answers.filter((r) => r.status === 409))
      expect(((await r.json()) as { code: string }).code).toBe("too_many_devices");
    expect(await devices(player.id)).toBe(10);
  }, 30_000);

  test("one browser subscribing 8 times at once is one device", async () => {
    const player = await register();
    const answers = await race(8, (on) =>
      send(on, "POST", "/api/push/subscriptions", subscription(`same-${player.id}`), player.cookie),
    );
    expect(answers.map((r) => r.status)).toEqual(new Array(8).fill(201));
    expect(await devices(player.id)).toBe(1);
  }, 30_000);

  test("subscribing while the same session signs out, 24 times: no device outlives its session", async () => {
    // Three players with 8 sessions each: never 10 devices at once (the cap stays out of it).
    const sessions = [];
    for (const player of await quickPlayers(3))
      for (const cookie of await extraSessions(player.id, 8)) sessions.push({ player, cookie });
    const answers = await Promise.all(
      sessions.map(async ({ player, cookie }, i) => {
        const [subscribed, signedOut] = await Promise.all([
          send(i % 2 ? b : a, "POST", "/api/push/subscriptions", subscription(`out-${player.id}-${i}`), cookie),
          send(i % 2 ? a : b, "POST", "/api/logout", {}, cookie),
        ]);
        return [subscribed.status, signedOut.status];
      }),
    );
    for (const [subscribed, signedOut] of answers) {
      expect([201, 401]).toContain(subscribed!);
      expect(signedOut).toBe(200);
    }
    expect(await orphansOf([...new Set(sessions.map((s) => s.player.id))])).toBe(0);
  }, 60_000);

  test("a thief's session subscribing over and over while the owner changes the password: its device never stays", async () => {
    const players = await quickPlayers(6);
    await Promise.all(
      players.map(async (player, i) => {
        const [thief] = await extraSessions(player.id, 1);
        let changing = true;
        const changed = send(
          i % 2 ? a : b,
          "PUT",
          "/api/user/password",
          { currentPassword: "correct horse battery", newPassword: "a brand new passphrase" },
          player.cookie,
        ).finally(() => {
          changing = false;
        });
        // The thief's browser posts its subscription back to back, on both processes, for as long as the change takes.
        const body = subscription(`thief-${player.id}`);
        const keepPosting = async (on: RunningServe) => {
          const statuses: number[] = [];
          while (changing) statuses.push((await send(on, "POST", "/api/push/subscriptions", body, thief!)).status);
          return statuses;
        };
        const [posted, posted2] = await Promise.all([keepPosting(a), keepPosting(b)]);
        expect((await changed).status).toBe(200);
        for (const status of [...posted!, ...posted2!]) expect([201, 401]).toContain(status);
      }),
    );
    expect(await orphansOf(players.map((p) => p.id))).toBe(0);
    const left = await query<{ n: number }>(
      "select count(*)::int as n from push_subscriptions where endpoint like '%/send/thief-%'",
    );
    expect(left.rows[0]!.n).toBe(0);
  }, 60_000);

  test("a browser posted by 8 players at once (its endpoint and secret) is one row; 8 strangers posting another's endpoint move nothing", async () => {
    const players = await quickPlayers(8);
    const shared = subscription(`shared-${players[0]!.id}`);
    const answers = await race(8, (on, i) => send(on, "POST", "/api/push/subscriptions", shared, players[i]!.cookie));
    expect(answers.map((r) => r.status)).toEqual(new Array(8).fill(201));
    const rows = await query("select user_id from push_subscriptions where endpoint = $1", [shared.endpoint]);
    expect(rows.rows).toHaveLength(1);

    const [owner] = await quickPlayers(1);
    const mine = subscription(`owned-${owner!.id}`);
    expect((await send(a, "POST", "/api/push/subscriptions", mine, owner!.cookie)).status).toBe(201);
    const strangers = await quickPlayers(8);
    const forged = await race(8, (on, i) =>
      send(on, "POST", "/api/push/subscriptions", subscription(`owned-${owner!.id}`, secret(i)), strangers[i]!.cookie),
    );
    expect(forged.map((r) => r.status)).toEqual(new Array(8).fill(201));
    const owned = await query("select user_id, auth from push_subscriptions where endpoint = $1 and user_id = $2", [
      mine.endpoint,
      owner!.id,
    ]);
    expect(owned.rows).toEqual([{ user_id: owner!.id, auth: AUTH }]);
  }, 60_000);
});
