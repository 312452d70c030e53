/**
 * One id range on both engines (issue 25): every id or cursor a route reads — path, query or body —
 * takes 1..2147483647 (PostgreSQL's integer) and answers the same 400 above it, on SQLite as on
 * PostgreSQL, and the OpenAPI document says so.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ID_MAX } from "../../src/shared/limits.ts";
import { ADMIN, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let admin: BuiltUser;
let alice: BuiltUser;
let leagueId: number;

const GAME = "fake-w1-DAL-PHI";
const LEG = { gameId: "fake-w1-KC-BUF", betType: "moneyline", selection: "Kansas City Chiefs", odds: 150, point: null };
const SPREAD = { gameId: GAME, betType: "spread", selection: "Philadelphia Eagles", odds: -110, point: -3.5 };
const leagueSettings = { name: "Range", isPublic: true, rules: { allowedBetTypes: ["spread"] } };

beforeAll(async () => {
  ({
    ctx,
    people: { admin, alice },
  } = await seededSeason({ people: { admin: ADMIN, alice: { username: "alice" } } }));
  leagueId = (await buildLeague(ctx, alice)).id;
});
afterAll(() => ctx.close());

interface IdCase {
  /** The field the 400 names. */
  field: string;
  method: string;
  /** The request with the id in it (a number for bodies; paths and queries take its digits). */
  path: (id: number) => string;
  body?: (id: number) => Record<string, unknown>;
  who?: () => BuiltUser;
  /** The 400's message, when the field's own schema words it otherwise. */
  message?: string;
}

const inPath = (method: string, field: string, path: (id: number) => string, body?: IdCase["body"]): IdCase => ({
  method,
  field,
  path,
  body,
});
const inBody = (
  method: string,
  field: string,
  path: string,
  body: (id: number) => Record<string, unknown>,
  extra: Partial<IdCase> = {},
): IdCase => ({ method, field, path: () => path, body, ...extra });

const cases: IdCase[] = [
  inPath("GET", "userId", (id) => `/api/users/${id}/bets`),
  inPath("GET", "userId", (id) => `/api/users/${id}/bets/week/1`),
  inPath("GET", "userId", (id) => `/api/users/${id}/coverage/week/1`),
  inPath("GET", "userId", (id) => `/api/users/${id}/export/bets.csv`),
  inPath("GET", "userId", (id) => `/api/users/${id}/export/account.json`),
  inPath("GET", "userId", (id) => `/api/users/${id}/stats`),
  inPath("GET", "userId", (id) => `/api/users/${id}/invitations`),
  inPath("GET", "userId", (id) => `/api/users/${id}/leagues`),
  inPath(
    "PATCH",
    "betId",
    (id) => `/api/bets/${id}/note`,
    () => ({ note: "x" }),
  ),
  inPath("GET", "id", (id) => `/api/leagues/${id}`),
  inPath(
    "PUT",
    "id",
    (id) => `/api/leagues/${id}`,
    () => leagueSettings,
  ),
  inPath(
    "POST",
    "id",
    (id) => `/api/leagues/${id}/join`,
    () => ({ userId: alice.user.id }),
  ),
  inPath(
    "DELETE",
    "id",
    (id) => `/api/leagues/${id}/leave`,
    () => ({ userId: alice.user.id }),
  ),
  inPath(
    "POST",
    "id",
    (id) => `/api/leagues/${id}/invite`,
    () => ({ invitedUserId: "admin", invitedBy: alice.user.id }),
  ),
  inPath("GET", "id", (id) => `/api/leagues/${id}/invite-link`),
  inPath("POST", "id", (id) => `/api/leagues/${id}/invite-link`),
  inPath("GET", "id", (id) => `/api/invitations/league/${id}`),
  inPath(
    "POST",
    "id",
    (id) => `/api/invitations/${id}/accept`,
    () => ({ userId: alice.user.id }),
  ),
  inPath(
    "POST",
    "id",
    (id) => `/api/invitations/${id}/decline`,
    () => ({ userId: alice.user.id }),
  ),
  inPath(
    "PATCH",
    "id",
    (id) => `/api/friends/requests/${id}`,
    () => ({ status: "accepted" }),
  ),
  inPath("DELETE", "id", (id) => `/api/friends/${id}`),
  inPath("GET", "friendId", (id) => `/api/friends/${id}/analytics`),
  inPath("GET", "cursor", (id) => `/api/leagues?cursor=${id}`),
  inBody("POST", "leagueId", "/api/bets", (id) => ({ ...SPREAD, units: 1, leagueId: id })),
  inBody("POST", "propId", "/api/bets", (id) => ({
    ...SPREAD,
    units: 1,
    betType: "prop",
    selection: "Over",
    propId: id,
  })),
  inBody("POST", "leagueId", "/api/parlays", (id) => ({ legs: [SPREAD, LEG], units: 1, leagueId: id })),
  inBody("POST", "propId", "/api/parlays", (id) => ({
    legs: [SPREAD, { ...LEG, betType: "prop", selection: "Over", propId: id }],
    units: 1,
  })),
  inBody("POST", "createdBy", "/api/leagues", (id) => ({ ...leagueSettings, createdBy: id })),
  {
    ...inPath(
      "PUT",
      "createdBy",
      () => `/api/leagues/${leagueId}`,
      (id) => ({ ...leagueSettings, createdBy: id }),
    ),
  },
  {
    ...inPath(
      "POST",
      "userId",
      () => `/api/leagues/${leagueId}/join`,
      (id) => ({ userId: id }),
    ),
  },
  {
    ...inPath(
      "DELETE",
      "userId",
      () => `/api/leagues/${leagueId}/leave`,
      (id) => ({ userId: id }),
    ),
  },
  {
    ...inPath(
      "POST",
      "leagueId",
      () => `/api/leagues/${leagueId}/invite`,
      (id) => ({
        leagueId: id,
        invitedUserId: "admin",
        invitedBy: alice.user.id,
      }),
    ),
  },
  {
    ...inPath(
      "POST",
      "invitedBy",
      () => `/api/leagues/${leagueId}/invite`,
      (id) => ({
        invitedUserId: "admin",
        invitedBy: id,
      }),
    ),
  },
  {
    ...inPath(
      "POST",
      "invitedUserId",
      () => `/api/leagues/${leagueId}/invite`,
      (id) => ({
        invitedUserId: id,
        invitedBy: alice.user.id,
      }),
    ),
    message: "invitedUserId: must be a user id or a username",
  },
  inBody("POST", "addresseeId", "/api/friends/requests", (id) => ({ addresseeId: id })),
  inBody(
    "PATCH",
    "propId",
    `/api/games/${GAME}`,
    (id) => ({ homeScore: 1, awayScore: 0, status: "completed", playerStats: [{ propId: id, value: 1 }] }),
    { who: () => admin },
  ),
];

const describeCase = (c: IdCase) =>
  `${c.method} ${c.path(0).replace(/\b0\b/, `:${c.field}`).replace("undefined", ":id")} ${c.field}`;

async function send(c: IdCase, id: number) {
  return call(ctx.app, c.method, c.path(id), { body: c.body?.(id), cookie: (c.who?.() ?? alice).cookie });
}

describe("ids and cursors: 1..2147483647 on both engines", () => {
  test.each(cases.map((c) => [describeCase(c), c] as const))("%s", async (_, c) => {
    const rangeMessage = c.message ?? `${c.field}: must be a whole number from 1 to ${ID_MAX}`;
    const atMax = await send(c, ID_MAX);
    expect(atMax.status, JSON.stringify(atMax.body)).toBeLessThan(500);
    expect(atMax.body?.message ?? "").not.toContain("must be a whole number");
    expect(atMax.body?.message ?? "").not.toContain("A value is not valid");
    for (const above of [ID_MAX + 1, 2 ** 53 - 1]) {
      const res = await send(c, above);
      expect(res.status, `${above}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toMatchObject({ message: rangeMessage, code: "invalid_input" });
    }
  });

  test("the OpenAPI document gives ids that range, never 2^53 - 1", async () => {
    const doc = (await call(ctx.app, "GET", "/api/openapi.json")).body;
    const text = JSON.stringify(doc);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    const param = (path: string, method: string, name: string) =>
      doc.paths[path][method].parameters.find((p: { name: string }) => p.name === name).schema;
    expect(param("/api/users/{userId}/bets", "get", "userId")).toMatchObject({ minimum: 1, maximum: ID_MAX });
    expect(param("/api/leagues", "get", "cursor")).toMatchObject({ minimum: 1, maximum: ID_MAX });
  });
});
