/** What the My Bets and settlement e2e tests share: a server with the fake season, players signed into browsers, bets placed over the API. */
import type { BrowserContext, Page } from "playwright-core";
import type { Bet } from "../../src/shared/contract/betting.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call } from "../support.ts";
import { type BrowserSuite, startServer, type Server } from "./helpers.ts";

export { moveLines, recordClosingLines } from "./provider-lines.ts";

/** The server's and the browser's "now": the Wednesday before week 1. */
export const NOW = "2026-09-09T12:00:00Z";
export const ADMIN_EMAIL = "admin@example.com";

/** Dallas Cowboys @ Philadelphia Eagles (PHI −3.5, total 45.5, ML DAL +150 / PHI −175), Thu 2026-09-11 00:20 UTC. */
export const DAL_PHI = "fake-w1-DAL-PHI";
/** Kansas City Chiefs @ Buffalo Bills, Sun of week 1. */
export const KC_BUF = "fake-w1-KC-BUF";
/** San Francisco 49ers @ Seattle Seahawks, Sun of week 1. */
export const SF_SEA = "fake-w1-SF-SEA";
/** Philadelphia Eagles @ Kansas City Chiefs, week 2. */
export const PHI_KC = "fake-w2-PHI-KC";
/** Buffalo Bills @ Dallas Cowboys, week 2. */
export const BUF_DAL = "fake-w2-BUF-DAL";

const HOUR = 3600_000;

export interface BettingServer extends Server {
  admin: BuiltUser;
  /** The season's source: move its lines, then `recordClosingLines`. */
  provider: FakeProvider;
}

/** A test server standing on NOW with the fake season (or `provider`'s) synced and an admin account. */
export async function startBettingServer(provider = new FakeProvider()): Promise<BettingServer> {
  const server = await startServer({ now: NOW, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  await syncGames(server.ctx.db, provider, server.ctx.clock.now());
  const admin = await buildUser(server.ctx, { email: ADMIN_EMAIL, username: "the_admin" });
  return Object.assign(server, { admin, provider });
}

/** A new player, created straight in the database with a session. */
export function newPlayer(server: Server, username?: string): Promise<BuiltUser> {
  return buildUser(server.ctx, username ? { username } : {});
}

/** Puts the player's session cookie into the browser profile, so its pages load signed in. */
export async function signIn(context: BrowserContext, server: Server, player: BuiltUser): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: player.token, url: server.baseUrl }]);
}

export const spread = (gameId: string, selection: string, point: number, odds = -110) => ({
  gameId,
  betType: "spread",
  selection,
  odds,
  point,
});
export const total = (gameId: string, selection: "Over" | "Under", point = 45.5, odds = -110) => ({
  gameId,
  betType: "total",
  selection,
  odds,
  point,
});
export const moneyline = (gameId: string, selection: string, odds: number) => ({
  gameId,
  betType: "moneyline",
  selection,
  odds,
  point: null,
});

/** The fake season's quarterback passing-yards prop (line 245.5, Over −115 / Under −105) of a game's home team. */
export async function qbProp(server: Server, gameId: string, selection: "Over" | "Under") {
  const prop = await server.ctx.db
    .selectFrom("game_props")
    .select(["id", "line", "over_odds", "under_odds"])
    .where("game_id", "=", gameId)
    .where("prop_type", "=", "passing_yards")
    .executeTakeFirstOrThrow();
  return {
    gameId,
    betType: "prop",
    propId: prop.id,
    selection,
    odds: selection === "Over" ? prop.over_odds : prop.under_odds,
    point: prop.line,
  };
}

/**
 * Places a bet over the API as `hoursAgo` hours before NOW (the server's clock is moved there and
 * back), so the browser, standing on NOW, shows a known relative time.
 */
export async function placeBet(
  server: Server,
  player: BuiltUser,
  pick: Record<string, unknown>,
  opts: { hoursAgo?: number; units?: number; note?: string } = {},
): Promise<Bet> {
  const clock = server.ctx.clock;
  clock.set(new Date(new Date(NOW).getTime() - (opts.hoursAgo ?? 0) * HOUR));
  try {
    const res = await call<Bet>(server.ctx.app, "POST", "/api/bets", {
      cookie: player.cookie,
      body: { ...pick, units: opts.units ?? 1, ...(opts.note ? { note: opts.note } : {}) },
    });
    if (res.status !== 201) throw new Error(`placing a bet answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  } finally {
    clock.set(NOW);
  }
}

/** Resolves a game as the admin, over the API (settlement follows when game.completed is delivered); `regrade` corrects a final. */
export async function resolveGame(
  server: BettingServer,
  gameId: string,
  awayScore: number,
  homeScore: number,
  opts: { regrade?: boolean } = {},
): Promise<void> {
  const res = await call(server.ctx.app, "PATCH", `/api/games/${gameId}`, {
    cookie: server.admin.cookie,
    body: { homeScore, awayScore, status: "completed", ...(opts.regrade ? { regrade: true } : {}) },
  });
  if (res.status !== 200) throw new Error(`resolving ${gameId} answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/**
 * A page of the suite signed in as `player` (or a visitor) whose clock stands on NOW; with `ticking`,
 * the browser's time runs on from NOW under Playwright's fake timers, so a test can jump ahead.
 */
export async function pageAtNow(
  suite: BrowserSuite<BettingServer>,
  player: BuiltUser | null,
  opts: { viewport?: { width: number; height: number }; ticking?: boolean } = {},
): Promise<Page> {
  const page = await suite.newPage({ viewport: opts.viewport, signedInAs: player });
  if (opts.ticking) await page.clock.install({ time: new Date(NOW) });
  else await page.clock.setFixedTime(new Date(NOW));
  return page;
}
