import type { Browser, BrowserContext, Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { FakeProvider } from "../fake-provider.ts";
import { awaitAppOnLoad, DESKTOP, startServer, type Server } from "./helpers.ts";

export { signUp } from "./helpers.ts";

/** The Wednesday before the fake season's week 1: every game is open. */
export const BEFORE_WEEK_1 = "2026-09-09T12:00:00Z";
export const ADMIN_EMAIL = "admin@example.com";

export interface SeasonServer extends Server {
  provider: FakeProvider;
}

/** A test app standing before week 1, seeded with the fake season (3 games in week 1, 2 in week 2). */
export async function startSeasonServer(): Promise<SeasonServer> {
  const server = await startServer({ now: BEFORE_WEEK_1, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  const provider = new FakeProvider();
  await syncGames(server.ctx.db, provider, server.ctx.clock.now());
  return Object.assign(server, { provider });
}

/** Puts the season back where startSeasonServer left it, for tests that move the clock or the lines. */
export async function resetSeason(server: SeasonServer): Promise<void> {
  server.ctx.clock.set(BEFORE_WEEK_1);
  if (server.provider.spreadShift !== 0) {
    server.provider.spreadShift = 0;
    await syncGames(server.ctx.db, server.provider, server.ctx.clock.now());
  }
}

export interface PageOptions {
  viewport?: { width: number; height: number };
}

/**
 * A fresh profile on New York time whose page clock stands where the server's does (the browser's
 * own clock is today's date), with the logo host unreachable at once, as it is offline.
 */
export async function openPage(
  browser: Browser,
  server: Server,
  opts: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: "block",
    baseURL: server.baseUrl,
    viewport: opts.viewport ?? DESKTOP,
    timezoneId: "America/New_York",
    locale: "en-US",
  });
  awaitAppOnLoad(context);
  await context.addInitScript(() => {
    localStorage.setItem("npt.onboardingDismissed", "true");
    // The push opt-in card would stand beside the games after a bet: tests/e2e/push.test.ts shows it.
    localStorage.setItem("npt.pushAsked", "true");
  });
  await context.route(/^https:\/\/a\.espncdn\.com\//, (route) => route.abort());
  const page = await context.newPage();
  await page.clock.install({ time: server.ctx.clock.now() });
  return { context, page };
}

export const card = (page: Page, away: string, home: string) =>
  page.getByRole("article", { name: `${away} @ ${home}`, exact: true });
export const slip = (page: Page) => page.getByRole("dialog", { name: "Bet Slip" });
