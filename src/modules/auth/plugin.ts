import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import { type Db, isDatabaseUnavailable } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { unauthorized } from "../../lib/errors.ts";
import type { User } from "../../shared/contract/auth.ts";
import { assertAdmin } from "./policy.ts";
import { userForSession } from "./service.ts";

export const SESSION_COOKIE = "npt_session";
/** A browser that signed in to an account before (rules.ts): sent with sign-ins only. */
export const KNOWN_DEVICE_COOKIE = "npt_known_device";

export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/**
 * Reads the session cookie's token from a raw Cookie header (the WebSocket upgrade has no Elysia
 * cookie jar). A value that is not valid percent-encoding is no session, not an error.
 */
export function sessionTokenFrom(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The signed-in user of a request, or null: "who is asking, if anyone". Routes get it from the
 * `{ viewer: true }` macro; the WebSocket upgrade and the metrics route, which have no macro, call it.
 */
export async function sessionUser(db: Db, clock: Clock, config: Config, request: Request): Promise<User | null> {
  const token = sessionTokenFrom(request.headers.get("cookie"));
  return token ? userForSession(db, clock.now(), token, config.adminEmails) : null;
}

type SignedIn = { user: User; sessionToken: string };

type Access = (typeof SESSION_DETAIL)[keyof typeof SESSION_DETAIL]["x-access"];
export interface RouteInfo {
  method: string;
  path: string;
  hooks: { detail?: { "x-access"?: Access } };
}

/**
 * The session check of a route (found by its method and path pattern), for a request refused
 * before the route's own hooks run: 401 signed out, 403 not an admin; nothing on a public route.
 * `routes` is read on first use, once every route is registered.
 */
export function sessionFirst({ db, clock, config }: AuthDeps, routes: () => readonly RouteInfo[]) {
  let accessOf: Map<string, Access> | null = null;
  return async (request: Request, route: string): Promise<void> => {
    accessOf ??= new Map(
      routes().flatMap((r) =>
        r.hooks.detail?.["x-access"] ? [[`${r.method} ${r.path}`, r.hooks.detail["x-access"]]] : [],
      ),
    );
    const access = accessOf.get(`${request.method} ${route}`);
    if (!access) return;
    const user = await sessionUser(db, clock, config, request);
    if (!user) throw unauthorized();
    if (access === "admin") assertAdmin(user);
  };
}

/** What the macros add to a route's OpenAPI operation: the cookie security scheme and who may call it. */
export const SESSION_DETAIL = {
  auth: { security: [{ session: [] }], "x-access": "signed-in" },
  admin: { security: [{ session: [] }], "x-access": "admin" },
};

/**
 * The session plugin. Routes opt in with `{ auth: true }` (signed in, else 401) or
 * `{ admin: true }` (role admin, else 403: policy.ts `assertAdmin`) and receive `user` and
 * `sessionToken`; public routes that personalise (the leaderboards' own row) take
 * `{ viewer: true }` and receive `viewer`, the signed-in user or null, never a refusal.
 *
 * The check runs in `transform`, before Elysia validates params, query and body: a stranger
 * learns nothing about a route's input rules and makes us walk no payload (signed out is a
 * 401 whatever the body). `resolve` then hands the route what the check found.
 */
export function authPlugin({ db, clock, config }: AuthDeps) {
  const checked = new WeakMap<Request, SignedIn>();
  const signIn = async (request: Request): Promise<SignedIn> => {
    const token = sessionTokenFrom(request.headers.get("cookie"));
    const user = token ? await userForSession(db, clock.now(), token, config.adminEmails) : null;
    if (!user || !token) throw unauthorized();
    return { user, sessionToken: token };
  };
  const check = async (request: Request, role: "user" | "admin") => {
    const signedIn = await signIn(request);
    if (role === "admin") assertAdmin(signedIn.user);
    checked.set(request, signedIn);
  };
  const found = async (request: Request, role: "user" | "admin") => {
    if (!checked.has(request)) await check(request, role);
    return checked.get(request)!;
  };
  return new Elysia({ name: "auth" }).macro({
    // `detail` marks the route in the OpenAPI document (http/openapi.ts): needs the session cookie.
    auth: {
      detail: SESSION_DETAIL.auth,
      transform: ({ request }) => check(request, "user"),
      resolve: ({ request }) => found(request, "user"),
    },
    admin: {
      detail: SESSION_DETAIL.admin,
      transform: ({ request }) => check(request, "admin"),
      resolve: ({ request }) => found(request, "admin"),
    },
    // Public: no security scheme in the OpenAPI document, and a bad or expired cookie is a visitor.
    // So is everyone while the database does not answer: the public answer, from memory, not a 503.
    viewer: {
      resolve: async ({ request }) => ({
        viewer: await sessionUser(db, clock, config, request).catch((error) => {
          if (isDatabaseUnavailable(error)) return null;
          throw error;
        }),
      }),
    },
  });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
