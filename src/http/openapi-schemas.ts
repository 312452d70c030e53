/**
 * The OpenAPI document's named schemas: the contract's answer shapes (src/shared/contract) become
 * `components.schemas` entries, and every copy of one in the document becomes a `$ref` to it, so a
 * client generator makes one `Bet` type instead of six anonymous ones.
 */
import { unwrapSchema } from "@elysiajs/openapi/openapi";
import { Kind, type TSchema } from "@sinclair/typebox";
import * as admin from "../shared/contract/admin.ts";
import * as auth from "../shared/contract/auth.ts";
import * as betting from "../shared/contract/betting.ts";
import * as bots from "../shared/contract/bots.ts";
import * as common from "../shared/contract/common.ts";
import * as contest from "../shared/contract/contest.ts";
import * as games from "../shared/contract/games.ts";
import * as leagues from "../shared/contract/leagues.ts";
import * as pools from "../shared/contract/pools.ts";
import * as profiles from "../shared/contract/profiles.ts";
import * as push from "../shared/contract/push.ts";
import * as social from "../shared/contract/social.ts";
import * as stats from "../shared/contract/stats.ts";

// biome-ignore lint/suspicious/noExplicitAny: the generated document is untyped JSON, walked by key
type Json = Record<string, any>;
type OpenApiVersion = Parameters<typeof unwrapSchema>[3];

const CONTRACT = [common, auth, games, betting, stats, contest, leagues, pools, social, profiles, push, bots, admin];

/** `UserResponse` → `User`, `ErrorResponse` → `Error`: the suffix says nothing in a client. */
const componentName = (exportName: string) => exportName.replace(/Response$/, "");

/** The contract's answer shapes by component name, as the generator would write them inline. */
export function contractSchemas(version: OpenApiVersion): Record<string, Json> {
  const named: Record<string, Json> = {};
  for (const contract of CONTRACT)
    for (const [exportName, value] of Object.entries(contract)) {
      if (typeof value !== "object" || value === null || !(Kind in value)) continue;
      const name = componentName(exportName);
      if (named[name]) throw new Error(`Two contract schemas are named ${name}`);
      named[name] = unwrapSchema(value as TSchema, undefined, "output", version) as Json;
    }
  return named;
}

const SCHEMAS = "#/components/schemas/";

/** JSON with sorted keys: two schemas written in a different key order are still the same shape. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * Replaces each copy of a named schema in the sections (`paths`, `components.responses`; and inside
 * the named schemas themselves) by a
 * `$ref`; returns the named schemas that are referred to, in the contract's order. Both sides must
 * be plain JSON that went through the same clean-up.
 */
export function referToNamedSchemas(sections: Json[], named: Record<string, Json>): Record<string, Json> {
  const byShape = new Map(Object.entries(named).map(([name, schema]) => [canonical(schema), name]));
  const used = new Set<string>();
  const refer = (node: unknown, own?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => refer(item));
    if (typeof node !== "object" || node === null) return node;
    const ref = (node as Json).$ref;
    if (typeof ref === "string" && ref.startsWith(SCHEMAS)) used.add(ref.slice(SCHEMAS.length));
    const name = byShape.get(canonical(node));
    if (name && name !== own) {
      used.add(name);
      return { $ref: `${SCHEMAS}${name}` };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, refer(value)]));
  };
  for (const section of sections) for (const [key, item] of Object.entries(section)) section[key] = refer(item);
  const schemas: Record<string, Json> = {};
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (schemas[name]) continue;
    const before = new Set(used);
    schemas[name] = refer(named[name], name) as Json;
    for (const found of used) if (!before.has(found)) pending.push(found);
  }
  return Object.fromEntries(Object.keys(named).flatMap((name) => (schemas[name] ? [[name, schemas[name]]] : [])));
}

/** What a number sent as a string must look like (the API takes "100.00" and 100 alike: DESIGN "Contracts"). */
const NUMERIC_STRING = "^-?\\d+(\\.\\d+)?$";
const INTEGER_STRING = "^-?\\d+$";
const isNumberAsString = (schema: Json) =>
  schema?.type === "string" && (schema.format === "numeric" || schema.format === "integer");

/**
 * TypeBox's `t.Numeric` and `t.Integer` of Elysia write `format: numeric` (or `integer`) on a
 * string, which no OpenAPI tool knows. A path or query parameter is text on the wire anyway: its
 * schema becomes the number it stands for. In a body, the string form stays, with a pattern.
 */
export function standardNumbers(paths: Json): void {
  for (const item of Object.values(paths) as Json[])
    for (const operation of Object.values(item) as Json[])
      for (const parameter of (operation.parameters ?? []) as Json[]) parameter.schema = asNumber(parameter.schema);
  const walk = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    if (isNumberAsString(node as Json)) {
      const schema = node as Json;
      // A field's own pattern (http/schema.ts `wholeNumber`: no leading zero) is the stricter one.
      schema.pattern ??= schema.format === "integer" ? INTEGER_STRING : NUMERIC_STRING;
      delete schema.format;
      delete schema.default;
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(paths);
}

function asNumber(schema: Json): Json {
  if (!Array.isArray(schema?.anyOf) || !schema.anyOf.some(isNumberAsString)) return schema;
  const rest = (schema.anyOf as Json[]).filter((branch) => !isNumberAsString(branch));
  const { anyOf: _, ...outer } = schema;
  const number: Json = rest.length === 1 ? { ...outer, ...rest[0] } : { ...outer, anyOf: rest };
  if (number.type === "number" && number.multipleOf === 1) {
    number.type = "integer";
    delete number.multipleOf;
  }
  return number;
}
