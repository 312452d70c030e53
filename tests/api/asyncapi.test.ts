/**
 * GET /api/asyncapi.json (issue 32 item 4): the live channel /ws as an AsyncAPI 3.0 document made
 * from the message schemas of shared/contract/live.ts; Redocly finds no error in it, and what a
 * real socket hears matches the schema of its message.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TypeCompiler } from "elysia/type-system";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { ClientMessages, ServerMessages } from "../../src/shared/contract/live.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";
import { gamesUpdate } from "../../src/modules/games/service.ts";

type Json = Record<string, any>;

let ctx: TestContext;
let doc: Json;

beforeAll(async () => {
  ctx = await makeTestApp();
  const res = await call(ctx.app, "GET", "/api/asyncapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("application/json");
  doc = res.body;
});
afterAll(() => ctx.close());

/** The document with its local `$ref`s replaced by what they point to. */
function resolved(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(resolved);
  if (typeof node !== "object" || node === null) return node;
  const ref = (node as Json).$ref;
  if (typeof ref === "string") {
    const target = ref
      .slice(2)
      .split("/")
      .reduce((at: Json | undefined, key) => at?.[key], doc);
    if (target === undefined) throw new Error(`unresolved ${ref}`);
    return resolved(target);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(value)]));
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("GET /api/asyncapi.json", () => {
  test("describes /ws in AsyncAPI 3.0: one channel, what the server sends and what it receives", () => {
    expect(doc.asyncapi).toBe("3.0.0");
    expect(doc.info.title).toBe("NFL Paper Trading live channel");
    expect(doc.channels.live.address).toBe("/ws");
    const messageTypes = (operation: Json) =>
      operation.messages.map((m: Json) => (resolved(m) as Json).payload.properties.type.const);
    expect(doc.operations.sendLiveUpdates.action).toBe("send");
    expect(messageTypes(doc.operations.sendLiveUpdates)).toEqual(Object.keys(ServerMessages));
    expect(doc.operations.receivePing.action).toBe("receive");
    expect(messageTypes(doc.operations.receivePing)).toEqual(["ping"]);
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: "httpApiKey",
      in: "cookie",
      name: SESSION_COOKIE,
    });
  });

  test("each message's payload is the contract's schema (settlements named, not copied)", () => {
    for (const [type, schema] of Object.entries({ ...ServerMessages, ...ClientMessages })) {
      const message = doc.components.messages[type];
      expect({ type, contentType: message.contentType }).toEqual({ type, contentType: "application/json" });
      expect(resolved(message.payload)).toEqual(plain(schema));
    }
    expect(doc.components.messages.bet_settlements.payload.properties.settlements.items).toEqual({
      $ref: "#/components/schemas/SettlementMessage",
    });
    expect(doc.components.schemas.SettlementMessage.properties.betDetails.properties.pick).toEqual({
      $ref: "#/components/schemas/SettledPick",
    });
  });

  test("Redocly's recommended rules find no error in it", () => {
    const folder = mkdtempSync(join(tmpdir(), "nfl-asyncapi-"));
    try {
      const file = join(folder, "asyncapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const lint = Bun.spawnSync(
        [
          process.execPath,
          join(import.meta.dir, "../../node_modules/@redocly/cli/bin/cli.js"),
          "lint",
          "--format=summary",
          file,
        ],
        { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
      );
      const output = `${lint.stdout}${lint.stderr}`;
      expect({ exit: lint.exitCode, output }).toEqual({ exit: 0, output: expect.stringContaining("valid") });
      expect(output).not.toContain("error");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("what /ws says matches the document", () => {
  test("hello, pong, odds_update and notification each pass their message's schema", async () => {
    ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
    const origin = `http://127.0.0.1:${ctx.app.server!.port}`;
    try {
      const user = await buildUser(ctx);
      const heard: Json[] = [];
      const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, {
        headers: { origin, cookie: user.cookie },
      } as unknown as string[]);
      ws.addEventListener("message", (e) => heard.push(JSON.parse(String(e.data))));
      const until = async (type: string) => {
        const start = Date.now();
        while (!heard.some((m) => m.type === type)) {
          if (Date.now() - start > 3000) throw new Error(`no ${type} message`);
          await Bun.sleep(5);
        }
      };
      await until("hello");
      ws.send(JSON.stringify({ type: "ping" }));
      await until("pong");
      // A real update: a synced game, as an odds_update carries it.
      await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
      const ids = (await ctx.db.selectFrom("games").select("id").limit(2).execute()).map((r) => r.id);
      ctx.hub.broadcastGamesUpdate("odds_update", 7, await gamesUpdate(ctx.db, ids, ctx.clock.now()));
      await until("odds_update");
      ctx.hub.sendTo(user.user.id, { type: "notification" });
      await until("notification");
      ws.close();
      for (const message of heard) {
        const schema = resolved(doc.components.messages[message.type]?.payload);
        expect({ message, documented: schema !== undefined }).toEqual({ message, documented: true });
        const check = TypeCompiler.Compile(ServerMessages[message.type as keyof typeof ServerMessages]);
        expect({ message, valid: check.Check(message) }).toEqual({ message, valid: true });
        expect(schema).toEqual(plain(ServerMessages[message.type as keyof typeof ServerMessages]));
      }
      expect(heard.map((m) => m.type)).toEqual(["hello", "pong", "odds_update", "notification"]);
    } finally {
      await ctx.app.stop();
    }
  });

  test("a real settlement, as the server writes it for the socket, passes bet_settlements' schema", async () => {
    const season = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
    try {
      await syncGames(season.db, new FakeProvider(), season.clock.now());
      const user = await buildUser(season);
      const placed = await call(season.app, "POST", "/api/bets", {
        cookie: user.cookie,
        body: { gameId: "fake-w1-KC-BUF", betType: "total", selection: "Over", odds: -110, point: 45.5, units: 1 },
      });
      expect(placed.status).toBe(201);
      const admin = await buildUser(season, { role: "admin" });
      const resolved = await call(season.app, "PATCH", "/api/games/fake-w1-KC-BUF", {
        cookie: admin.cookie,
        body: { homeScore: 30, awayScore: 24, status: "completed" },
      });
      expect(resolved.status).toBe(200);
      await settleGame(season.db, season.clock.now(), "fake-w1-KC-BUF");
      const rows = await season.db
        .selectFrom("outbox")
        .select("payload")
        .where("type", "=", "bet_settlements")
        .execute();
      const settlements = rows.flatMap((row) => JSON.parse(row.payload).settlements);
      expect(settlements.length).toBeGreaterThan(0);
      const message = { type: "bet_settlements", settlements };
      const errors = [...TypeCompiler.Compile(ServerMessages.bet_settlements).Errors(message)].map(
        (e) => `${e.path}: ${e.message}`,
      );
      expect(errors).toEqual([]);
    } finally {
      await season.close();
    }
  });
});
