/** GET /api/leagues answers in pages (a script once made it 2.8 MB): limits, cursors, the next-page headers and Available Leagues. */
import { DEFAULT_SCORING } from "../../src/shared/league-scoring.ts";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/schema.ts";
import { PAGE_SIZE } from "../../src/modules/leagues/rules.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;
let ben: BuiltUser;

const get = (who: BuiltUser | null, path: string) => call(ctx.app, "GET", path, { cookie: who?.cookie });
const ids = (body: { id: number }[]) => body.map((league) => league.id);

/** `count` leagues made by `owner` straight in the database (creating over the API is rate limited), oldest first. */
async function seedLeagues(db: Kysely<Database>, owner: BuiltUser, count: number, isPublic = true): Promise<number[]> {
  const made: number[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await db
      .insertInto("leagues")
      .values({
        name: `League ${i}`,
        description: null,
        is_public: isPublic ? 1 : 0,
        allowed_bet_types: JSON.stringify(["spread"]),
        min_wager_cents: null,
        max_wager_cents: null,
        starting_bankroll_cents: null,
        start_date: null,
        end_date: null,
        created_by: owner.user.id,
        invite_token: crypto.randomUUID(),
        created_at: "2026-09-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("league_members")
      .values({ league_id: id, user_id: owner.user.id, role: "admin", joined_at: "2026-09-01T00:00:00.000Z" })
      .execute();
    made.push(id);
  }
  return made;
}

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  ann = await buildUser(ctx, { username: "ann" });
  ben = await buildUser(ctx, { username: "ben" });
});
afterEach(() => ctx.close());

describe("pages", () => {
  test("the default page holds 50 leagues, newest first; the cursor walks every league exactly once", async () => {
    const made = await seedLeagues(ctx.db, ann, 120);
    const newestFirst = [...made].reverse();
    const seen: number[] = [];
    let path: string | null = "/api/leagues";
    let pages = 0;
    while (path) {
      const res = await get(ben, path);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(PAGE_SIZE.default);
      seen.push(...ids(res.body));
      const next = res.headers.get("x-next-cursor");
      const link = res.headers.get("link");
      if (next === null) {
        expect(link).toBeNull();
        path = null;
      } else {
        expect(next).toBe(String(res.body.at(-1).id));
        expect(link).toBe(`</api/leagues?cursor=${next}>; rel="next"`);
        path = link!.slice(1, link!.indexOf(">"));
      }
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);
  });

  test("limit sets the page size (at most 100) and the next link keeps it and the scope", async () => {
    const made = await seedLeagues(ctx.db, ann, 7);
    const first = await get(ben, "/api/leagues?limit=3&scope=available");
    expect(ids(first.body)).toEqual(made.slice(4, 7).reverse());
    expect(first.headers.get("link")).toBe(`</api/leagues?limit=3&scope=available&cursor=${made[4]}>; rel="next"`);
    const second = await get(ben, `/api/leagues?limit=3&scope=available&cursor=${made[4]}`);
    expect(ids(second.body)).toEqual(made.slice(1, 4).reverse());
    const last = await get(ben, `/api/leagues?limit=3&scope=available&cursor=${made[1]}`);
    expect(ids(last.body)).toEqual(made.slice(0, 1));
    expect(last.headers.get("x-next-cursor")).toBeNull();
    // A page that ends exactly at the last league says there is no more.
    const exact = await get(ben, "/api/leagues?limit=7");
    expect(exact.body).toHaveLength(7);
    expect(exact.headers.get("x-next-cursor")).toBeNull();

    await seedLeagues(ctx.db, ann, 100);
    expect((await get(ben, "/api/leagues?limit=100")).body).toHaveLength(100);
  });

  test("a listed league has its card's facts and a member count, not the member list", async () => {
    const [id] = await seedLeagues(ctx.db, ann, 1);
    await call(ctx.app, "POST", `/api/leagues/${id}/join`, { cookie: ben.cookie, body: { userId: ben.user.id } });
    const [league] = (await get(ben, "/api/leagues")).body;
    expect(league).toEqual({
      id,
      name: "League 0",
      description: null,
      isPublic: true,
      isContest: false,
      rules: { allowedBetTypes: ["spread"], minWager: null, maxWager: null },
      startingBankroll: null,
      startDate: null,
      endDate: null,
      createdBy: ann.user.id,
      createdAt: "2026-09-01T00:00:00.000Z",
      memberCount: 2,
      revealPicks: "kickoff",
      scoring: DEFAULT_SCORING,
      format: "bets",
      pool: null,
    });
    expect((await get(ben, `/api/leagues/${id}`)).body.members.map((m: { username: string }) => m.username)).toEqual([
      "ann",
      "ben",
    ]);
  });

  test.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=2.5", "limit"],
    ["limit=abc", "limit"],
    ["limit=", "limit"],
    ["cursor=0", "cursor"],
    ["cursor=-3", "cursor"],
    ["cursor=1e400", "cursor"],
    ["cursor=%27%20OR%201%3D1", "cursor"],
    ["scope=mine", "scope"],
    ["offset=10", "offset"],
  ])("?%s → 400 naming %s", async (query, field) => {
    const res = await get(ben, `/api/leagues?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(field);
    expect(typeof res.body.code).toBe("string");
  });

  test("signed out: 401", async () => {
    expect((await get(null, "/api/leagues?limit=5")).status).toBe(401);
  });
});

describe("Available Leagues (scope=available)", () => {
  test("public leagues the viewer is not in and private ones they are invited to; without a scope, every league they may see", async () => {
    const publicOne = (await seedLeagues(ctx.db, ann, 1))[0]!;
    const privateOne = (await seedLeagues(ctx.db, ann, 1, false))[0]!;
    const bens = (await seedLeagues(ctx.db, ben, 1))[0]!;
    expect(ids((await get(ben, "/api/leagues?scope=available")).body)).toEqual([publicOne]);
    expect(ids((await get(ann, "/api/leagues?scope=available")).body)).toEqual([bens]);
    expect(ids((await get(ben, "/api/leagues")).body)).toEqual([bens, publicOne]);
    expect(ids((await get(ben, "/api/leagues?scope=all")).body)).toEqual([bens, publicOne]);
    expect(ids((await get(ann, "/api/leagues")).body)).toEqual([bens, privateOne, publicOne]);
    const invited = await call(ctx.app, "POST", `/api/leagues/${privateOne}/invite`, {
      cookie: ann.cookie,
      body: { invitedUserId: ben.user.id, invitedBy: ann.user.id },
    });
    expect(invited.status).toBe(200);
    expect(ids((await get(ben, "/api/leagues?scope=available")).body)).toEqual([privateOne, publicOne]);
    expect(ids((await get(ben, "/api/leagues")).body)).toEqual([bens, privateOne, publicOne]);
    await call(ctx.app, "POST", `/api/leagues/${publicOne}/join`, {
      cookie: ben.cookie,
      body: { userId: ben.user.id },
    });
    expect(ids((await get(ben, "/api/leagues?scope=available")).body)).toEqual([privateOne]);
    await call(ctx.app, "POST", `/api/invitations/${invited.body.id}/decline`, {
      cookie: ben.cookie,
      body: { userId: ben.user.id },
    });
    expect(ids((await get(ben, "/api/leagues?scope=available")).body)).toEqual([]);
  });

  test("pages of available leagues are full even when the viewer is in most leagues", async () => {
    const mine = await seedLeagues(ctx.db, ben, 10);
    const others = await seedLeagues(ctx.db, ann, 4);
    await seedLeagues(ctx.db, ben, 10);
    const page = await get(ben, "/api/leagues?scope=available&limit=3");
    expect(ids(page.body)).toEqual(others.slice(1).reverse());
    const rest = await get(ben, `/api/leagues?scope=available&limit=3&cursor=${page.headers.get("x-next-cursor")}`);
    expect(ids(rest.body)).toEqual(others.slice(0, 1));
    expect(mine).toHaveLength(10);
  });
});
