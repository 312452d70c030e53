/** Personal API tokens (issue 47 item 3): GET/POST /api/tokens, DELETE /api/tokens/{id}. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";

const Scope = t.Union([t.Literal("read"), t.Literal("bets")]);

/** A token as its owner's list shows it: never the token itself. */
export const ApiToken = t.Object({
  id: t.Number(),
  name: t.String(),
  scopes: t.Array(Scope),
  createdAt: DateTime(),
  lastUsedAt: t.Union([DateTime(), t.Null()]),
});
export type ApiToken = typeof ApiToken.static;

/** A token just made: `token` is shown this once (only its hash is kept). */
export const CreatedApiToken = t.Object({
  id: t.Number(),
  token: t.String({ description: "`npt_` and 43 characters: send it as `Authorization: Bearer <token>`" }),
});
export type CreatedApiToken = typeof CreatedApiToken.static;
