/**
 * The migration that makes "one pending invitation per player and league" and "one pending friend
 * request per pair, either direction" unique indexes (SQLite 0018, PostgreSQL 0003), on both
 * engines: it mends rows that already break the rules, then refuses new ones.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../src/runtime/errors.ts";
import { migrationsOf } from "../../src/db/migrate.ts";
import { buildLeague, buildUser, type BuiltUser } from "../factories.ts";
import { makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;
let ben: BuiltUser;
let cal: BuiltUser;

const at = (minute: number) => `2026-09-01T00:${String(minute).padStart(2, "0")}:00.000Z`;

function pendingOnce() {
  const [name, migration] = Object.entries(migrationsOf(ctx.db)).find(([name]) => name.endsWith("_pending_once"))!;
  expect(name).toMatch(/^(0018|0003)_pending_once$/);
  return migration as { up(db: Kysely<any>): Promise<void>; down(db: Kysely<any>): Promise<void> };
}

async function request(from: BuiltUser, to: BuiltUser, status: "pending" | "declined", minute: number) {
  const row = await ctx.db
    .insertInto("friend_requests")
    .values({
      requester_id: from.user.id,
      addressee_id: to.user.id,
      status,
      created_at: at(minute),
      responded_at: status === "pending" ? null : at(minute + 1),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  ann = await buildUser(ctx, { username: "ann" });
  ben = await buildUser(ctx, { username: "ben" });
  cal = await buildUser(ctx, { username: "cal" });
});
afterEach(() => ctx.close());

test("existing duplicates are mended: the oldest pending stays, players who asked each other become friends", async () => {
  const migration = pendingOnce();
  await migration.down(ctx.db);
  const league = await buildLeague(ctx, ann, { isPublic: false });
  const invitation = (status: "pending" | "declined", minute: number) =>
    ctx.db
      .insertInto("league_invitations")
      .values({
        league_id: league.id,
        invited_user_id: ben.user.id,
        invited_by: ann.user.id,
        status,
        created_at: at(minute),
        responded_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const declinedInvitation = await invitation("declined", 1);
  const firstInvitation = await invitation("pending", 2);
  await invitation("pending", 3);
  const firstAsk = await request(ann, ben, "pending", 4);
  await request(ann, ben, "pending", 5);
  const calAsks = await request(cal, ann, "pending", 6);
  const annAsks = await request(ann, cal, "pending", 7);
  const declined = [await request(ben, cal, "declined", 8), await request(ben, cal, "declined", 10)];

  await migration.up(ctx.db);

  const invitations = await ctx.db.selectFrom("league_invitations").select(["id", "status"]).orderBy("id").execute();
  expect(invitations).toEqual([
    { id: declinedInvitation.id, status: "declined" },
    { id: firstInvitation.id, status: "pending" },
  ]);
  const requests = await ctx.db
    .selectFrom("friend_requests")
    .select(["id", "status", "responded_at"])
    .orderBy("id")
    .execute();
  expect(requests).toEqual([
    { id: firstAsk, status: "pending", responded_at: null },
    { id: calAsks, status: "accepted", responded_at: at(6) },
    { id: annAsks, status: "accepted", responded_at: at(7) },
    { id: declined[0]!, status: "declined", responded_at: at(9) },
    { id: declined[1]!, status: "declined", responded_at: at(11) },
  ]);
  const friendships = await ctx.db
    .selectFrom("friendships")
    .select(["user_id", "friend_id", "since"])
    .orderBy("user_id")
    .execute();
  expect(friendships).toEqual([
    { user_id: ann.user.id, friend_id: cal.user.id, since: at(7) },
    { user_id: cal.user.id, friend_id: ann.user.id, since: at(7) },
  ]);
});

test("the indexes refuse a second pending invitation and a second pending request either way, not answered ones", async () => {
  const league = await buildLeague(ctx, ann, { isPublic: false });
  const invite = () =>
    ctx.db
      .insertInto("league_invitations")
      .values({
        league_id: league.id,
        invited_user_id: ben.user.id,
        invited_by: ann.user.id,
        status: "pending",
        created_at: at(1),
        responded_at: null,
      })
      .execute();
  await invite();
  expect(isUniqueViolation(await invite().catch((e: unknown) => e))).toBe(true);

  await request(ann, ben, "pending", 2);
  expect(isUniqueViolation(await request(ann, ben, "pending", 3).catch((e: unknown) => e))).toBe(true);
  expect(isUniqueViolation(await request(ben, ann, "pending", 3).catch((e: unknown) => e))).toBe(true);
  await request(ben, cal, "declined", 4);
  await request(ben, cal, "declined", 5);
  await request(ben, cal, "pending", 6);
  expect(await ctx.db.selectFrom("friend_requests").select("id").execute()).toHaveLength(4);
});
