/**
 * Repeated query parameters (issue 25: `?week=1&week=2` answered week 2): wherever a query
 * parameter is read, naming it twice is a 400 that names it, and a signed-out caller of a session
 * route still gets its 401 first. Whole numbers (issue 40): every whole-number query field, and
 * path ids, take plain digits only (`1e3`, `01000`, `1.0`, ` 1` were read as numbers).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN, buildBet, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;
let leagueId: number;
/** A league that shows the admin's own pick to them (issue 47: a pick's comment thread), and that pick. */
let talkLeagueId: number;
let pickId: number;

beforeAll(async () => {
  ({
    ctx,
    people: { admin },
  } = await seededSeason({ people: { admin: ADMIN } }));
  leagueId = (await buildLeague(ctx, admin)).id;
  talkLeagueId = (await buildLeague(ctx, admin, { name: "Talk", revealPicks: "picked" })).id;
  pickId = (await buildBet(ctx, admin)).id;
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

describe("whole-number query fields take plain digits only", () => {
  /** Every whole-number query field: the route (signed in as the admin), the field, a value it takes. */
  const fields = (): [path: string, field: string, fine: string][] => [
    ["/api/games", "week", "3"],
    ["/api/games/fake-w1-DAL-PHI/lines", "after", "0"],
    ["/api/games/fake-w1-DAL-PHI/lines", "limit", "10"],
    ["/api/leagues", "limit", "10"],
    ["/api/leagues", "cursor", "1000"],
    [`/api/picks/league/${leagueId}`, "cursor", "1000"],
    [`/api/history/league/${leagueId}`, "cursor", "1000"],
    [`/api/leagues/${talkLeagueId}/comments`, "cursor", "1000"],
    [`/api/leagues/${talkLeagueId}/comments`, "betId", String(pickId)],
    [`/api/users/${admin.user.id}/bets`, "week", "3"],
    [`/api/users/${admin.user.id}/bets`, "limit", "10"],
    [`/api/users/${admin.user.id}/bets`, "offset", "0"],
    ["/api/admin/audit", "limit", "10"],
    ["/api/admin/games", "week", "3"],
  ];
  const spellings = ["1e3", "01000", "-1", "1.0", "%201", "0x10", "1%20", "+1", "00"];

  test("the list holds every integer query parameter of the OpenAPI document", async () => {
    const document = (await call(ctx.app, "GET", "/api/openapi.json")).body as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: { type?: string } }[] }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.values(item).flatMap((operation) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === "query" && p.schema.type === "integer")
          .map((p) => `${path.replace(/\{[^}]+\}/g, "{}")} ${p.name}`),
      ),
    );
    const listed = fields().map(([path, field]) => `${path.replace(/\/(\d+|fake-[\w-]+)(?=\/|$)/g, "/{}")} ${field}`);
    expect([...new Set(listed)].sort()).toEqual([...new Set(documented)].sort());
  });

  test("each is refused written any other way, with a 400 naming it; its plain digits are taken", async () => {
    for (const [path, field, fine] of fields()) {
      const taken = await call(ctx.app, "GET", `${path}?${field}=${fine}`, { cookie: admin.cookie });
      expect([path, field, taken.status]).toEqual([path, field, 200]);
      for (const spelling of spellings) {
        const res = await call(ctx.app, "GET", `${path}?${field}=${spelling}`, { cookie: admin.cookie });
        expect([path, field, spelling, res.status, res.body.code, res.body.field]).toEqual([
          path,
          field,
          spelling,
          400,
          "invalid_input",
          field,
        ]);
        expect(res.body.message).toStartWith(`${field}: must be a whole number from `);
      }
    }
  });

  test("path ids and weeks too", async () => {
    for (const path of [
      `/api/leagues/0${leagueId}`,
      `/api/leagues/${leagueId}e0`,
      `/api/users/0${admin.user.id}/stats`,
    ]) {
      const res = await call(ctx.app, "GET", path, { cookie: admin.cookie });
      expect([path, res.status, res.body.code]).toEqual([path, 400, "invalid_input"]);
    }
    const week = await call(ctx.app, "GET", "/api/leaderboard/week/01", { cookie: admin.cookie });
    expect([week.status, week.body.field]).toEqual([400, "week"]);
    expect((await call(ctx.app, "GET", `/api/leagues/${leagueId}`, { cookie: admin.cookie })).status).toBe(200);
  });
});
