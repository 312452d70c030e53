import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/connection.ts";
import type { Clock } from "../../lib/clock.ts";
import { clientAddress } from "../../http/client-address.ts";
import { RateLimiter } from "../../http/rate-limit.ts";
import { EmptyBody } from "../../http/schema.ts";
import { ourOrigin } from "../../http/security.ts";
import { AppError } from "../../lib/errors.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { ForgotBody, LoginBody, RegisterBody, ResetBody, UsernameBody, UserResponse } from "./model.ts";
import { SESSION_COOKIE, type AuthPlugin } from "./plugin.ts";
import * as service from "./service.ts";

export interface AuthRoutesDeps {
  db: Db;
  clock: Clock;
  config: Config;
  auth: AuthPlugin;
  /** Called after a session ends, so its live sockets close too. */
  onSessionEnded(token: string): void;
  /** Sends 'Forgot password?' mail; null when no SMTP server is configured. */
  mailer: Mailer | null;
}

/** Register, sign in and out, the current user, renaming (spec §7). */
export function authRoutes({ db, clock, config, auth, onSessionEnded, mailer }: AuthRoutesDeps) {
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
      { auth: true, body: EmptyBody },
    )
    .post(
      "/password/forgot",
      async ({ body, request, server }) => {
        limiter.hit(clientAddress(request, server, config.trustProxy));
        if (!mailer) {
          throw new AppError(503, "mail_not_configured", "Password reset by e-mail is not set up on this server. Ask its operator for a reset link.");
        }
        try {
          const { url, user } = await service.createResetLink(db, clock.now(), body.email, ourOrigin(request, config));
          await mailer.send({
            to: user.email,
            subject: "Reset your NFL Paper Trading password",
            text: `Hi ${user.username},\n\nOpen this link within ${service.RESET_LINK_MINUTES} minutes to choose a new password:\n${url}\n\nIf you did not ask for it, ignore this e-mail.`,
          });
        } catch (error) {
          // Never tell who has an account: an unknown email gets the same answer.
          if (!(error instanceof AppError && error.status === 404)) throw error;
        }
        return { message: "If that email has an account, a reset link is on its way." };
      },
      { body: ForgotBody },
    )
    .post(
      "/password/reset",
      async ({ body, request, server }) => {
        limiter.hit(clientAddress(request, server, config.trustProxy));
        await service.resetPassword(db, clock.now(), body.token, body.password);
        return { message: "Your password has been changed. Sign in with it." };
      },
      { body: ResetBody },
    )
    .get("/user", ({ user }) => user, { auth: true, response: { 200: UserResponse } })
    .put(
      "/user/username",
      ({ user, body }) => service.rename(db, user.id, body.username, config.adminEmails),
      { auth: true, body: UsernameBody, response: { 200: UserResponse } },
    );
}
