/**
 * Test data: builders for users, leagues, bets, friendships and invitations, and `seededSeason`,
 * the world most API tests stand in. Builders other than `buildUser` go through the modules'
 * services (not HTTP, not raw SQL), so what they make is what the app would make, without the
 * routes' rate limits.
 */
import type { User } from "../src/shared/contract/auth.ts";
import { SESSION_COOKIE } from "../src/modules/auth/plugin.ts";
import { startSession } from "../src/modules/auth/service.ts";
import type { PlaceBetInput } from "../src/modules/betting/model.ts";
import type { Bet } from "../src/shared/contract/betting.ts";
import { currentPrice } from "../src/modules/betting/rules.ts";
import { placeBet } from "../src/modules/betting/service.ts";
import { syncGames } from "../src/modules/feeds/service.ts";
import { getGame, listGames } from "../src/modules/games/service.ts";
import type { LeagueSettingsInput } from "../src/modules/leagues/model.ts";
import type { Invitation, League } from "../src/shared/contract/leagues.ts";
import { answerInvitation, createLeague, invite, inviteToken, joinByToken } from "../src/modules/leagues/service.ts";
import type { FriendRequest } from "../src/shared/contract/social.ts";
import { answerRequest, sendRequest } from "../src/modules/social/service.ts";
import { toUser } from "../src/modules/users/service.ts";
import { FakeProvider } from "./fake-provider.ts";
import { makeTestApp, type TestContext, type TestRuntimeOptions } from "./support.ts";

let sequence = 0;
const DEFAULT_PASSWORD = "correct-horse-1";
// Hashing is slow on purpose; factories hash the usual password once per test process.
const hashes = new Map<string, string>();
function hashOf(password: string): string {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = Bun.password.hashSync(password, "argon2id")));
  return hash;
}

export interface BuiltUser {
  user: User;
  password: string;
  /** "npt_session=…", ready for a Cookie header. */
  cookie: string;
  token: string;
}

/**
 * Creates a signed-in user straight in the database; every field can be overridden. Its address
 * counts as proved (as if its owner had used the mailed link), so a listed ADMIN_EMAILS address is an admin.
 */
export type UserOverrides = Partial<{
  email: string;
  username: string;
  password: string;
  role: "user" | "admin";
  isBot: boolean;
  emailVerified: boolean;
}>;

export async function buildUser(
  ctx: Pick<TestContext, "db" | "clock" | "config">,
  overrides: UserOverrides = {},
): Promise<BuiltUser> {
  sequence += 1;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const username = overrides.username ?? `player_${sequence}`;
  const row = await ctx.db
    .insertInto("users")
    .values({
      email: (overrides.email ?? `player${sequence}@example.com`).toLowerCase(),
      username,
      username_key: username.toLowerCase(),
      password_hash: hashOf(password),
      role: overrides.role ?? "user",
      is_bot: overrides.isBot ? 1 : 0,
      email_verified_at: overrides.emailVerified === false ? null : ctx.clock.now().toISOString(),
      created_at: ctx.clock.now().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await startSession(ctx.db, ctx.clock.now(), row.id);
  return { user: toUser(row, ctx.config.adminEmails), password, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Marks an account's address proved, as its owner using the mailed confirmation link would: a listed ADMIN_EMAILS address is then an admin. */
export async function proveAddress(ctx: Pick<TestContext, "db" | "clock">, email: string): Promise<void> {
  await ctx.db
    .updateTable("users")
    .set({ email_verified_at: ctx.clock.now().toISOString() })
    .where("email", "=", email.toLowerCase())
    .execute();
}

type World = Pick<TestContext, "db" | "clock">;

/**
 * A league created by `owner` (its first admin), public with the three main bet types unless
 * overridden, with its invite link's token; `members` join it (by that link, so private leagues
 * too), in order.
 */
export async function buildLeague(
  ctx: World,
  owner: BuiltUser,
  overrides: Partial<LeagueSettingsInput> & { members?: BuiltUser[] } = {},
): Promise<League & { inviteToken: string }> {
  const { members = [], ...settings } = overrides;
  const league = await createLeague(ctx.db, ctx.clock.now(), owner.user.id, {
    name: "Sunday Sharps",
    description: null,
    isPublic: true,
    rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
    ...settings,
    createdBy: owner.user.id,
  });
  const { inviteToken: token } = await inviteToken(ctx.db, owner.user.id, league.id);
  for (const member of members) await joinByToken(ctx.db, ctx.clock.now(), member.user.id, token);
  return { ...league, inviteToken: token };
}

/** `from` (an admin of the league) invites `to`; with `answer` the invitee accepts or declines it. */
export async function buildInvitation(
  ctx: World,
  league: { id: number },
  from: BuiltUser,
  to: BuiltUser,
  answer?: "accepted" | "declined",
): Promise<Invitation> {
  const invitation = await invite(ctx.db, ctx.clock.now(), from.user.id, league.id, {
    invitedUserId: to.user.id,
    invitedBy: from.user.id,
  });
  return answer ? answerInvitation(ctx.db, ctx.clock.now(), to.user.id, invitation.id, to.user.id, answer) : invitation;
}

/** `a` asks `b` to be friends and `b` accepts; with `pending: true` the request stays unanswered. */
export async function buildFriendship(
  ctx: World,
  a: BuiltUser,
  b: BuiltUser,
  opts: { pending?: boolean } = {},
): Promise<FriendRequest> {
  const request = await sendRequest(ctx.db, ctx.clock.now(), a.user.id, b.user.id);
  return opts.pending ? request : answerRequest(ctx.db, ctx.clock.now(), b.user.id, request.id, "accepted");
}

/**
 * A bet of `who` at the current price. By default 1 unit on the home side's spread of the first
 * game still open; `selection` defaults to the home team (spread, moneyline), "Over" (total, prop).
 * Odds and point are read from the game unless given (give stale ones to test a moved price).
 */
export async function buildBet(
  ctx: World,
  who: BuiltUser,
  overrides: Partial<Omit<PlaceBetInput, "gameId">> & { gameId?: string } = {},
): Promise<Bet> {
  const now = ctx.clock.now();
  const game = overrides.gameId
    ? await getGame(ctx.db, overrides.gameId, now)
    : (await listGames(ctx.db, now)).find((g) => g.status === "upcoming");
  if (!game) throw new Error("buildBet: no game is open for betting");
  const betType = overrides.betType ?? "spread";
  const propId = betType === "prop" ? (overrides.propId ?? game.playerProps[0]?.id ?? null) : null;
  const selection = overrides.selection ?? (betType === "total" || betType === "prop" ? "Over" : game.homeTeam);
  const price = currentPrice(game, betType, selection, propId);
  if (!price) throw new Error(`buildBet: ${game.id} offers no ${betType} "${selection}"`);
  return placeBet(ctx.db, now, who.user.id, {
    units: 1,
    ...overrides,
    gameId: game.id,
    betType,
    selection,
    odds: overrides.odds ?? price.odds,
    point: overrides.point !== undefined ? overrides.point : price.point,
    ...(propId !== null ? { propId } : {}),
  });
}

/** The day most API tests stand on: the Wednesday before the fake season's week 1 (Thu 2026-09-10). */
export const SEASON_EVE = "2026-09-09T12:00:00Z";
/** The address `seededSeason` lists in ADMIN_EMAILS: a user built with it is a site admin. */
export const ADMIN = { email: "admin@example.com" } as const;

export interface SeededSeason<K extends string> {
  ctx: TestContext;
  /** The fake provider the season came from: move its lines, fail it, sync again. */
  provider: FakeProvider;
  /** The people asked for, by name, built in the order given. */
  people: Record<K, BuiltUser>;
}

/**
 * The world most API tests stand in: a fresh app on `SEASON_EVE` (or `now`) with the fake
 * provider's season synced, `ADMIN.email` listed in ADMIN_EMAILS (unless `env` says otherwise),
 * and the people asked for, built in order (user ids follow it); `runtime` gives the runtime more (a resolver):
 * `seededSeason({ people: { admin: ADMIN, alice: { username: "alice" } } })`.
 */
export async function seededSeason<K extends string = never>(
  opts: {
    now?: string;
    env?: Record<string, string>;
    provider?: FakeProvider;
    people?: Record<K, UserOverrides>;
    runtime?: TestRuntimeOptions;
  } = {},
): Promise<SeededSeason<K>> {
  const ctx = await makeTestApp({
    now: opts.now ?? SEASON_EVE,
    env: { ADMIN_EMAILS: ADMIN.email, ...opts.env },
    runtime: opts.runtime,
  });
  const provider = opts.provider ?? new FakeProvider();
  await syncGames(ctx.db, provider, ctx.clock.now());
  const people = {} as Record<K, BuiltUser>;
  for (const [name, overrides] of Object.entries(opts.people ?? {}) as [K, UserOverrides][])
    people[name] = await buildUser(ctx, overrides);
  return { ctx, provider, people };
}
