import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import { type Db, isDatabaseUnavailable } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { unauthorized } from "../../lib/errors.ts";
import { ABUSE_LIMITS, RateLimiter } from "../../http/rate-limit.ts";
import { bearerToken } from "../../shared/api-tokens.ts";
import type { User } from "../../shared/contract/auth.ts";
import { tokenRefused } from "../tokens/policy.ts";
import { tokenCaller } from "../tokens/service.ts";
import { assertAdmin } from "./policy.ts";
import { userForSession } from "./service.ts";

export const SESSION_COOKIE = "npt_session";
/** A browser that signed in to an account before (rules.ts): sent with sign-ins only. */
export const KNOWN_DEVICE_COOKIE = "npt_known_device";

export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** The app's routes, read on first use (a bearer token's scope depends on the route's operation and tag). */
  routes?: () => readonly RouteInfo[];
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

type Access = "signed-in" | "admin";
export interface RouteInfo {
  method: string;
  path: string;
  hooks: { detail?: { "x-access"?: Access; operationId?: string; tags?: string[] } };
}

/**
 * The bearer-token path (issue 47 item 3), apart from sessions: a request carrying
 * `Authorization: Bearer …` is judged by its token alone — never by a cookie it may also carry — on
 * the route it asks for (its operation and tag decide the scope it needs: shared/api-tokens.ts), with
 * each token's own rate budget. `caller` answers the user or throws the refusal (401/403/429).
 */
function bearerPath({ db, clock, config, routes = () => [] }: AuthDeps) {
  const limiter = new RateLimiter(db, "api-tokens", ABUSE_LIMITS.apiTokenRequests, 60_000, clock);
  let byRoute: Map<string, RouteInfo> | null = null;
  const routeOf = (method: string, path: string) => {
    byRoute ??= new Map(routes().map((r) => [`${r.method} ${r.path}`, r]));
    return byRoute.get(`${method} ${path}`);
  };
  return {
    token: (request: Request) => bearerToken(request.headers.get("authorization")),
    async caller(request: Request, token: string, path: string): Promise<User> {
      const detail = routeOf(request.method, path)?.hooks.detail ?? {};
      const { user } = await tokenCaller(
        db,
        clock.now(),
        token,
        {
          method: request.method,
          path,
          ...(detail.operationId ? { operationId: detail.operationId } : {}),
          ...(detail.tags ? { tags: detail.tags } : {}),
          ...(detail["x-access"] ? { access: detail["x-access"] } : {}),
        },
        config.adminEmails,
        (tokenId) => limiter.hit(`token:${tokenId}`),
      );
      return user;
    },
  };
}

/**
 * The session check of a route (found by its method and path pattern), for a request refused
 * before the route's own hooks run: 401 signed out, 403 not an admin; nothing on a public route.
 * `routes` is read on first use, once every route is registered.
 */
export function sessionFirst({ db, clock, config }: AuthDeps, routes: () => readonly RouteInfo[]) {
  let accessOf: Map<string, Access> | null = null;
  const bearer = bearerPath({ db, clock, config, routes });
  return async (request: Request, route: string): Promise<void> => {
    accessOf ??= new Map(
      routes().flatMap((r) =>
        r.hooks.detail?.["x-access"] ? [[`${r.method} ${r.path}`, r.hooks.detail["x-access"]]] : [],
      ),
    );
    const access = accessOf.get(`${request.method} ${route}`);
    if (!access) return;
    const token = bearer.token(request);
    if (token !== null) {
      if (access === "admin") throw tokenRefused();
      await bearer.caller(request, token, route);
      return;
    }
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
export function authPlugin(deps: AuthDeps) {
  const { db, clock, config } = deps;
  const checked = new WeakMap<Request, SignedIn>();
  const bearer = bearerPath(deps);
  const signIn = async (request: Request): Promise<SignedIn> => {
    const token = sessionTokenFrom(request.headers.get("cookie"));
    const user = token ? await userForSession(db, clock.now(), token, config.adminEmails) : null;
    if (!user || !token) throw unauthorized();
    return { user, sessionToken: token };
  };
  const check = async (request: Request, role: "user" | "admin", route: string) => {
    const token = bearer.token(request);
    if (token !== null) {
      // A site admin's token is no admin: admin routes are never a token's.
      if (role === "admin") throw tokenRefused();
      // No session: routes that need one (sign-out, a push device) are never a token's.
      checked.set(request, { user: await bearer.caller(request, token, route), sessionToken: "" });
      return;
    }
    const signedIn = await signIn(request);
    if (role === "admin") assertAdmin(signedIn.user);
    checked.set(request, signedIn);
  };
  const found = async (request: Request, role: "user" | "admin", route: string) => {
    if (!checked.has(request)) await check(request, role, route);
    return checked.get(request)!;
  };
  return new Elysia({ name: "auth" }).macro({
    // `detail` marks the route in the OpenAPI document (http/openapi.ts): needs the session cookie.
    auth: {
      detail: SESSION_DETAIL.auth,
      transform: ({ request, route }) => check(request, "user", route),
      resolve: ({ request, route }) => found(request, "user", route),
    },
    admin: {
      detail: SESSION_DETAIL.admin,
      transform: ({ request, route }) => check(request, "admin", route),
      resolve: ({ request, route }) => found(request, "admin", route),
    },
    // Public: no security scheme in the OpenAPI document, and a bad or expired cookie (or token) is a visitor.
    // So is everyone while the database does not answer: the public answer, from memory, not a 503.
    viewer: {
      resolve: async ({ request, route }) => {
        const token = bearer.token(request);
        // A bad or revoked token on a public route is a visitor, as a bad cookie is.
        if (token !== null) return { viewer: await bearer.caller(request, token, route).catch(() => null) };
        return {
          viewer: await sessionUser(db, clock, config, request).catch((error) => {
            if (isDatabaseUnavailable(error)) return null;
            throw error;
          }),
        };
      },
    },
  });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
