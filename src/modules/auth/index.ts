import { type Cookie, Elysia } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { SessionsEnded } from "../../shared/contract/events.ts";
import { clientAddress, ipv6SiteKey, passwordAsker, rateLimitKey } from "../../http/client-address.ts";
import { ACCOUNT_LIMIT, RateLimiter } from "../../http/rate-limit.ts";
import { EmptyBody } from "../../http/schema.ts";
import {
  clearedSessionCookie,
  knownDeviceCookie,
  sessionCookieAttributes,
  sessionHint,
  sessionMark,
} from "../../http/session-cookie.ts";
import { SESSION_HINT_COOKIE, SESSION_MARK_HEADER } from "../../shared/session-hint.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import { AppError } from "../../lib/errors.ts";
import { isServerBusy } from "../../lib/password-hashing.ts";
import type { Logger } from "../../lib/logger.ts";
import { requestIdOf } from "../../http/request-id.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { UserResponse } from "../../shared/contract/auth.ts";
import {
  ForgotBody,
  LoginBody,
  PasswordChangeBody,
  RegisterBody,
  ResetBody,
  UsernameBody,
  VerifyBody,
} from "./model.ts";
import { KNOWN_DEVICE_COOKIE, SESSION_COOKIE, type AuthPlugin } from "./plugin.ts";
import { KNOWN_DEVICE_DAYS } from "./rules.ts";
import { needsAdminProof } from "./policy.ts";
import { normalizeEmail } from "../../shared/accounts.ts";
import * as service from "./service.ts";
import * as users from "../users/service.ts";

/** An IPv6 /48's budget on the auth routes, in addresses' worth (AUTH_RATE_LIMIT each). */
export const IPV6_SITE_FACTOR = 5;

export interface AuthRoutesDeps {
  db: Db;
  clock: Clock;
  config: Config;
  logger: Logger;
  auth: AuthPlugin;
  /** Called once sessions ended, so this process's sockets of them close at once (others' by the event). */
  onSessionsEnded(ended: SessionsEnded): void;
  /** Sends 'Forgot password?' and address-confirmation mail; null when no SMTP server is configured. */
  mailer: Mailer | null;
}

/** Register, sign in and out, the current user, renaming, password resets and address proofs (spec §7). */
export function authRoutes({ db, clock, config, logger, auth, onSessionsEnded, mailer }: AuthRoutesDeps) {
  // Links in mail come from PUBLIC_URL only: a request's Host header is the sender's to choose.
  if (mailer && !config.publicUrl) throw new Error("Mail needs PUBLIC_URL: mailed links are built from it");
  const publicUrl = config.publicUrl ?? "";
  const perAddress = new RateLimiter(db, "auth", config.authRateLimit, 60_000, clock);
  // An IPv6 site (/48) holds 65,536 /64s: it gets one wider budget over all of them, so rotating
  // through its /64s buys at most IPV6_SITE_FACTOR addresses' worth of attempts.
  const perSite = new RateLimiter(db, "auth-site", config.authRateLimit * IPV6_SITE_FACTOR, 60_000, clock);
  const perAccount = new RateLimiter(db, "account", ACCOUNT_LIMIT.attempts, ACCOUNT_LIMIT.windowMs, clock);
  // The account's own browsers (known devices) guess from a budget of their own: a flood of wrong
  // passwords for the account from elsewhere does not lock its owner out.
  const perKnownAccount = new RateLimiter(db, "account-known", ACCOUNT_LIMIT.attempts, ACCOUNT_LIMIT.windowMs, clock);
  const cookieOptions = { ...sessionCookieAttributes(config.publicUrl), maxAge: service.SESSION_DAYS * 24 * 60 * 60 };
  const limitAddress = async (request: Request, server: Parameters<typeof clientAddress>[1]) => {
    const address = clientAddress(request, server, config.trustProxy);
    await hitAddress(address);
    return address;
  };
  const hitAddress = async (address: string) => {
    await perAddress.hit(rateLimitKey(address));
    const site = ipv6SiteKey(address);
    if (site) await perSite.hit(site);
  };
  /**
   * Gives the address's attempt back: a sign-in that succeeded costs nothing, so an office behind
   * one address signs in all morning while failed guesses still count (decision 0055). One the busy
   * server refused keeps its cost (decision 0064): a flood spends its address's budget as fast as
   * it knocks, not only as fast as it is let in.
   */
  const refundAddress = async (address: string) => {
    await perAddress.refund(rateLimitKey(address));
    const site = ipv6SiteKey(address);
    if (site) await perSite.refund(site);
  };
  /** A request the busy server did not even check gives the account's attempt back (never the address's). */
  const refundIfBusy = (budget: RateLimiter, account: string) => async (error: unknown) => {
    if (isServerBusy(error)) await budget.refund(account);
    throw error;
  };
  /** A new session's cookies: the session, the readable hint naming it, and this browser as known to the account. */
  const signedIn = (cookie: Record<string, Cookie<unknown>>, token: string, device: string) => {
    cookie[SESSION_COOKIE]!.set({ value: token, ...cookieOptions });
    cookie[SESSION_HINT_COOKIE]!.set(sessionHint(token));
    cookie[KNOWN_DEVICE_COOKIE]!.set(knownDeviceCookie(device, config.publicUrl, KNOWN_DEVICE_DAYS));
  };
  /** Work that must not change the answer or its timing (mail): runs after it, errors only logged. */
  const afterAnswer = (request: Request, what: string, work: () => Promise<void>) => {
    const requestId = requestIdOf(request, config.trustProxy);
    setTimeout(() => work().catch((err) => logger.error({ err, requestId }, what)), 0);
  };

  return new Elysia({ name: "auth-routes", prefix: "/api", tags: ["Auth"] })
    .use(auth)
    .post(
      "/register",
      async ({ body, request, server, cookie, set }) => {
        const address = await limitAddress(request, server);
        const { user, token, device } = await service.register(db, clock.now(), body, {
          adminEmails: config.adminEmails,
          clientAddress: address,
          asker: passwordAsker(request, address),
        });
        if (mailer && needsAdminProof(user, config.adminEmails)) {
          afterAnswer(request, "address confirmation mail failed", async () => {
            const { url } = await service.createVerificationLink(db, clock.now(), user.id, publicUrl);
            await mailer.send({
              to: user.email,
              subject: "Confirm your NFL Paper Trading address",
              text: verificationMailText(url),
            });
          });
        }
        signedIn(cookie, token, device);
        set.status = 201;
        return user;
      },
      {
        body: RegisterBody,
        detail: { summary: "Create an account and sign in", operationId: "register" },
        response: { 201: UserResponse },
      },
    )
    .post(
      "/login",
      async ({ body, request, server, cookie }) => {
        const address = clientAddress(request, server, config.trustProxy);
        const account = normalizeEmail(body.email);
        // A browser that signed in to this account before goes first, past its address's budget
        // (a flood from its office's address spends that), on a budget of the account's own.
        const held = cookie[KNOWN_DEVICE_COOKIE]?.value;
        const known = await service.isKnownDeviceOf(db, clock.now(), account, typeof held === "string" ? held : "");
        const budget = known ? perKnownAccount : perAccount;
        if (!known) await hitAddress(address);
        await budget.hit(account);
        const asker = passwordAsker(request, address, known ? `account:${account}` : null);
        const { user, token, device } = await service
          .login(db, clock.now(), body, config.adminEmails, asker)
          .catch(refundIfBusy(budget, account));
        // Only failed sign-ins spend the account's and the address's budgets.
        await Promise.all([budget.refund(account), known || refundAddress(address)]);
        signedIn(cookie, token, device);
        return user;
      },
      {
        body: LoginBody,
        detail: { summary: "Sign in (sets the session cookie)", operationId: "login" },
        response: { 200: UserResponse },
      },
    )
    .post(
      "/logout",
      async ({ sessionToken, cookie }) => {
        const ended = await service.logout(db, clock.now(), sessionToken);
        cookie[SESSION_COOKIE]!.set(clearedSessionCookie(config.publicUrl));
        cookie[SESSION_HINT_COOKIE]!.set(sessionHint(null));
        onSessionsEnded(ended);
        return { message: "Logged out" };
      },
      {
        auth: true,
        body: EmptyBody,
        detail: { summary: "Sign out (ends this session)", operationId: "logout" },
        response: { 200: MessageResponse },
      },
    )
    .post(
      "/password/forgot",
      async ({ body, request, server }) => {
        const email = service.checkedEmail(body.email);
        await limitAddress(request, server);
        if (!mailer) {
          throw new AppError(
            503,
            "mail_not_configured",
            "Password reset by e-mail is not set up on this server. Ask its operator for a reset link.",
          );
        }
        await perAccount.hit(email);
        // Answered before looking the address up, the same for every address, however the mail fares.
        afterAnswer(request, "password reset mail failed", async () => {
          try {
            const { url, user } = await service.createResetLink(db, clock.now(), email, publicUrl);
            await mailer.send({
              to: user.email,
              subject: "Reset your NFL Paper Trading password",
              text: `Hello,\n\nOpen this link within ${service.RESET_LINK_MINUTES} minutes to choose a new password:\n${url}\n\nIf you did not ask for it, ignore this e-mail.`,
            });
          } catch (error) {
            if (!(error instanceof AppError && error.status === 404)) throw error;
          }
        });
        return { message: "If that email has an account, a reset link is on its way." };
      },
      {
        body: ForgotBody,
        detail: { summary: "Mail a password-reset link", operationId: "requestPasswordReset" },
        response: { 200: MessageResponse },
      },
    )
    .post(
      "/password/reset",
      async ({ body, request, server }) => {
        await limitAddress(request, server);
        const account = await service.resetLinkEmail(db, body.token);
        if (account) await perAccount.hit(account);
        const address = clientAddress(request, server, config.trustProxy);
        const asker = passwordAsker(request, address);
        onSessionsEnded(await service.resetPassword(db, clock.now(), body.token, body.password, asker));
        return { message: "Your password has been changed. Sign in with it." };
      },
      {
        body: ResetBody,
        detail: { summary: "Choose a new password with a reset link's token", operationId: "resetPassword" },
        response: { 200: MessageResponse },
      },
    )
    .post(
      "/email/verify",
      async ({ user, body, request, server }) => {
        await limitAddress(request, server);
        await service.verifyEmail(db, clock.now(), body.token, user.id);
        return { message: "Your email address is confirmed." };
      },
      // Signed in, as the link's own account: opening a mailed link proves nothing about who holds the account.
      {
        auth: true,
        body: VerifyBody,
        detail: { summary: "Confirm the e-mail address with a mailed token", operationId: "verifyEmail" },
        response: { 200: MessageResponse },
      },
    )
    .get(
      "/user",
      ({ user, sessionToken, set }) => {
        // Whose answer this is, for the service worker: it serves a kept copy to this session only.
        set.headers[SESSION_MARK_HEADER] = sessionMark(sessionToken);
        return user;
      },
      {
        auth: true,
        detail: { summary: "The signed-in user", operationId: "getCurrentUser" },
        response: { 200: UserResponse },
      },
    )
    .put(
      "/user/username",
      ({ user, body }) => users.rename(db, clock.now(), user.id, body.username, config.adminEmails),
      {
        auth: true,
        body: UsernameBody,
        detail: { summary: "Change the username", operationId: "changeUsername" },
        response: { 200: UserResponse },
      },
    )
    .put(
      "/user/password",
      async ({ user, sessionToken, body, cookie, request, server }) => {
        // Guessing the current password from a stolen session costs the account's budget of checks.
        await perAccount.hit(user.email);
        const asker = passwordAsker(request, clientAddress(request, server, config.trustProxy));
        const { ended, token, device } = await service
          .changePassword(db, clock.now(), user.id, body, sessionToken, asker)
          .catch(refundIfBusy(perAccount, user.email));
        await perAccount.refund(user.email);
        // Every socket of the player closes, this browser's too (a thief's socket on the same
        // token looks the same); the page reconnects with its new cookie and catches up.
        onSessionsEnded(ended);
        signedIn(cookie, token, device);
        return { message: "Your password has been changed." };
      },
      {
        auth: true,
        body: PasswordChangeBody,
        detail: { summary: "Change the password (ends the other sessions)", operationId: "changePassword" },
        response: { 200: MessageResponse },
      },
    );
}

/**
 * The address confirmation mail. It carries nothing the registrant chose (no username): whoever
 * signed up may not be the address's owner, and the mail must not speak for them.
 */
function verificationMailText(url: string): string {
  return [
    "Hello,",
    "",
    "An account on NFL Paper Trading was created with this e-mail address, which the site lists as an admin address.",
    `If you created it: sign in to that account, open this link within ${service.VERIFY_LINK_HOURS} hours and click "Confirm my address":`,
    url,
    "",
    "If you did not create it, ignore this e-mail: opening the link alone changes nothing.",
  ].join("\n");
}
