import { Elysia, t } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../runtime/index.ts";
import { ACCOUNT_LIMIT, RateLimiter } from "../../http/rate-limit.ts";
import { idNumber } from "../../http/schema.ts";
import { clientAddress, passwordAsker } from "../../http/client-address.ts";
import { clearedSessionCookie, sessionHint } from "../../http/session-cookie.ts";
import { SESSION_HINT_COOKIE } from "../../shared/session-hint.ts";
import { isServerBusy } from "../../lib/password-hashing.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import type { Clock } from "../../lib/clock.ts";
import type { SessionsEnded } from "../../shared/contract/events.ts";
import { PASSWORD_MAX } from "../../shared/accounts.ts";
import { SESSION_COOKIE, type AuthPlugin } from "../auth/plugin.ts";
import { AccountExport, BetsCsv } from "./model.ts";
import * as service from "./service.ts";

const UserParams = t.Object({ userId: idNumber("userId") });
const DeleteBody = t.Object({ password: t.String({ maxLength: PASSWORD_MAX }) }, { additionalProperties: false });

export interface AccountRoutesDeps {
  db: Db;
  config: Config;
  clock: Clock;
  auth: AuthPlugin;
  /** Called once an account is deleted, so this process's sockets of it close at once (others' by the event). */
  onSessionsEnded(ended: SessionsEnded): void;
}

/** A player's own data: download bets (CSV) and account (JSON), delete the account. */
export function accountRoutes({ db, config, clock, auth, onSessionsEnded }: AccountRoutesDeps) {
  // Deleting asks for the password: a stolen session must not get unlimited guesses at it.
  const passwordChecks = new RateLimiter(db, "account-deletion", ACCOUNT_LIMIT.attempts, ACCOUNT_LIMIT.windowMs, clock);
  return new Elysia({ name: "account", prefix: "/api", tags: ["Account"] })
    .use(auth)
    .get(
      "/users/:userId/export/bets.csv",
      async ({ params, user }) =>
        new Response(await service.betsCsv(db, user.id, params.userId), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": 'attachment; filename="nfl-paper-trading-bets.csv"',
          },
        }),
      {
        auth: true,
        params: UserParams,
        detail: { summary: "Export one's bets as CSV", operationId: "exportBetsCsv" },
        response: { 200: BetsCsv },
      },
    )
    .get(
      "/users/:userId/export/account.json",
      async ({ params, user }) =>
        new Response(JSON.stringify(await service.accountJson(db, user.id, params.userId), null, 2), {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-disposition": 'attachment; filename="nfl-paper-trading-account.json"',
          },
        }),
      {
        auth: true,
        params: UserParams,
        detail: { summary: "Export one's account and bets as JSON", operationId: "exportAccount" },
        response: { 200: AccountExport },
      },
    )
    .delete(
      "/user",
      async ({ body, user, cookie, request, server }) => {
        await passwordChecks.hit(String(user.id));
        const asker = passwordAsker(request, clientAddress(request, server, config.trustProxy));
        const result = await service
          .deleteAccount(db, clock.now(), user.id, body.password, asker)
          .catch(async (error) => {
            // A check the busy server never made gives the attempt back.
            if (isServerBusy(error)) await passwordChecks.refund(String(user.id));
            throw error;
          });
        cookie[SESSION_COOKIE]!.set(clearedSessionCookie(config.publicUrl));
        cookie[SESSION_HINT_COOKIE]!.set(sessionHint(null));
        onSessionsEnded({ userId: user.id, keptSessionHash: null, reason: "account_deleted" });
        return result;
      },
      {
        auth: true,
        body: DeleteBody,
        detail: { summary: "Delete one's account", operationId: "deleteAccount" },
        response: { 200: MessageResponse },
      },
    );
}
