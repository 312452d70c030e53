import { describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import type { RunningServe } from "../serve-process.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * The "count, then write" rules of issue 47 — at most 3 webhooks a league, at most 10 API tokens a
 * player, 10 comments a minute — raced by parallel requests alternating between two real `serve`
 * processes on one PostgreSQL database (the PostgreSQL run of tests/api only): the rows left keep
 * each rule, and every refusal is the rule's 409 or 429, never a 500.
 */
describe.skipIf(!onPostgres)("league talk, webhooks and tokens raced on two serve processes", () => {
  // Local webhook targets are allowed, so the URL needs no name lookup (nothing is sent here).
  const { a, b, query, send, register } = twoServesOnPostgres("talker", { WEBHOOK_LOCAL_TARGETS: "true" });

  async function race(n: number, request: (on: RunningServe, i: number) => Promise<Response>) {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => request(i % 2 ? b : a, i)));
    return Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as any })));
  }
  const statuses = (answers: { status: number }[]) => answers.map((r) => r.status).sort();
  const count = async (from: string, params: unknown[]) =>
    (await query<{ n: number }>(`select count(*)::int as n from ${from}`, params)).rows[0]!.n;

  async function ownLeague() {
    const owner = await register();
    const res = await send(
      a,
      "POST",
      "/api/leagues",
      {
        name: `Talk league ${Math.random().toString(36).slice(2, 8)}`,
        isPublic: false,
        rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
        createdBy: owner.id,
      },
      owner.cookie,
    );
    expect(res.status).toBe(201);
    return { owner, league: (await res.json()) as { id: number } };
  }

  test("8 webhooks added to one league at once: three 201, five 409 too_many_webhooks, three rows", async () => {
    const { owner, league } = await ownLeague();
    const answers = await race(8, (on, i) =>
      send(
        on,
        "POST",
        `/api/leagues/${league.id}/webhooks`,
        { url: `https://127.0.0.1:9/hook-${i}`, kind: "json", events: ["commissioner_post"] },
        owner.cookie,
      ),
    );
    expect(statuses(answers)).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "too_many_webhooks")).toBe(true);
    expect(await count("league_webhooks where league_id = $1", [league.id])).toBe(3);
  }, 60_000);

  test("14 API tokens made at once by one player: ten 201, four 409 too_many_tokens, ten rows", async () => {
    const player = await register();
    const answers = await race(14, (on, i) =>
      send(on, "POST", "/api/tokens", { name: `bot ${i}`, scopes: ["read"] }, player.cookie),
    );
    expect(statuses(answers)).toEqual([...new Array(10).fill(201), ...new Array(4).fill(409)]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "too_many_tokens")).toBe(true);
    expect(await count("api_tokens where user_id = $1", [player.id])).toBe(10);
  }, 60_000);

  test("14 comments posted at once by one member: ten 201, four 429, ten comments stored", async () => {
    const { owner, league } = await ownLeague();
    const answers = await race(14, (on, i) =>
      send(on, "POST", `/api/leagues/${league.id}/comments`, { text: `Comment ${i}` }, owner.cookie),
    );
    expect(statuses(answers)).toEqual([...new Array(10).fill(201), ...new Array(4).fill(429)]);
    expect(await count("league_comments where league_id = $1", [league.id])).toBe(10);
  }, 60_000);
});
