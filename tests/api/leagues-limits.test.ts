/** How many leagues one player may create (a script once made 3,000 in 1.2 s): per hour, and in all. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { CREATION_LIMITS } from "../../src/modules/leagues/rules.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;
let ben: BuiltUser;

const HOUR = 3_600_000;
const create = (who: BuiltUser, name: string, overrides: Record<string, unknown> = {}) =>
  call(ctx.app, "POST", "/api/leagues", {
    cookie: who.cookie,
    body: { name, isPublic: true, rules: { allowedBetTypes: ["spread"] }, createdBy: who.user.id, ...overrides },
  });
const leagueCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom("leagues")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  ann = await buildUser(ctx, { username: "ann" });
  ben = await buildUser(ctx, { username: "ben" });
});
afterEach(() => ctx.close());

test(`${CREATION_LIMITS.perHour} leagues an hour per player; the next answers 429 with Retry-After and creates nothing`, async () => {
  for (let i = 0; i < CREATION_LIMITS.perHour; i++) expect((await create(ann, `Ann ${i}`)).status).toBe(201);
  ctx.clock.advance(20 * 60_000);
  const over = await create(ann, "One too many");
  expect(over.status).toBe(429);
  expect(over.body.code).toBe("rate_limited");
  expect(over.headers.get("retry-after")).toBe(String(40 * 60));
  expect(await leagueCount()).toBe(CREATION_LIMITS.perHour);
  // Another player's budget is their own.
  expect((await create(ben, "Ben's")).status).toBe(201);
  ctx.clock.advance(40 * 60_000);
  expect((await create(ann, "Next hour")).status).toBe(201);
});

test("refused forms do not spend the hourly budget", async () => {
  for (let i = 0; i < CREATION_LIMITS.perHour * 2; i++) expect((await create(ann, "", {})).status).toBe(400);
  expect((await create(ann, "Finally", { startDate: "2026-02-30" })).status).toBe(400);
  for (let i = 0; i < CREATION_LIMITS.perHour; i++) expect((await create(ann, `Ann ${i}`)).status).toBe(201);
});

test(`at most ${CREATION_LIMITS.total} leagues created per player: the next is 409 with a clear message, and writes nothing`, async () => {
  for (let i = 0; i < CREATION_LIMITS.total; i++) {
    if (i > 0 && i % CREATION_LIMITS.perHour === 0) ctx.clock.advance(HOUR);
    expect((await create(ann, `Ann ${i}`)).status).toBe(201);
  }
  ctx.clock.advance(HOUR);
  const over = await create(ann, "Twenty-sixth");
  expect(over.status).toBe(409);
  expect(over.body).toEqual({
    message: `You have already created ${CREATION_LIMITS.total} leagues, the most one player may create`,
    code: "league_limit_reached",
    limit: CREATION_LIMITS.total,
  });
  expect(await leagueCount()).toBe(CREATION_LIMITS.total);
  // Leaving a league one created does not free a place: it still exists, still theirs.
  const first = (await call(ctx.app, "GET", `/api/leagues?limit=1`, { cookie: ann.cookie })).body[0];
  await call(ctx.app, "DELETE", `/api/leagues/${first.id}/leave`, {
    cookie: ann.cookie,
    body: { userId: ann.user.id },
  });
  expect((await create(ann, "Still no")).status).toBe(409);
  // Joining others' leagues is not limited by it, and other players still create.
  expect((await create(ben, "Ben's")).status).toBe(201);
});

test("simultaneous creations cannot pass the ceiling together", async () => {
  for (let i = 0; i < CREATION_LIMITS.total - 1; i++) {
    if (i > 0 && i % CREATION_LIMITS.perHour === 0) ctx.clock.advance(HOUR);
    expect((await create(ann, `Ann ${i}`)).status).toBe(201);
  }
  ctx.clock.advance(HOUR);
  const answers = await Promise.all([create(ann, "Race A"), create(ann, "Race B"), create(ann, "Race C")]);
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  expect(await leagueCount()).toBe(CREATION_LIMITS.total);
});
