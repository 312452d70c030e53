/**
 * The OpenAPI document is the contract (issue 32 item 4): openapi-typescript generates types from
 * the live document, and a small client written against them compiles with the project's tsc —
 * named by the operation ids and schema names, with real types (a wrong use must not compile).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import openapiTS from "openapi-typescript";
import { buildUser, seededSeason } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

/** The docs' example script (README "API tokens"): it places a bet with a personal API token. */
const EXAMPLE = join(import.meta.dir, "../../docs/examples/place-bet.ts");

type Json = Record<string, any>;

let ctx: TestContext;
let doc: Json;
let folder: string;

beforeAll(async () => {
  ctx = await makeTestApp();
  doc = (await call(ctx.app, "GET", "/api/openapi.json")).body;
  folder = mkdtempSync(join(tmpdir(), "nfl-openapi-client-"));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await ctx.close();
});

const operationIds = () =>
  Object.values(doc.paths).flatMap((item) => Object.values(item as Json).map((operation) => operation.operationId));

/** A client as someone building on the API would write it, from the generated types alone. */
const client = (ids: string[]) => `import type { components, operations } from "./api";

type Body<Id extends keyof operations> = operations[Id] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Ok<Id extends keyof operations, Status extends number> = operations[Id]["responses"] extends Record<Status, { content: infer C }> ? C : never;

export type Game = components["schemas"]["Game"];
export type Bet = components["schemas"]["Bet"];
export type League = components["schemas"]["League"];
export type ApiError = components["schemas"]["Error"];

export async function listGames(base: string, week?: operations["listGames"]["parameters"]["query"] extends infer Q ? Q extends { week?: infer W } ? W : never : never): Promise<Game[]> {
  const answer = await fetch(base + "/api/games" + (week === undefined ? "" : "?week=" + week));
  const games: Ok<"listGames", 200>["application/json"] = await answer.json();
  return games;
}

export async function placeBet(base: string, bet: Body<"placeBet">): Promise<Bet | ApiError> {
  const answer = await fetch(base + "/api/bets", { method: "POST", body: JSON.stringify(bet), credentials: "include" });
  const placed: Ok<"placeBet", 201>["application/json"] = await answer.json();
  return placed;
}

export async function exportBetsCsv(base: string, userId: operations["exportBetsCsv"]["parameters"]["path"]["userId"]): Promise<string> {
  const answer = await fetch(base + "/api/users/" + userId + "/export/bets.csv", { credentials: "include" });
  const csv: Ok<"exportBetsCsv", 200>["text/csv"] = await answer.text();
  return csv;
}

export const describeBet = (bet: Bet): string =>
  bet.selection + " " + bet.status + " placed " + new Date(bet.placedAt).toISOString() + " on " + bet.game.homeAbbr + (bet.legs ? " (" + bet.legs.length + " legs)" : "");

export const aBet: Body<"placeBet"> = { gameId: "fake-w1-KC-BUF", betType: "total", selection: "Over", odds: -110, point: 45.5, units: 1 };

// @ts-expect-error units are required
export const noUnits: Body<"placeBet"> = { gameId: "fake-w1-KC-BUF", betType: "total", selection: "Over", odds: -110 };
// @ts-expect-error a bet's id is a number
export const stringId: Bet["id"] = "1";
// @ts-expect-error a game's status is one of its three
export const badStatus: Game["status"] = "postponed";
// @ts-expect-error no such operation
export type Missing = operations["getApiGames"];

/** Every operation of the document is a named operation in the types. */
export const everyOperation: (keyof operations)[] = ${JSON.stringify(ids)};
`;

describe("a typed client generated from the document", () => {
  test("openapi-typescript generates its types, and a client using them compiles", async () => {
    const types = await openapiTS(doc as Parameters<typeof openapiTS>[0]);
    expect(types).toContain("listGames: {");
    expect(types).toContain("Bet: {");
    writeFileSync(join(folder, "api.d.ts"), types);
    writeFileSync(join(folder, "client.ts"), client(operationIds()));
    copyFileSync(EXAMPLE, join(folder, "place-bet.ts"));
    writeFileSync(
      join(folder, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          lib: ["es2022", "dom"],
          types: [],
        },
        files: ["client.ts", "place-bet.ts"],
      }),
    );
    const tsc = Bun.spawnSync([join(import.meta.dir, "../../node_modules/.bin/tsc"), "-p", folder]);
    const output = `${tsc.stdout}${tsc.stderr}`;
    expect({ exit: tsc.exitCode, output }).toEqual({ exit: 0, output: "" });
  }, 60_000);

  test("every operation id is a valid TypeScript name, as generators need", () => {
    const ids = operationIds();
    expect(ids.length).toBeGreaterThan(60);
    expect(ids.filter((id) => typeof id !== "string" || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
  });
});

describe("the docs' example script (issue 47: a typed client that places a bet with an API token)", () => {
  test("compiled above against the generated types, it places a bet for the token's player over HTTP", async () => {
    const world = await seededSeason();
    const player = await buildUser(world.ctx, { username: "scripter" });
    const made = await call(world.ctx.app, "POST", "/api/tokens", {
      cookie: player.cookie,
      body: { name: "example", scopes: ["read", "bets"] },
    });
    world.ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const exampleDir = mkdtempSync(join(tmpdir(), "nfl-example-"));
      copyFileSync(EXAMPLE, join(exampleDir, "place-bet.ts"));
      writeFileSync(join(exampleDir, "api.d.ts"), "export type components = any; export type operations = any;");
      const { overOnFirstOpenGame } = await import(join(exampleDir, "place-bet.ts"));
      const bet = await overOnFirstOpenGame(`http://127.0.0.1:${world.ctx.app.server!.port}`, made.body.token);
      expect({ userId: bet.userId, betType: bet.betType, selection: bet.selection }).toEqual({
        userId: player.user.id,
        betType: "total",
        selection: "Over",
      });
      rmSync(exampleDir, { recursive: true, force: true });
    } finally {
      await world.ctx.app.stop();
      await world.ctx.close();
    }
  }, 30_000);
});
