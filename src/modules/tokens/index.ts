import { Elysia, t } from "elysia";
import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../runtime/index.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import { ApiToken, CreatedApiToken } from "../../shared/contract/tokens.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { CreateTokenBody, TokenParams } from "./model.ts";
import * as service from "./service.ts";

/** Personal API tokens (issue 47 item 3): made, listed and revoked in the app, never with a token. */
export function tokensRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  return new Elysia({ name: "tokens", prefix: "/api", tags: ["Tokens"] })
    .use(auth)
    .get("/tokens", ({ user }) => service.listTokens(db, user.id), {
      auth: true,
      detail: { summary: "One's API tokens (never the tokens themselves)", operationId: "listApiTokens" },
      response: { 200: t.Array(ApiToken) },
    })
    .post(
      "/tokens",
      async ({ user, body, set }) => {
        set.status = 201;
        return service.createToken(db, clock.now(), { id: user.id, label: user.username }, body);
      },
      {
        auth: true,
        body: CreateTokenBody,
        detail: {
          summary: "Make an API token with a name and scopes; the answer is the only time the token is shown",
          operationId: "createApiToken",
        },
        response: { 201: CreatedApiToken },
      },
    )
    .delete(
      "/tokens/:id",
      ({ user, params }) => service.revokeToken(db, clock.now(), { id: user.id, label: user.username }, params.id),
      {
        auth: true,
        params: TokenParams,
        detail: { summary: "Revoke one of one's API tokens, at once", operationId: "revokeApiToken" },
        response: { 200: MessageResponse },
      },
    );
}
