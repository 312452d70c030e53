import { describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * One member's pool sheet saved from two real `serve` processes at once (issue 45; the PostgreSQL
 * run of tests/api only): every save answers 200 (never a 500), and the sheet left is exactly one of
 * those sent — never a mix of two (picks of both, confidence points twice).
 */
describe.skipIf(!onPostgres)("concurrent saves of one member's pool sheet (two processes)", () => {
  // A Wednesday: the week's games are all still open.
  const { a, b, query, send, register } = twoServesOnPostgres("pooler", { CLOCK_START: "2026-10-07T16:00:00Z" });

  test("eight rounds of eight saves of two different sheets at once: each round ends as one of them", async () => {
    const owner = await register();
    const member = await register(b);
    const created = await send(
      a,
      "POST",
      "/api/leagues",
      {
        name: `Pool race ${Math.random().toString(36).slice(2, 8)}`,
        isPublic: true,
        rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
        format: "confidence",
        createdBy: owner.id,
      },
      owner.cookie,
    );
    expect(created.status).toBe(201);
    const league = (await created.json()) as { id: number };
    expect((await send(b, "POST", `/api/leagues/${league.id}/join`, { userId: member.id }, member.cookie)).status).toBe(
      200,
    );
    const { week } = (await (await send(a, "GET", "/api/weeks/current")).json()) as { week: number };
    const url = `/api/leagues/${league.id}/pool/${week}`;
    const sheet = (await (await send(a, "GET", url, undefined, member.cookie)).json()) as {
      games: { gameId: string; homeTeam: string; awayTeam: string; locked: boolean }[];
    };
    const open = sheet.games.filter((g) => !g.locked);
    expect(open.length).toBeGreaterThanOrEqual(4);
    // Two sheets on different games, each with points 1..k: any mix of the two repeats a game's points.
    const half = Math.floor(open.length / 2);
    const sheetA = open.slice(0, half).map((g, i) => ({ gameId: g.gameId, selection: g.homeTeam, points: i + 1 }));
    const sheetB = open
      .slice(half, 2 * half)
      .map((g, i) => ({ gameId: g.gameId, selection: g.awayTeam, points: i + 1 }));
    const key = (picks: { gameId: string; selection: string; points: number | null }[]) =>
      picks
        .map((p) => `${p.gameId}:${p.selection}:${p.points}`)
        .sort()
        .join(",");

    for (let round = 0; round < 8; round++) {
      expect((await send(a, "PUT", url, { picks: [] }, member.cookie)).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          send(i % 2 ? b : a, "PUT", url, { picks: (i + round) % 2 ? sheetB : sheetA }, member.cookie),
        ),
      );
      const statuses = await Promise.all(answers.map(async (r) => [r.status, r.status === 200 ? "" : await r.text()]));
      expect(statuses.filter(([s]) => s !== 200)).toEqual([]);
      const { rows } = await query<{ game_id: string; selection: string; points: number }>(
        "select game_id, selection, points from pool_picks where league_id = $1 and user_id = $2",
        [league.id, member.id],
      );
      const left = key(rows.map((r) => ({ gameId: r.game_id, selection: r.selection, points: r.points })));
      expect([key(sheetA), key(sheetB)]).toContain(left);
      const read = (await (await send(b, "GET", url, undefined, member.cookie)).json()) as {
        picks: { gameId: string; selection: string; points: number | null }[];
      };
      expect(key(read.picks)).toBe(left);
    }
  }, 120_000);
});
