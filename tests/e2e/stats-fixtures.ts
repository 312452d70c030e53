/** What the Analytics and Leaderboard e2e tests (and their screenshots) share: the fake season, players, bets placed and settled at chosen times. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Bet } from "../../src/modules/betting/model.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { syncGames } from "../../src/modules/games/sync.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call } from "../support.ts";
import { DESKTOP, startServer, type Server } from "./helpers.ts";

export { moveLines, recordClosingLines } from "./provider-lines.ts";

/** The server's clock while bets are placed: the Wednesday before week 1, every game open. */
export const NOW = "2026-09-09T12:00:00Z";
export const ADMIN_EMAIL = "admin@example.com";

/** Dallas Cowboys @ Philadelphia Eagles, week 1 (PHI −3.5 at −110, total 45.5, ML DAL +150 / PHI −175). */
export const DAL_PHI = "fake-w1-DAL-PHI";
/** Kansas City Chiefs @ Buffalo Bills, week 1. */
export const KC_BUF = "fake-w1-KC-BUF";
/** San Francisco 49ers @ Seattle Seahawks, week 1. */
export const SF_SEA = "fake-w1-SF-SEA";
/** Philadelphia Eagles @ Kansas City Chiefs, week 2. */
export const PHI_KC = "fake-w2-PHI-KC";
/** Buffalo Bills @ Dallas Cowboys, week 2. */
export const BUF_DAL = "fake-w2-BUF-DAL";
/** Seattle Seahawks @ San Francisco 49ers, week 3: added here so a bet can stay pending. */
export const SEA_SF = "fake-w3-SEA-SF";

export interface StatsServer extends Server {
  admin: BuiltUser;
  /** The season's source: move its lines, then `recordClosingLines`. */
  provider: FakeProvider;
}

/** A test server standing on NOW with the fake season (plus a week-3 game) and an admin account. */
export async function startStatsServer(): Promise<StatsServer> {
  const server = await startServer({ now: NOW, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const provider = new FakeProvider();
  provider.games.push({
    providerId: SEA_SF,
    season: 2026,
    week: 3,
    homeTeam: "San Francisco 49ers",
    awayTeam: "Seattle Seahawks",
    homeAbbr: "SF",
    awayAbbr: "SEA",
    commenceTime: "2026-09-27T20:25:00Z",
  });
  await syncGames(server.ctx.db, provider, server.ctx.clock.now());
  const admin = await buildUser(server.ctx, { email: ADMIN_EMAIL, username: "the_admin" });
  return Object.assign(server, { admin, provider });
}

export function newPlayer(server: Server, username: string, opts: { isBot?: boolean } = {}): Promise<BuiltUser> {
  return buildUser(server.ctx, { username, ...(opts.isBot ? { isBot: true } : {}) });
}

export const spread = (gameId: string, selection: string, point: number) => ({ gameId, betType: "spread", selection, odds: -110, point });
export const total = (gameId: string, selection: "Over" | "Under") => ({ gameId, betType: "total", selection, odds: -110, point: 45.5 });
export const moneyline = (gameId: string, selection: string, odds: number) => ({ gameId, betType: "moneyline", selection, odds, point: null });

/** The home quarterback's passing-yards prop of a game (line 245.5, Over −115 / Under −105). */
export async function qbProp(server: Server, gameId: string, selection: "Over" | "Under") {
  const prop = await server.ctx.db
    .selectFrom("game_props")
    .select(["id", "line", "over_odds", "under_odds"])
    .where("game_id", "=", gameId)
    .where("prop_type", "=", "passing_yards")
    .executeTakeFirstOrThrow();
  return { gameId, betType: "prop", propId: prop.id, selection, odds: selection === "Over" ? prop.over_odds : prop.under_odds, point: prop.line };
}

/** Places an individual bet over the API at the server's current time. */
export async function placeBet(server: Server, player: BuiltUser, pick: Record<string, unknown>, units = 1): Promise<Bet> {
  const res = await call<Bet>(server.ctx.app, "POST", "/api/bets", { cookie: player.cookie, body: { ...pick, units } });
  if (res.status !== 201) throw new Error(`placing a bet answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Resolves a game as the admin (with the home quarterback's passing yards, for props) and settles
 * its bets as of `settledAt`, which becomes their settledAt; the server's clock goes back to NOW.
 */
export async function resolveAndSettle(
  server: StatsServer,
  gameId: string,
  score: { away: number; home: number },
  settledAt: string,
  passingYards = 260,
): Promise<void> {
  const prop = await qbProp(server, gameId, "Over");
  const res = await call(server.ctx.app, "PATCH", `/api/games/${gameId}`, {
    cookie: server.admin.cookie,
    body: { awayScore: score.away, homeScore: score.home, status: "completed", playerStats: [{ propId: prop.propId, value: passingYards }] },
  });
  if (res.status !== 200) throw new Error(`resolving ${gameId} answered ${res.status}: ${JSON.stringify(res.body)}`);
  await settleGame(server.ctx.db, new Date(settledAt), gameId);
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** The browser's date (its clock stands still there; timers keep running). */
  now?: string;
}

/** A fresh profile on UTC and US English, signed in as `player` (or a visitor), with its clock standing on `now`. */
export async function openPage(browser: Browser, server: Server, player: BuiltUser | null, opts: OpenOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: opts.viewport ?? DESKTOP, timezoneId: "UTC", locale: "en-US" });
  await context.addInitScript(() => localStorage.setItem("npt.onboardingDismissed", "true"));
  if (player) await context.addCookies([{ name: SESSION_COOKIE, value: player.token, url: server.baseUrl }]);
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(opts.now ?? NOW));
  return { context, page };
}
