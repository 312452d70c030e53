import { describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import type { RunningServe } from "../serve-process.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * The device cap of Web Push (count, then add) raced by parallel requests alternating between two
 * real `serve` processes on one PostgreSQL database: the cap holds, and one browser is one row.
 */
describe.skipIf(!onPostgres)("push subscriptions raced between two serve processes", () => {
  const { a, b, query, send, register } = twoServesOnPostgres("pushracer");

  // A browser's subscription as PushSubscription.toJSON() gives it (RFC 8291's example keys).
  const subscription = (name: string) => ({
    endpoint: `https://push.example.com/send/${name}`,
    keys: {
      p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
      auth: "BTBZMqHH6r4Tts7J_aSIgg",
    },
  });
  const devices = async (userId: number) =>
    (await query<{ n: number }>("select count(*)::int as n from push_subscriptions where user_id = $1", [userId]))
      .rows[0]!.n;
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
});
