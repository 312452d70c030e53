/**
 * `GET /api/asyncapi.json`: the live channel /ws described as an AsyncAPI 3.0 document, made from
 * the message schemas of src/shared/contract/live.ts (the same ones the server and the browser use),
 * beside the OpenAPI document of the JSON API (http/openapi.ts).
 */
import { Elysia, t } from "elysia";
import type { TSchema } from "@sinclair/typebox";
import packageJson from "../../package.json" with { type: "json" };
import { SESSION_COOKIE } from "../modules/auth/plugin.ts";
import { ClientMessages, ServerMessages, SettledPick, SettlementMessage } from "../shared/contract/live.ts";
import { referToNamedSchemas } from "./openapi-schemas.ts";

export const ASYNCAPI_PATH = "/api/asyncapi.json";
const CHANNEL = "live";
const SESSION = { $ref: "#/components/securitySchemes/session" };

export const AsyncApiDocument = t.Object(
  {
    asyncapi: t.String(),
    info: t.Object(
      { title: t.String(), version: t.String(), description: t.Optional(t.String()) },
      { additionalProperties: true },
    ),
    channels: t.Record(t.String(), t.Unknown()),
    operations: t.Record(t.String(), t.Unknown()),
    components: t.Record(t.String(), t.Unknown()),
  },
  { additionalProperties: true, description: "An AsyncAPI 3.0 document" },
);

/** A TypeBox schema as plain JSON Schema. */
const plain = (schema: TSchema) => JSON.parse(JSON.stringify(schema));
const PascalCase = (type: string) => type.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());

function messagesOf(schemas: Record<string, TSchema>) {
  return Object.fromEntries(
    Object.entries(schemas).map(([type, schema]) => [
      type,
      {
        name: type,
        title: PascalCase(type),
        summary: schema.description,
        contentType: "application/json",
        payload: plain(schema),
      },
    ]),
  );
}

const refs = (types: string[]) => types.map((type) => ({ $ref: `#/channels/${CHANNEL}/messages/${type}` }));

/** The document; built once (it depends on the contract only). */
export function buildAsyncApiDocument(): typeof AsyncApiDocument.static {
  const messages = { ...messagesOf(ServerMessages), ...messagesOf(ClientMessages) };
  const named = referToNamedSchemas([messages], {
    SettlementMessage: plain(SettlementMessage),
    SettledPick: plain(SettledPick),
  });
  const serverTypes = Object.keys(ServerMessages);
  return {
    asyncapi: "3.0.0",
    info: {
      title: "NFL Paper Trading live channel",
      version: packageJson.version,
      description:
        "The WebSocket at /ws (same origin as the app; an upgrade from another Origin is refused). " +
        `With the session cookie, ${SESSION_COOKIE}, the socket belongs to that player and also hears of their own ` +
        "settlements and notifications; without it, only what everyone hears. Every message is one JSON object with a `type`. " +
        "The server pings idle sockets (WebSocket pings) and closes those that do not answer; a browser may also send " +
        "`ping` to get a `pong`. A socket whose session ends (sign-out, password change) is closed with code 4001.",
    },
    channels: {
      [CHANNEL]: {
        address: "/ws",
        title: "Live updates",
        description: "One socket per browser tab: what changed, so the app refetches only what it shows.",
        messages: Object.fromEntries(
          Object.keys(messages).map((type) => [type, { $ref: `#/components/messages/${type}` }]),
        ),
      },
    },
    operations: {
      sendLiveUpdates: {
        action: "send",
        channel: { $ref: `#/channels/${CHANNEL}` },
        title: "Live updates",
        summary: "What the server sends: a greeting, pongs, and what changed",
        messages: refs(serverTypes),
        security: [SESSION],
      },
      receivePing: {
        action: "receive",
        channel: { $ref: `#/channels/${CHANNEL}` },
        title: "Ping",
        summary: "What the browser may send: a ping",
        messages: refs(Object.keys(ClientMessages)),
        security: [SESSION],
      },
    },
    components: {
      schemas: named,
      messages,
      securitySchemes: {
        session: {
          type: "httpApiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description:
            "Optional: set by POST /api/login. Without it the socket hears only what everyone hears (odds and scores).",
        },
      },
    },
  };
}

/** `GET /api/asyncapi.json`, public like the OpenAPI document. */
export function asyncapiRoute() {
  let cached: typeof AsyncApiDocument.static | null = null;
  return new Elysia({ name: "asyncapi", tags: ["Service"] }).get(
    ASYNCAPI_PATH,
    () => {
      cached ??= buildAsyncApiDocument();
      return cached;
    },
    {
      response: { 200: AsyncApiDocument },
      detail: { summary: "The live channel /ws, as an AsyncAPI 3.0 document", operationId: "getAsyncApiDocument" },
    },
  );
}
