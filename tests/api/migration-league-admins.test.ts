/** SQLite's 0020 and PostgreSQL's 0005: leagues whose admin deleted their account before deletion handed the role over. */
import { expect, test } from "bun:test";
import * as sqliteRepair from "../../migrations/0020_league_admins.ts";
import * as postgresRepair from "../../migrations/postgres/0005_league_admins.ts";
import { engineOf } from "../../src/runtime/engine.ts";
import { freshDatabase } from "../databases.ts";

test("a league run only by deleted accounts gets its longest-standing living member; other leagues keep theirs", async () => {
  const { db, close } = await freshDatabase();
  const user = async (name: string, deleted = false) =>
    (
      await db
        .insertInto("users")
        .values({
          email: `${name}@example.com`,
          username: name,
          username_key: name,
          password_hash: "x",
          role: "user",
          created_at: "2026-09-01T00:00:00.000Z",
          deleted_at: deleted ? "2026-09-05T00:00:00.000Z" : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const gone = await user("gone", true);
  const [early, late, boss] = [await user("early"), await user("late"), await user("boss")];
  const league = async (name: string, members: [number, "admin" | "member", string][]) => {
    const { id } = await db
      .insertInto("leagues")
      .values({
        name,
        description: null,
        is_public: 1,
        allowed_bet_types: '["spread"]',
        min_wager_cents: null,
        max_wager_cents: null,
        starting_bankroll_cents: null,
        start_date: null,
        end_date: null,
        created_by: members[0]![0],
        invite_token: crypto.randomUUID(),
        created_at: "2026-09-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [userId, role, day] of members)
      await db
        .insertInto("league_members")
        .values({ league_id: id, user_id: userId, role, joined_at: `2026-09-${day}T00:00:00.000Z` })
        .execute();
    return id;
  };
  const orphaned = await league("Orphaned", [
    [gone, "admin", "01"],
    [late, "member", "03"],
    [early, "member", "02"],
  ]);
  const stillRun = await league("Still run", [
    [gone, "admin", "01"],
    [early, "member", "02"],
    [boss, "admin", "03"],
  ]);
  const onlyTheDeleted = await league("Only the deleted", [[gone, "admin", "01"]]);
  const leftByItsAdmin = await league("Left by its admin", [[late, "member", "04"]]);

  await (engineOf(db).name === "postgres" ? postgresRepair : sqliteRepair).up(db);

  const rows = await db
    .selectFrom("league_members")
    .select(["league_id", "user_id", "role"])
    .orderBy("league_id")
    .orderBy("user_id")
    .execute();
  const roles = (leagueId: number) =>
    Object.fromEntries(rows.filter((r) => r.league_id === leagueId).map((r) => [r.user_id, r.role]));
  expect(roles(orphaned)).toEqual({ [gone]: "member", [early]: "admin", [late]: "member" });
  expect(roles(stillRun)).toEqual({ [gone]: "member", [early]: "member", [boss]: "admin" });
  expect(roles(onlyTheDeleted)).toEqual({ [gone]: "member" });
  expect(roles(leftByItsAdmin)).toEqual({ [late]: "member" }); // kept without an admin, as before
  await close();
});
