/**
 * Personal API tokens (issue 47 item 3): made, listed and revoked by their owner in a browser
 * session (never by a token), checked on every request that carries one (auth/plugin.ts).
 */
import { badRequest, conflict, notFound, unauthorized } from "../../lib/errors.ts";
import { randomToken, sha256 } from "../../lib/ids.ts";
import { type Db, transaction } from "../../runtime/index.ts";
import {
  isTokenShaped,
  MAX_TOKENS,
  scopeFor,
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type TokenRoute,
  type TokenScope,
} from "../../shared/api-tokens.ts";
import type { User } from "../../shared/contract/auth.ts";
import type { ApiToken, CreatedApiToken } from "../../shared/contract/tokens.ts";
import { textProblem } from "../../shared/text.ts";
import * as audit from "../audit/service.ts";
import { accountById, toUser } from "../users/service.ts";
import type { CreateTokenBody } from "./model.ts";
import { assertTokenScope } from "./policy.ts";
import * as repo from "./repo.ts";

const scopesOf = (text: string) =>
  text.split(",").filter((s): s is TokenScope => TOKEN_SCOPES.includes(s as TokenScope));

/** A player's tokens change one at a time (the cap holds under simultaneous requests). */
const tokensLock = (userId: number) => ["api-tokens", userId] as const;

/** Makes a token for the signed-in player; the answer is the only time it is shown. Audited. */
export async function createToken(
  db: Db,
  now: Date,
  actor: { id: number; label: string },
  body: CreateTokenBody,
): Promise<CreatedApiToken> {
  const name = body.name.trim();
  if (name === "") throw badRequest("name: give the token a name (what will use it)", "invalid_name");
  const problem = textProblem("name", name);
  if (problem) throw badRequest(problem, "invalid_name");
  const scopes = TOKEN_SCOPES.filter((s) => body.scopes.includes(s));
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const id = await transaction(db, { exclusive: [tokensLock(actor.id)] }, async (trx) => {
    if ((await repo.countTokens(trx, actor.id)) >= MAX_TOKENS)
      throw conflict(`You have ${MAX_TOKENS} tokens already: revoke one first`, "too_many_tokens");
    const { id } = await repo.insertToken(trx, {
      user_id: actor.id,
      name,
      token_hash: sha256(token),
      scopes: scopes.join(","),
      created_at: now.toISOString(),
      last_used_at: null,
    });
    await audit.record(trx, now, actor, "token.create", `token:${id}`, { name, scopes });
    return id;
  });
  return { id, token };
}

export async function listTokens(db: Db, userId: number): Promise<ApiToken[]> {
  return (await repo.tokensOf(db, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/** Revokes one of the player's tokens: the next request with it is refused (404 for anyone else's). Audited. */
export async function revokeToken(
  db: Db,
  now: Date,
  actor: { id: number; label: string },
  id: number,
): Promise<{ message: string }> {
  await transaction(db, { exclusive: [tokensLock(actor.id)] }, async (trx) => {
    const gone = await repo.deleteToken(trx, actor.id, id);
    if (!gone) throw notFound("No such token", "token_not_found");
    await audit.record(trx, now, actor, "token.revoke", `token:${id}`, { name: gone.name });
  });
  return { message: "Token revoked" };
}

/** Revokes every token of a player (a password reset, a deleted account), in the caller's transaction. */
export async function revokeTokensOf(trx: Db, userId: number): Promise<void> {
  await repo.deleteTokensOf(trx, userId);
}

/** Who a token speaks for, once checked. */
export interface TokenCaller {
  user: User;
  tokenId: number;
  tokenName: string;
}

const invalidToken = () => unauthorized("This API token is not valid (revoked, or mistyped)", "invalid_token");

/**
 * The player a bearer token speaks for on this route, or a refusal: 401 `invalid_token` for a token
 * nobody holds (revoked included) or a deleted account's; 403 `token_scope` for a route no token may
 * call or one outside its scopes. `admit` spends the token's rate budget (429 past it). A call that
 * changes something (placing, cancelling) is audited with the token's name.
 */
export async function tokenCaller(
  db: Db,
  now: Date,
  token: string,
  route: TokenRoute & { path: string },
  adminEmails: readonly string[],
  admit: (tokenId: number) => Promise<void>,
): Promise<TokenCaller> {
  if (!isTokenShaped(token)) throw invalidToken();
  const row = await repo.tokenByHash(db, sha256(token));
  if (!row) throw invalidToken();
  const account = await accountById(db, row.user_id);
  if (!account || account.deleted_at !== null) throw invalidToken();
  const needed = scopeFor(route);
  assertTokenScope(scopesOf(row.scopes), needed);
  await admit(row.id);
  const at = now.toISOString();
  await repo.markUsed(db, row.id, at, new Date(now.getTime() - 60_000).toISOString());
  const user = toUser(account, adminEmails);
  if (needed !== "read")
    await audit.record(db, now, { id: user.id, label: user.username }, "token.call", `token:${row.id}`, {
      name: row.name,
      call: `${route.method} ${route.path}`,
    });
  return { user, tokenId: row.id, tokenName: row.name };
}
