import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import type { RunningServe } from "../serve-process.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * A league's admins leaving at the same moment on two `serve` processes over one PostgreSQL database
 * (the PostgreSQL run of tests/api only): each leave saw the other admin still there and handed the
 * role to nobody, unless the leaves take turns.
 */
describe.skipIf(!onPostgres)("league admins leaving at once on two serve processes", () => {
  const { a, b, query, send, register } = twoServesOnPostgres("leaver");

  test("two admins leaving together on A and B leave the league with its longest-standing member as admin", async () => {
    const first = await register();
    const second = await register();
    const stayer = await register();
    // 30 leagues each run by two admins (a site admin could have named the second), straight in the
    // database: creating them over the API is rate limited. The stayer joined last.
    const leagueIds: number[] = [];
    for (let i = 0; i < 30; i++) {
      const { rows } = await query<{ id: number }>(
        `insert into leagues (name, is_public, allowed_bet_types, created_by, invite_token, created_at)
         values ($1, 1, '["spread"]', $2, $3, '2026-09-01T00:00:00.000Z') returning id`,
        [`Twin Admins ${i}`, first.id, crypto.randomUUID()],
      );
      const id = rows[0]!.id;
      for (const [who, role, at] of [
        [first.id, "admin", "2026-09-01"],
        [second.id, "admin", "2026-09-02"],
        [stayer.id, "member", "2026-09-03"],
      ] as const) {
        await query("insert into league_members (league_id, user_id, role, joined_at) values ($1, $2, $3, $4)", [
          id,
          who,
          role,
          `${at}T00:00:00.000Z`,
        ]);
      }
      leagueIds.push(id);
    }

    // One league at a time, its two leaves sent together, so each pair meets on idle processes.
    const statuses: number[] = [];
    for (const id of leagueIds) {
      const pair = await Promise.all([
        send(a, "DELETE", `/api/leagues/${id}/leave`, { userId: first.id }, first.cookie),
        send(b, "DELETE", `/api/leagues/${id}/leave`, { userId: second.id }, second.cookie),
      ]);
      statuses.push(...pair.map((r) => r.status));
    }
    expect(statuses).toEqual(leagueIds.flatMap(() => [200, 200]));
    const { rows } = await query<{ league_id: number; user_id: number; role: string }>(
      "select league_id, user_id, role from league_members where league_id = any($1) order by league_id",
      [leagueIds],
    );
    expect(rows).toEqual(leagueIds.map((id) => ({ league_id: id, user_id: stayer.id, role: "admin" })));
  }, 60_000);
});
