import { describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import type { RunningServe } from "../serve-process.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * Idempotency-Key raced for real (decision 0066): parallel requests with one key, alternating
 * between two `serve` processes on one PostgreSQL database. However they meet — in flight in one
 * process (409), waiting on the player's lock in the other, or committing at the same instant —
 * exactly one bet is placed, every success answers that bet, and the key stores one answer.
 */
describe.skipIf(!onPostgres)("Idempotency-Key raced between two serve processes", () => {
  const { a, b, query, register } = twoServesOnPostgres("keyed");

  async function openGames(n: number) {
    const { rows } = await query<{ id: string; home_team: string; away_team: string; odds: string }>(
      "select id, home_team, away_team, odds from games where completed_at is null and commence_time > $1 order by commence_time, id limit $2",
      [new Date(Date.now() + 3600_000).toISOString(), n],
    );
    return rows.map((game) => {
      const h2h = (JSON.parse(game.odds) as { marketType: string; outcomes: { name: string; price: number }[] }[]).find(
        (m) => m.marketType === "h2h",
      )!;
      const side = (team: string) => ({
        gameId: game.id,
        betType: "moneyline",
        selection: team,
        odds: h2h.outcomes.find((o) => o.name === team)!.price,
        point: null,
        units: 1,
      });
      return { home: side(game.home_team), away: side(game.away_team) };
    });
  }

  const send = (to: RunningServe, method: string, path: string, cookie: string, key: string, body?: unknown) =>
    fetch(`${to.url}${path}`, {
      method,
      headers: { origin: to.url, "content-type": "application/json", cookie, "idempotency-key": key },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** `bodies.length` requests at once with one key, alternating between the processes. */
  async function race(path: string, cookie: string, key: string, bodies: unknown[]) {
    const answers = await Promise.all(bodies.map((body, i) => send(i % 2 ? b : a, "POST", path, cookie, key, body)));
    return Promise.all(
      answers.map(async (r) => ({
        status: r.status,
        replayed: r.headers.get("idempotent-replayed") === "true",
        body: (await r.json()) as { id?: number; code?: string },
      })),
    );
  }

  const betsOf = async (userId: number) =>
    (await query<{ id: number }>("select id from bets where user_id = $1", [userId])).rows.map((r) => r.id);
  const keysOf = async (userId: number) =>
    (await query<{ n: number }>("select count(*)::int as n from idempotency_keys where user_id = $1", [userId]))
      .rows[0]!.n;

  test("12 copies of one placement with one key: one bet; every 201 is that bet, the rest 409 in progress", async () => {
    for (let round = 0; round < 3; round++) {
      const player = await register();
      const [game] = await openGames(1);
      const key = crypto.randomUUID();
      const answers = await race("/api/bets", player.cookie, key, Array(12).fill(game!.home));
      const placed = await betsOf(player.id);
      expect(placed).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === 201) expect(answer.body.id).toBe(placed[0]!);
        else
          expect({ status: answer.status, code: answer.body.code }).toEqual({
            status: 409,
            code: "idempotency_in_progress",
          });
      }
      expect(answers.filter((r) => r.status === 201 && !r.replayed)).toHaveLength(1);
      expect(await keysOf(player.id)).toBe(1);
    }
  }, 60_000);

  test("replacing placements raced with one key replace once: one bet, the first answer replayed", async () => {
    const player = await register();
    const [game] = await openGames(1);
    expect((await send(a, "POST", "/api/bets", player.cookie, crypto.randomUUID(), game!.away)).status).toBe(201);
    const key = crypto.randomUUID();
    const answers = await race(
      "/api/bets",
      player.cookie,
      key,
      Array(12).fill({ ...game!.home, replaceExisting: true }),
    );
    const placed = await betsOf(player.id);
    expect(placed).toHaveLength(1);
    const ids = new Set(answers.filter((r) => r.status === 201).map((r) => r.body.id));
    expect([...ids]).toEqual(placed);
    expect(answers.every((r) => r.status === 201 || r.body.code === "idempotency_in_progress")).toBe(true);
  }, 60_000);

  test("one key on different placements at once: one bet; the others 422 or 409, never a second bet", async () => {
    const player = await register();
    const games = await openGames(6);
    const key = crypto.randomUUID();
    const bodies = games.flatMap((g) => [g.home, g.away]);
    const answers = await race("/api/bets", player.cookie, key, bodies);
    expect(await betsOf(player.id)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((r) => r.status !== 201))
      expect(["idempotency_key_reused", "idempotency_in_progress"]).toContain(answer.body.code!);
    expect(await keysOf(player.id)).toBe(1);
  }, 60_000);
});
