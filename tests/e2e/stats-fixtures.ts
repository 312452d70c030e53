/** What the Analytics and Leaderboard e2e tests (and their screenshots) share: the fake season, players, bets placed and settled at chosen times. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Bet } from "../../src/shared/contract/betting.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call } from "../support.ts";
import { awaitAppOnLoad, DESKTOP, type Server } from "./helpers.ts";
import { DAL_PHI, NOW, qbProp, spread, startBettingServer, type BettingServer } from "./my-bets-fixtures.ts";

// The season, the clock (NOW: every game still open), the admin and the picks are My Bets' own.
export {
  ADMIN_EMAIL,
  BUF_DAL,
  DAL_PHI,
  KC_BUF,
  moneyline,
  moveLines,
  NOW,
  PHI_KC,
  qbProp,
  recordClosingLines,
  SF_SEA,
  spread,
  total,
} from "./my-bets-fixtures.ts";

/** Seattle Seahawks @ San Francisco 49ers, week 3: added here so a bet can stay pending. */
export const SEA_SF = "fake-w3-SEA-SF";

export type StatsServer = BettingServer;

/** A test server standing on NOW with the fake season (plus a week-3 game) and an admin account. */
export async function startStatsServer(): Promise<StatsServer> {
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
  return startBettingServer(provider);
}

export function newPlayer(server: Server, username: string, opts: { isBot?: boolean } = {}): Promise<BuiltUser> {
  return buildUser(server.ctx, { username, ...(opts.isBot ? { isBot: true } : {}) });
}

/** Places an individual bet over the API at the server's current time. */
export async function placeBet(
  server: Server,
  player: BuiltUser,
  pick: Record<string, unknown>,
  units = 1,
): Promise<Bet> {
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
    body: {
      awayScore: score.away,
      homeScore: score.home,
      status: "completed",
      playerStats: [{ propId: prop.propId, value: passingYards }],
    },
  });
  if (res.status !== 200) throw new Error(`resolving ${gameId} answered ${res.status}: ${JSON.stringify(res.body)}`);
  await settleGame(server.ctx.db, new Date(settledAt), gameId);
}

/** A new player whose one bet (Eagles −3.5, DAL 17 – 24 PHI) won, settled at `settledAt`. */
export async function playerWithOneWin(server: StatsServer, username: string, settledAt: string): Promise<BuiltUser> {
  const player = await newPlayer(server, username);
  await placeBet(server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
  await resolveAndSettle(server, DAL_PHI, { away: 17, home: 24 }, settledAt);
  return player;
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** The browser's date (its clock stands still there; timers keep running). */
  now?: string;
}

/** A fresh profile on UTC and US English, signed in as `player` (or a visitor), with its clock standing on `now`. */
export async function openPage(
  browser: Browser,
  server: Server,
  player: BuiltUser | null,
  opts: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: "block",
    baseURL: server.baseUrl,
    viewport: opts.viewport ?? DESKTOP,
    timezoneId: "UTC",
    locale: "en-US",
  });
  awaitAppOnLoad(context);
  await context.addInitScript(() => localStorage.setItem("npt.onboardingDismissed", "true"));
  if (player) await context.addCookies([{ name: SESSION_COOKIE, value: player.token, url: server.baseUrl }]);
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(opts.now ?? NOW));
  return { context, page };
}
