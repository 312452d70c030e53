/**
 * Tail against cancel (issue 40, done means): a member tails a revealed pick while its owner cancels
 * it, through two real `serve` processes on one PostgreSQL database. Every answer is a placed tail,
 * a cancellation or a 404 for a pick that is gone — never a 500 — and no tail names a bet that no
 * longer exists.
 */
import { describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

// Friday 4 December 2026: week 14's Thursday game has kicked off, its Sunday games are open.
const FRIDAY = "2026-12-04T15:00:00Z";

interface Outcome {
  name: string;
  price: number;
  point?: number;
}
interface Game {
  id: string;
  commenceTime: string;
  status: string;
  odds: { marketType: string; outcomes: Outcome[] }[];
}

describe.skipIf(!onPostgres)("tail against cancel, two serve processes on one PostgreSQL database", () => {
  const { a, b, send, query, register } = twoServesOnPostgres("tailrace", { CLOCK_START: FRIDAY });

  test("20 rounds of a tail and the pick's cancellation at once: no 500, no tail of a missing bet", async () => {
    const owner = await register();
    const tailer = await register(b);
    const league = (await (
      await send(
        a,
        "POST",
        "/api/leagues",
        {
          name: "Race Pool",
          isPublic: true,
          rules: { allowedBetTypes: ["spread"] },
          revealPicks: "week_start",
          createdBy: owner.id,
        },
        owner.cookie,
      )
    ).json()) as { id: number };
    expect((await send(b, "POST", `/api/leagues/${league.id}/join`, { userId: tailer.id }, tailer.cookie)).status).toBe(
      200,
    );

    const games = (await (await send(a, "GET", "/api/games", undefined, owner.cookie)).json()) as Game[];
    const open = games.filter((g) => g.status === "upcoming" && g.odds.some((o) => o.marketType === "spreads"));
    expect(open.length).toBeGreaterThan(3);
    const pickOn = (game: Game) => {
      const side = game.odds.find((o) => o.marketType === "spreads")!.outcomes[0]!;
      return {
        gameId: game.id,
        betType: "spread",
        selection: side.name,
        odds: side.price,
        point: side.point ?? null,
        units: 1,
      };
    };

    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      const pick = pickOn(open[round % open.length]!);
      const placed = await send(a, "POST", "/api/bets", { ...pick, leagueId: null }, owner.cookie);
      expect(placed.status).toBe(201);
      const { id } = (await placed.json()) as { id: number };
      // The tail goes first by a hair: it reads the pick, and the cancellation lands before it writes.
      const [tail, cancel] = await Promise.all([
        send(b, "POST", "/api/bets", { ...pick, leagueId: null, tailOf: id }, tailer.cookie),
        Bun.sleep(round % 4).then(() => send(a, "DELETE", `/api/bets/${id}`, undefined, owner.cookie)),
      ]);
      statuses.push(tail.status, cancel.status);
      expect([201, 404]).toContain(tail.status);
      expect(cancel.status).toBe(200);
      if (tail.status === 201) {
        const { id: tailId } = (await tail.json()) as { id: number };
        expect((await send(b, "DELETE", `/api/bets/${tailId}`, undefined, tailer.cookie)).status).toBe(200);
      }
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const dangling = await query(
      "select count(*)::int as n from bets t where t.tailed_from_bet_id is not null and not exists (select 1 from bets o where o.id = t.tailed_from_bet_id)",
    );
    expect(dangling.rows[0].n).toBe(0);
  }, 120_000);
});
