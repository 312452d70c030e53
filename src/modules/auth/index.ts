import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/connection.ts";
import type { Clock } from "../../lib/clock.ts";
import { clientAddress } from "../../http/client-address.ts";
import { RateLimiter } from "../../http/rate-limit.ts";
import { LoginBody, RegisterBody, UsernameBody, UserResponse } from "./model.ts";
import { SESSION_COOKIE, type AuthPlugin } from "./plugin.ts";
import * as service from "./service.ts";

export interface AuthRoutesDeps {
  db: Db;
  clock: Clock;
  config: Config;
  auth: AuthPlugin;
  /** Called after a session ends, so its live sockets close too. */
  onSessionEnded(token: string): void;
}

/** Register, sign in and out, the current user, renaming (spec §7). */
export function authRoutes({ db, clock, config, auth, onSessionEnded }: AuthRoutesDeps) {
  const limiter = new RateLimiter(config.authRateLimit, 60_000, clock);
  const secure = config.publicUrl?.startsWith("https://") ?? false;
  const cookieOptions = {
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    path: "/",
    maxAge: service.SESSION_DAYS * 24 * 60 * 60,
  };

  return new Elysia({ name: "auth-routes", prefix: "/api" })
    .use(auth)
    .post(
      "/register",
      async ({ body, request, server, cookie, set }) => {
        const address = clientAddress(request, server, config.trustProxy);
        limiter.hit(address);
        const { user, token } = await service.register(db, clock.now(), body, {
          adminEmails: config.adminEmails,
          clientAddress: address,
        });
        cookie[SESSION_COOKIE]!.set({ value: token, ...cookieOptions });
        set.status = 201;
        return user;
      },
      { body: RegisterBody, response: { 201: UserResponse } },
    )
    .post(
      "/login",
      async ({ body, request, server, cookie }) => {
        limiter.hit(clientAddress(request, server, config.trustProxy));
        const { user, token } = await service.login(db, clock.now(), body, config.adminEmails);
        cookie[SESSION_COOKIE]!.set({ value: token, ...cookieOptions });
        return user;
      },
      { body: LoginBody, response: { 200: UserResponse } },
    )
    .post(
      "/logout",
      async ({ sessionToken, cookie }) => {
        await service.logout(db, sessionToken);
        cookie[SESSION_COOKIE]!.set({ value: "", ...cookieOptions, maxAge: 0 });
        onSessionEnded(sessionToken);
        return { message: "Logged out" };
      },
      { auth: true },
    )
    .get("/user", ({ user }) => user, { auth: true, response: { 200: UserResponse } })
    .put(
      "/user/username",
      ({ user, body }) => service.rename(db, user.id, body.username, config.adminEmails),
      { auth: true, body: UsernameBody, response: { 200: UserResponse } },
    );
}
