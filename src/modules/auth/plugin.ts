import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/connection.ts";
import type { Clock } from "../../lib/clock.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";
import { userForSession } from "./service.ts";

export const SESSION_COOKIE = "npt_session";

export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/** Reads the session cookie's token from a raw Cookie header (the WebSocket upgrade has no Elysia cookie jar). */
export function sessionTokenFrom(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The signed-in user of a request, or null: for routes that serve visitors too. */
export async function sessionUser(db: Db, clock: Clock, config: Config, request: Request) {
  const token = sessionTokenFrom(request.headers.get("cookie"));
  return token ? userForSession(db, clock.now(), token, config.adminEmails) : null;
}

/**
 * The session plugin. Routes opt in with `{ auth: true }` (signed in, else 401) or
 * `{ admin: true }` (role admin, else 403) and receive `user` and `sessionToken`.
 */
export function authPlugin({ db, clock, config }: AuthDeps) {
  const resolveUser = async (request: Request) => {
    const token = sessionTokenFrom(request.headers.get("cookie"));
    const user = await sessionUser(db, clock, config, request);
    if (!user || !token) throw unauthorized();
    return { user, sessionToken: token };
  };
  return new Elysia({ name: "auth" }).macro({
    auth: { resolve: ({ request }) => resolveUser(request) },
    admin: {
      async resolve({ request }) {
        const signedIn = await resolveUser(request);
        if (signedIn.user.role !== "admin") throw forbidden("Admins only", "admin_only");
        return signedIn;
      },
    },
  });
}

export type AuthPlugin = ReturnType<typeof authPlugin>;
