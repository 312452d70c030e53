/**
 * Repeated query parameters (issue 25: `?week=1&week=2` answered week 2): wherever a query
 * parameter is read, naming it twice is a 400 that names it, and a signed-out caller of a session
 * route still gets its 401 first.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;

beforeAll(async () => {
  ({
    ctx,
    people: { admin },
  } = await seededSeason({ people: { admin: ADMIN } }));
});
afterAll(() => ctx.close());

/** Every route that reads a query, with a query it takes once and the parameter to repeat. */
const reads: [path: string, once: string, repeated: string, name: string][] = [
  ["/api/games", "week=1", "week=1&week=2", "week"],
  ["/api/games", "week=1", "week=1&w%65ek=2", "week"],
  ["/api/leagues", "limit=5", "limit=5&limit=6", "limit"],
  ["/api/leagues", "cursor=10", "cursor=10&cursor=1", "cursor"],
  ["/api/leagues", "scope=all", "scope=all&limit=5&scope=available", "scope"],
  ["/api/users/search", "q=adm", "q=adm&q=zz", "q"],
  ["/api/admin/audit", "limit=5", "limit=5&limit=500", "limit"],
];

describe("a query parameter given twice", () => {
  test.each(reads)("GET %s?%s is fine once, refused with 400 when repeated", async (path, once, repeated, name) => {
    const fine = await call(ctx.app, "GET", `${path}?${once}`, { cookie: admin.cookie });
    expect(fine.status).toBe(200);
    const twice = await call(ctx.app, "GET", `${path}?${repeated}`, { cookie: admin.cookie });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      message: `${name}: give this query parameter once`,
      code: "repeated_query_parameter",
      field: name,
    });
  });

  test("an empty repeat counts too, and a route without a query schema refuses it the same way", async () => {
    expect((await call(ctx.app, "GET", "/api/games?week=1&week")).body.code).toBe("repeated_query_parameter");
    expect((await call(ctx.app, "GET", "/api/weeks/current?x=1&x=2")).body.code).toBe("repeated_query_parameter");
  });

  test("signed out, a session route answers 401 first; a public route refuses the query", async () => {
    const leagues = await call(ctx.app, "GET", "/api/leagues?limit=5&limit=6");
    expect(leagues.status).toBe(401);
    expect(leagues.body.code).toBe("unauthorized");
    expect((await call(ctx.app, "GET", "/api/games?week=1&week=2")).status).toBe(400);
  });
});

describe("a NUL anywhere in the input", () => {
  // PostgreSQL cannot store or compare a NUL, SQLite keeps it: without one refusal in the HTTP layer
  // the engines would answer these apart (a 400 from the driver on one, 200/401 on the other).
  const nulInputs: [
    label: string,
    method: string,
    path: string,
    body: Record<string, unknown> | undefined,
    field: string,
  ][] = [
    ["the search query", "GET", "/api/users/search?q=ad%00m", undefined, "q"],
    ["a query parameter's name", "GET", "/api/games?we%00ek=1", undefined, "we\u0000ek"],
    [
      "a sign-up's referral",
      "POST",
      "/api/register",
      { email: "nul@example.com", username: "nul_player", password: "long enough", referralSource: "ads\u0000" },
      "referralSource",
    ],
    ["a sign-in's email", "POST", "/api/login", { email: "admin\u0000@example.com", password: "long enough" }, "email"],
    [
      "a nested field",
      "POST",
      "/api/leagues",
      { name: "Nul", rules: { allowedBetTypes: ["spread\u0000"] } },
      "rules.allowedBetTypes[0]",
    ],
  ];

  test.each(nulInputs)(
    "%s is a 400 naming the field, and writes nothing",
    async (_label, method, path, body, field) => {
      const users = await ctx.db.selectFrom("users").select(ctx.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
      const res = await call(ctx.app, method, path, { cookie: admin.cookie, ...(body ? { body } : {}) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: `${field}: must not contain control characters such as NUL`,
        code: "invalid_input",
        field,
      });
      const after = await ctx.db.selectFrom("users").select(ctx.db.fn.countAll().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(users.n));
    },
  );

  test("an escaped backslash before u0000 is text, not a NUL", async () => {
    const res = await call(ctx.app, "GET", `/api/users/search?q=${encodeURIComponent("\\u0000")}`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
  });
});
