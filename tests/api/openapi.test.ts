/**
 * GET /api/openapi.json (issue 19 §3): every API route is in the document with its inputs, its
 * success answer and the error shape, and the session routes are marked. A route added without a
 * response schema makes "every API route declares its success answer" fail; one without a summary
 * or an operation id makes "a document people can build on" fail (issue 32 item 4).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { TypeCompiler } from "elysia/type-system";
import { documentPath, UNDOCUMENTED } from "../../src/http/openapi.ts";
import { ErrorResponse } from "../../src/shared/contract/common.ts";
import { AccountExport } from "../../src/modules/account/model.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

type Json = Record<string, any>;
type Route = { method: string; path: string; hooks: Json };

let ctx: TestContext;
let doc: Json;
let routes: Route[];

beforeAll(async () => {
  ctx = await makeTestApp();
  routes = (ctx.app.routes as unknown as Route[]).filter((r) => !UNDOCUMENTED.includes(r.path));
  const res = await call(ctx.app, "GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("application/json");
  doc = res.body;
});
afterAll(() => ctx.close());

const operationOf = (route: Route): Json | undefined =>
  doc.paths[documentPath(route.path)]?.[route.method.toLowerCase()];
const label = (route: Route) => `${route.method} ${route.path}`;
/** A path with every parameter filled in, for calls that only need to reach the route. */
const concrete = (path: string) => path.replace(/:[^/]+/g, "1");

/** A signed-in operation's security: the session cookie, or also a personal API token of the scope it names (issue 47). */
const sessionOr = (operation: { "x-token-scope"?: string }) =>
  operation["x-token-scope"] ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }];

describe("GET /api/openapi.json", () => {
  test("is an OpenAPI 3 document about this app", () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe("NFL Paper Trading API");
    expect(typeof doc.info.version).toBe("string");
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });

  test("covers every API route with its method, and nothing else", () => {
    // The API, and the probes beside /api/health.
    expect(routes.filter((r) => !r.path.startsWith("/api/")).map(label)).toEqual(["GET /livez", "GET /readyz"]);
    expect(routes.filter((r) => !operationOf(r)).map(label)).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item as Json).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBe(routes.length);
    // The web app, its live channel, the JSON 404 and Prometheus stay out.
    for (const path of ["/*", "/ws", "/api/*", "/metrics"]) expect(doc.paths[path]).toBeUndefined();
  });

  test("gives every operation a success answer with a schema", () => {
    const without = routes.filter((route) => {
      const ok = Object.entries(operationOf(route)?.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      return (
        ok.length === 0 ||
        !ok.every(([, r]) => Object.values((r as Json).content ?? {}).every((media) => (media as Json).schema))
      );
    });
    expect(without.map(label)).toEqual([]);
  });

  test("lists each route's path and query parameters and its JSON body", () => {
    for (const route of routes) {
      const operation = operationOf(route)!;
      const parameters = (operation.parameters ?? []) as Json[];
      const inPath = [...route.path.matchAll(/:([^/]+)/g)].map((m) => m[1]);
      expect({ route: label(route), path: parameters.filter((p) => p.in === "path").map((p) => p.name) }).toEqual({
        route: label(route),
        path: inPath,
      });
      for (const p of parameters) expect(p.schema).toBeDefined();
      const query = Object.keys(route.hooks.query?.properties ?? {});
      expect(parameters.filter((p) => p.in === "query").map((p) => p.name)).toEqual(query);
      if (route.hooks.body) {
        expect({ route: label(route), body: Object.keys(operation.requestBody?.content ?? {}) }).toEqual({
          route: label(route),
          body: ["application/json"],
        });
        expect(operation.requestBody.content["application/json"].schema).toBeDefined();
      } else expect(operation.requestBody).toBeUndefined();
    }
    const bet = doc.paths["/api/bets"].post.requestBody;
    expect(bet.required).toBe(true);
    expect(bet.content["application/json"].schema.required).toEqual([
      "gameId",
      "betType",
      "selection",
      "odds",
      "units",
    ]);
    // Calls that carry nothing may send no body at all.
    expect(doc.paths["/api/logout"].post.requestBody.required).toBe(false);
    expect(doc.paths["/api/games"].get.parameters.map((p: Json) => p.name)).toEqual(["week"]);
  });

  test("documents Idempotency-Key on the calls that place and cancel, and on no other", () => {
    const keyed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([, op]) => ((op as Json).parameters ?? []).some((p: Json) => p.in === "header"))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(keyed.sort()).toEqual(["DELETE /api/bets/{betId}", "POST /api/bets", "POST /api/parlays"]);
    for (const [path, method] of [
      ["/api/bets", "post"],
      ["/api/parlays", "post"],
      ["/api/bets/{betId}", "delete"],
    ] as const) {
      const header = doc.paths[path][method].parameters.find((p: Json) => p.in === "header");
      expect(header).toMatchObject({ name: "idempotency-key", required: false, schema: { type: "string" } });
      expect(header.schema.pattern).toContain("{8,255}");
      expect(header.schema.description).toContain("24 hours");
    }
  });

  test("refers every operation's errors to the one error shape", () => {
    expect(doc.components.schemas.Error.required).toEqual(["message", "code"]);
    expect(Object.keys(doc.components.schemas.Error.properties)).toEqual(["message", "code", "field"]);
    expect(doc.components.responses.Error.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    for (const route of routes) {
      const responses = operationOf(route)!.responses as Json;
      for (const status of ["4XX", "5XX"]) expect(responses[status]?.$ref).toBe("#/components/responses/Error");
      for (const [status, response] of Object.entries(responses)) {
        if (/^[45]/.test(status) && !(label(route) === "GET /api/health" && status === "503"))
          expect((response as Json).$ref).toBe("#/components/responses/Error");
      }
    }
  });

  test("the error shape is what errors really look like", async () => {
    const user = await buildUser(ctx);
    const answers = [
      await call(ctx.app, "GET", "/api/no/such/route"),
      await call(ctx.app, "GET", "/api/user"),
      await call(ctx.app, "GET", "/api/games?week=99"),
      await call(ctx.app, "GET", "/api/admin/audit", { cookie: user.cookie }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 401, 400, 403]);
    expect(doc.components.schemas.Error).toEqual(JSON.parse(JSON.stringify(ErrorResponse)));
    const check = TypeCompiler.Compile(ErrorResponse);
    for (const answer of answers) expect(check.Check(answer.body)).toBe(true);
    expect(answers[2]!.body.field).toBe("week");
  });

  test("marks the routes that need a session, and those for admins, as the server enforces them", async () => {
    expect(doc.components.securitySchemes.session).toEqual({
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE,
      description: expect.any(String),
    });
    for (const route of routes) {
      const operation = operationOf(route)!;
      const access = operation["x-access"];
      const anonymous = await call(ctx.app, route.method, concrete(route.path));
      expect({
        route: label(route),
        security: operation.security ?? null,
        signedOut401: anonymous.status === 401,
      }).toEqual({
        route: label(route),
        security: access ? sessionOr(operation) : [],
        signedOut401: access !== undefined,
      });
      if (access) expect(operation.responses["401"]).toBeDefined();
      // A fresh player each time: POST /api/logout ends the session it is called with.
      const asUser = access
        ? await call(ctx.app, route.method, concrete(route.path), { cookie: (await buildUser(ctx)).cookie })
        : null;
      expect({ route: label(route), adminOnly: asUser?.body?.code === "admin_only" }).toEqual({
        route: label(route),
        adminOnly: access === "admin",
      });
      if (access === "admin") expect(operation.responses["403"]).toBeDefined();
    }
    expect(doc.paths["/api/user"].get["x-access"]).toBe("signed-in");
    expect(doc.paths["/api/admin/audit"].get["x-access"]).toBe("admin");
    expect(doc.paths["/api/games"].get.security).toEqual([]);
    // Every route twice, with a fresh player each: its time grows with the routes (over 5 s on a busy machine).
  }, 30_000);

  test("says which answers are not JSON", () => {
    const csv = doc.paths["/api/users/{userId}/export/bets.csv"].get.responses["200"].content;
    expect(Object.keys(csv)).toEqual(["text/csv"]);
    expect(csv["text/csv"].schema.type).toBe("string");
    expect(Object.keys(doc.paths["/api/users/{userId}/export/account.json"].get.responses["200"].content)).toEqual([
      "application/json",
    ]);
    expect(Object.keys(doc.paths["/api/health"].get.responses).sort()).toEqual(["200", "4XX", "503", "5XX"]);
  });

  test("is plain JSON: no validator-only keywords leak from the route schemas", async () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"error":');
    expect(text).toContain('"multipleOf":1');
    // The routes' live schemas were copied, not changed: validation still speaks our words.
    const invalid = await call(ctx.app, "GET", "/api/games?week=99");
    expect(invalid.body.message).toBe("week: must be a whole number from 1 to 18");
  });
});

/** Issue 32 item 4: what client generators and Redocly's `recommended` rules need (redocly.yaml). */
describe("a document people can build on", () => {
  test("every route declares a summary and an operationId of its own: unique, camelCase", () => {
    const undeclared = routes.filter((r) => !r.hooks.detail?.summary || !r.hooks.detail?.operationId).map(label);
    expect(undeclared).toEqual([]);
    const ids = routes.map((r) => operationOf(r)!.operationId as string);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const route of routes) expect(operationOf(route)!.summary).toBe(route.hooks.detail.summary);
    expect(doc.paths["/api/games"].get.operationId).toBe("listGames");
    expect(doc.paths["/api/bets"].post.operationId).toBe("placeBet");
    expect(doc.paths["/api/users/{userId}/export/bets.csv"].get.operationId).toBe("exportBetsCsv");
  });

  test("every operation has one tag, and every tag is listed with a description", () => {
    const tags = (doc.tags ?? []) as Json[];
    const names = new Set(tags.map((tag) => tag.name as string));
    expect(names.size).toBe(tags.length);
    for (const tag of tags)
      expect({ tag: tag.name, described: tag.description?.length > 0 }).toEqual({ tag: tag.name, described: true });
    const untagged = routes.filter((r) => {
      const tags = operationOf(r)!.tags as string[] | undefined;
      return tags?.length !== 1 || !names.has(tags[0]!);
    });
    expect(untagged.map(label)).toEqual([]);
    // No tag without an operation.
    expect(new Set(routes.flatMap((r) => operationOf(r)!.tags))).toEqual(names);
  });

  test("public operations say `security: []`; the others name the session cookie (or an API token: tests/api/api-tokens.test.ts)", () => {
    for (const route of routes) {
      const operation = operationOf(route)!;
      expect({ route: label(route), security: operation.security }).toEqual({
        route: label(route),
        security: operation["x-access"] ? sessionOr(operation) : [],
      });
    }
    expect(doc.servers).toEqual([{ url: "/", description: expect.any(String) }]);
  });

  test("the shapes that repeat are named schemas, referred to, never copied", () => {
    for (const name of ["Bet", "BetLeg", "Game", "League", "Member", "UserStats", "LeaderboardEntry", "User", "Error"])
      expect(doc.components.schemas[name]).toBeDefined();
    const text = JSON.stringify(doc.paths);
    const uses = (name: string) => text.split(`"$ref":"#/components/schemas/${name}"`).length - 1;
    expect(uses("Bet")).toBeGreaterThanOrEqual(6);
    expect(uses("League")).toBeGreaterThanOrEqual(6);
    expect(doc.paths["/api/bets"].post.responses["201"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Bet",
    });
    expect(doc.paths["/api/games"].get.responses["200"].content["application/json"].schema.items).toEqual({
      $ref: "#/components/schemas/Game",
    });
    // A named schema refers to the others it contains (a bet's legs) instead of copying them.
    expect(doc.components.schemas.Bet.properties.legs.items).toEqual({ $ref: "#/components/schemas/BetLeg" });
    // No inline copy of any named schema is left anywhere.
    const shapes = new Set(Object.values(doc.components.schemas).map((schema) => sorted(schema)));
    const copies: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (typeof node !== "object" || node === null) return;
      if (shapes.has(sorted(node))) copies.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(doc.paths, "#/paths");
    expect(copies).toEqual([]);
    // Every reference resolves.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(schemas|responses)\/([^"]+)"/g)];
    expect(refs.filter(([, kind, name]) => !doc.components[kind!][name!]).map(([ref]) => ref)).toEqual([]);
  });

  test("times are `format: date-time`; no format outside the standard ones (no `numeric`)", () => {
    const formats = new Set<string>();
    const walk = (node: unknown) => {
      if (typeof node !== "object" || node === null) return;
      const format = (node as Json).format;
      if (typeof format === "string") formats.add(format);
      for (const value of Object.values(node)) walk(value);
    };
    walk(doc);
    expect([...formats].sort()).toEqual(["date-time"]);
    const schemas = doc.components.schemas;
    expect(schemas.Game.properties.commenceTime).toEqual({ format: "date-time", type: "string" });
    expect(schemas.Bet.properties.placedAt).toEqual({ format: "date-time", type: "string" });
    expect(schemas.Bet.properties.settledAt).toEqual({ format: "date-time", type: ["string", "null"] });
    // A number in the path or the query is an integer there; in a body, a numeric string has a
    // pattern: a whole number's plain digits (no sign, point, exponent or leading zero).
    expect(doc.paths["/api/games"].get.parameters[0].schema).toEqual({ type: "integer", minimum: 1, maximum: 18 });
    const betId = doc.paths["/api/bets/{betId}"].delete.parameters[0].schema;
    expect(betId.type).toBe("integer");
    const units = doc.paths["/api/bets"].post.requestBody.content["application/json"].schema.properties.units;
    expect(units.anyOf[0]).toEqual({ type: "string", pattern: "^(0|[1-9][0-9]*)$" });
  });

  test("no path is ambiguous but the spec's own (a new one fails here)", () => {
    const paths = Object.keys(doc.paths);
    const segments = (path: string) => path.split("/");
    const templated = (segment: string) => segment.startsWith("{");
    const ambiguous: string[] = [];
    for (const [i, a] of paths.entries())
      for (const b of paths.slice(i + 1)) {
        const [x, y] = [segments(a), segments(b)];
        if (x.length !== y.length) continue;
        // Redocly's no-ambiguous-paths: as many templated segments, and each segment could match the other's.
        const overlap = x.every((s, k) => s === y[k] || templated(s) || templated(y[k]!));
        if (overlap && x.filter(templated).length === y.filter(templated).length) ambiguous.push(`${a} ${b}`);
      }
    // SPEC.md's calls, kept as the spec names them (docs/decisions/0050-openapi-contract.md).
    expect(ambiguous.sort()).toEqual(
      [
        "/api/leagues/{id}/join /api/leagues/join-by-token/{token}",
        "/api/leagues/{id}/leave /api/leagues/join-by-token/{token}",
        "/api/leagues/{id}/invite /api/leagues/join-by-token/{token}",
        "/api/leagues/{id}/invite-link /api/leagues/join-by-token/{token}",
        "/api/invitations/league/{id} /api/invitations/{id}/accept",
        "/api/invitations/league/{id} /api/invitations/{id}/decline",
        "/api/friends/requests/{id} /api/friends/{friendId}/analytics",
        // Issue 47's contract names these paths: a league's talk and webhooks, beside the spec's invite-link join.
        "/api/leagues/join-by-token/{token} /api/leagues/{id}/comments",
        "/api/leagues/join-by-token/{token} /api/leagues/{id}/webhooks",
      ].sort(),
    );
  });
});

/** JSON with sorted keys, to compare shapes whatever their key order. */
const sorted = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

describe("route schemas", () => {
  test("every API route declares its success answer (a route without one fails here)", () => {
    const all = ctx.app.routes as unknown as Route[];
    const api = all.filter((r) => r.path.startsWith("/api/") && r.path !== "/api/*");
    expect(api.length).toBeGreaterThan(40);
    const missing = api.filter((r) => {
      const response = r.hooks.response;
      return (
        !response || typeof response !== "object" || !Object.keys(response).some((status) => /^2\d\d$/.test(status))
      );
    });
    expect(missing.map(label)).toEqual([]);
  });

  test("answers sent as ready-made Responses, which Elysia does not check, still match their schemas", async () => {
    const season = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
    await syncGames(season.db, new FakeProvider(), season.clock.now());
    const user = await buildUser(season);
    const placed = await call(season.app, "POST", "/api/bets", {
      cookie: user.cookie,
      body: { gameId: "fake-w1-KC-BUF", betType: "total", selection: "Over", odds: -110, point: 45.5, units: 1 },
    });
    expect(placed.status).toBe(201);
    // Settled, so the boards have a row to check.
    const admin = await buildUser(season, { role: "admin" });
    const resolved = await call(season.app, "PATCH", "/api/games/fake-w1-KC-BUF", {
      cookie: admin.cookie,
      body: { homeScore: 30, awayScore: 24, status: "completed" },
    });
    expect(resolved.status).toBe(200);
    await settleGame(season.db, season.clock.now(), "fake-w1-KC-BUF");
    const schemaOf = (path: string) =>
      (season.app.routes as unknown as Route[]).find((r) => r.method === "GET" && r.path === path)!.hooks.response[200];
    const reads: [route: string, url: string][] = [
      ["/api/users/:userId/export/account.json", `/api/users/${user.user.id}/export/account.json`],
      ["/api/games", "/api/games?week=1"],
      ["/api/games", "/api/games"],
      ["/api/weeks/current", "/api/weeks/current"],
      ["/api/leaderboard", "/api/leaderboard"],
      ["/api/leaderboard/week/:week", "/api/leaderboard/week/1"],
    ];
    for (const [route, url] of reads) {
      const answer = await call(season.app, "GET", url, { cookie: user.cookie });
      expect({ url, status: answer.status }).toEqual({ url, status: 200 });
      expect({ url, empty: Array.isArray(answer.body) && answer.body.length === 0 }).toEqual({ url, empty: false });
      const errors = [...TypeCompiler.Compile(schemaOf(route)).Errors(answer.body)].map(
        (e) => `${e.path}: ${e.message}`,
      );
      expect({ url, errors }).toEqual({ url, errors: [] });
    }
    expect(schemaOf("/api/users/:userId/export/account.json")).toBe(AccountExport);
    const csv = await call(season.app, "GET", `/api/users/${user.user.id}/export/bets.csv`, { cookie: user.cookie });
    expect(csv.headers.get("content-type")).toStartWith("text/csv");
    expect(csv.body.split("\n").length).toBeGreaterThan(1);
    await season.close();
  });
});
