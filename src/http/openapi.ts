import { toOpenAPISchema, unwrapSchema } from "@elysiajs/openapi/openapi";
import { Elysia, t, type AnyElysia } from "elysia";
import packageJson from "../../package.json" with { type: "json" };
import { SESSION_COOKIE } from "../modules/auth/plugin.ts";
import { scopeFor } from "../shared/api-tokens.ts";
import { contractSchemas, referToNamedSchemas, standardNumbers } from "./openapi-schemas.ts";

export const OPENAPI_PATH = "/api/openapi.json";
const VERSION = "3.1.1" as const;

/** The document's own outline; its paths and schemas are whatever the routes declare. */
export const OpenApiDocument = t.Object(
  {
    openapi: t.String(),
    info: t.Object({ title: t.String(), version: t.String() }, { additionalProperties: true }),
    paths: t.Record(t.String(), t.Unknown()),
    components: t.Record(t.String(), t.Unknown()),
  },
  { additionalProperties: true, description: "An OpenAPI 3.1 document" },
);

/**
 * Routes that are not part of the JSON API: the browser app, its live channel, the JSON 404 for
 * unknown /api paths, and Prometheus' /metrics (text for scrapers, docs/operations.md "Metrics").
 */
export const UNDOCUMENTED = ["/*", "/ws", "/api/*", "/metrics"];

const ERROR_REF = { $ref: "#/components/responses/Error" };

/** The document's tags, in reading order: each module's routes carry one (`new Elysia({ tags })`). */
export const TAGS = [
  { name: "Auth", description: "Accounts: sign-up, sign-in, passwords and the signed-in user" },
  { name: "Account", description: "One's own data: exports and deleting the account" },
  { name: "Games", description: "The season's games with their odds and props; resolving them" },
  { name: "Bets", description: "Placing, listing and cancelling bets and parlays" },
  { name: "Stats", description: "Players' figures and the leaderboards" },
  { name: "Contest", description: "The weekly contest's winners" },
  { name: "Leagues", description: "Leagues, their members, invitations and invite links" },
  { name: "Social", description: "Friends, player search and notifications" },
  { name: "Profiles", description: "Players' graded records and who may see them" },
  { name: "Push", description: "Web Push: devices, what is pushed, quiet hours and a test notification" },
  { name: "Tokens", description: "Personal API tokens for one's own scripts: made, listed and revoked in the app" },
  { name: "Admin", description: "Site admins' tools: bots and the audit log" },
  { name: "Service", description: "Probes, health, and the API's OpenAPI and AsyncAPI documents" },
];
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

// biome-ignore lint/suspicious/noExplicitAny: Elysia's route hooks and the generated document are untyped JSON, walked by key
type Json = Record<string, any>;
type RouteLike = { method: string; path: string; hooks: Json };
/** Elysia keeps the shared route table behind a protected method; @elysiajs/openapi reads it the same way. */
const routeTable = (app: AnyElysia) => (app as unknown as { getGlobalRoutes(): RouteLike[] }).getGlobalRoutes();

/** `/api/leagues/:id` → `/api/leagues/{id}`, the document's form. */
export const documentPath = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

/** Whether a schema may be left out (TypeBox `t.Optional`, e.g. http/schema.ts EmptyBody). */
const isOptional = (schema: unknown) =>
  typeof schema === "object" &&
  schema !== null &&
  Object.getOwnPropertySymbols(schema).some((s) => s.description === "TypeBox.Optional");

/**
 * Builds the document from the app's route table with @elysiajs/openapi's generator, then says
 * what the generator cannot know: JSON-only bodies (http/pipeline.ts), bodies that may be left
 * out, the session cookie, the error shape, and non-JSON answers (a string schema's
 * `contentMediaType`, e.g. CSV); then names the contract's shapes and writes numbers in standard
 * terms (http/openapi-schemas.ts).
 */
export function buildOpenApiDocument(app: AnyElysia): typeof OpenApiDocument.static {
  const { paths, components } = toOpenAPISchema(
    app,
    { paths: UNDOCUMENTED, staticFile: false },
    undefined,
    undefined,
    VERSION,
  ) as Json;
  for (const route of routeTable(app)) {
    const operation = paths[documentPath(route.path)]?.[route.method.toLowerCase()] as Json | undefined;
    if (!operation) continue;
    // Only the ids a route declares: the generator's own (`getApiUsersByUserIdExportBets.csv`) break client generators.
    if (!route.hooks.detail?.operationId) delete operation.operationId;
    // The generator lists no media type for a route with a parser of our own (http/pipeline.ts).
    if (operation.requestBody) {
      const schema = unwrapSchema(route.hooks.body, undefined, "input", VERSION);
      operation.requestBody = { required: !isOptional(route.hooks.body), content: { "application/json": { schema } } };
    }
    for (const response of Object.values(operation.responses ?? {}) as Json[]) {
      for (const [type, media] of Object.entries(response.content ?? {}) as [string, Json][]) {
        const mediaType = media.schema?.contentMediaType;
        if (typeof mediaType === "string" && mediaType !== type) {
          delete response.content[type];
          response.content[mediaType] = media;
        }
      }
    }
    const access = operation["x-access"];
    // Public: said outright, not left to a default (the auth macro sets the session scheme).
    if (!access) operation.security = [];
    // What a personal API token may call (issue 47): the session, or a token with this scope.
    const scope = access ? scopeFor({ method: route.method, ...route.hooks.detail, access }) : null;
    if (scope) {
      operation.security = [{ session: [] }, { apiToken: [] }];
      operation["x-token-scope"] = scope;
    }
    operation.responses = {
      ...operation.responses,
      ...(operation.parameters?.length || operation.requestBody
        ? { 400: { ...ERROR_REF, description: "Invalid input: the message names the field" } }
        : {}),
      ...(access ? { 401: { ...ERROR_REF, description: "Not signed in" } } : {}),
      ...(access === "admin" ? { 403: { ...ERROR_REF, description: "Admins only" } } : {}),
      ...(scope
        ? { 403: { ...ERROR_REF, description: "Not allowed (`token_scope`: the token lacks this scope)" } }
        : {}),
      "4XX": ERROR_REF,
      "5XX": ERROR_REF,
    };
  }
  for (const item of Object.values(paths) as Json[])
    for (const method of Object.keys(item)) if (!METHODS.has(method)) delete item[method];
  const document = tidy({
    openapi: VERSION,
    info: {
      title: "NFL Paper Trading API",
      version: packageJson.version,
      description:
        "The JSON API the browser app uses. Sign in with POST /api/login (or /api/register): the answer sets the session cookie, " +
        `${SESSION_COOKIE}, which routes marked with the session scheme need. Every error answers ${"`{ message, code }`"} ` +
        "(and `field` for invalid input) with its HTTP status. State-changing requests from another origin are refused. " +
        "Scripts may instead send a personal API token (Settings → API tokens) as `Authorization: Bearer npt_…` to the " +
        "operations marked with the apiToken scheme, within its scopes (`x-token-scope`: `read`, or `bets` to place and cancel bets).",
    },
    servers: [{ url: "/", description: "The server that serves this document" }],
    tags: TAGS,
    paths,
    components: {
      schemas: { ...components.schemas, ...contractSchemas(VERSION) },
      responses: {
        Error: {
          description: "An error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Set by POST /api/login and POST /api/register",
        },
        apiToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "npt_…",
          description:
            "A personal API token made in Settings → API tokens (POST /api/tokens), with the scopes its operations' " +
            "`x-token-scope` names; 403 `token_scope` outside them; at most 120 requests a minute per token",
        },
      },
    },
  });
  standardNumbers(document.paths);
  document.components.schemas = referToNamedSchemas(
    [document.paths, document.components.responses],
    document.components.schemas,
  );
  return document;
}

/**
 * A plain-JSON copy (the generator hands out the routes' live schemas), without what only our
 * validator reads: `error` (our message for a bad value) and the `default` TypeBox gives the
 * string form of a number.
 */
function tidy<T>(document: T): T {
  return JSON.parse(JSON.stringify(document), function (this: Json, key, value) {
    if (key === "error" && typeof value === "string") return undefined;
    if (key === "default" && this.format === "numeric") return undefined;
    return value;
  });
}

/** `GET /api/openapi.json`: the OpenAPI document of every API route, JSON only (no UI: the CSP allows no outside scripts). */
export function openapiRoute() {
  let cached: { routes: number; document: typeof OpenApiDocument.static } | null = null;
  const plugin: AnyElysia = new Elysia({ name: "openapi", tags: ["Service"] }).get(
    OPENAPI_PATH,
    () => {
      // Built on first use, when every route is registered; rebuilt only if routes were added since.
      const routes = routeTable(plugin).length;
      if (cached?.routes !== routes) cached = { routes, document: buildOpenApiDocument(plugin) };
      return cached.document;
    },
    {
      response: { 200: OpenApiDocument },
      detail: { summary: "The JSON API as an OpenAPI 3.1 document", operationId: "getOpenApiDocument" },
    },
  );
  return plugin;
}
