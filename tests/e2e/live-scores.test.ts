import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildLeague, type BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { card, openPage } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, screenshot, withDispatcher, PHONE_AND_DESKTOP_IN_BOTH_SCHEMES } from "./helpers.ts";
import {
  KC_BUF,
  moneyline,
  NOW,
  SF_SEA,
  newPlayer,
  placeBet,
  signIn,
  spread,
  startBettingServer,
  total,
} from "./my-bets-fixtures.ts";

// The outbox is delivered, as in serve: a sync's scores_update reaches the open pages.
const suite = browserSuite(async () => withDispatcher(await startBettingServer()));

/** Sunday of week 1, 1 pm game (17:00 UTC) under way, the late game (20:25 UTC) not yet. */
const SUNDAY = "2026-09-13T18:00:00Z";

afterEach(() => {
  suite.server.provider.live.clear();
  suite.server.ctx.clock.set(NOW);
});

/** The feed reports Kansas City @ Buffalo like this; the sync at the server's time takes it in. */
async function feedSays(awayScore: number, homeScore: number, status: string, at: string) {
  suite.server.ctx.clock.set(at);
  suite.server.provider.live.set(KC_BUF, { awayScore, homeScore, status });
  await syncGames(suite.server.ctx.db, suite.server.provider, suite.server.ctx.clock.now());
}

/** A page signed in as `player`, its clock on the server's, that must never reload (a reload clears the mark). */
async function livePage(
  player: BuiltUser,
  path: string,
  opts: { viewport?: { width: number; height: number }; scheme?: "light" | "dark" } = {},
): Promise<Page> {
  const { context, page } = await openPage(suite.browser, suite.server, { viewport: opts.viewport });
  if (opts.scheme) await page.emulateMedia({ colorScheme: opts.scheme });
  await signIn(context, suite.server, player);
  await page.goto(path);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  return page;
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);

describe("live scores while games are played", () => {
  test(
    "a game card shows the running score and clock, and follows the feed without a reload",
    async () => {
      const player = await newPlayer(suite.server);
      await feedSays(7, 10, "Q2 - 4:12", SUNDAY);
      const page = await livePage(player, "/");
      const live = card(page, "Kansas City Chiefs", "Buffalo Bills");
      await live.waitFor();
      expect(await live.locator(".game-when").textContent()).toBe("LIVE Q2 - 4:12");
      expect(await live.locator(".team-score").allTextContents()).toEqual(["7", "10"]);
      // Still a locked game, as before.
      expect(await live.locator(".lock-banner").textContent()).toBe("Game Started - Betting Locked");
      // The late game has not kicked off: no score, no badge.
      const later = card(page, "San Francisco 49ers", "Seattle Seahawks");
      expect(await later.locator(".team-score").count()).toBe(0);
      expect(await later.locator(".live-badge").count()).toBe(0);

      const asked: string[] = [];
      page.on("request", (request) => asked.push(new URL(request.url()).pathname));
      await feedSays(14, 10, "Halftime", "2026-09-13T18:40:00Z");
      await live.locator(".game-when", { hasText: "LIVE Halftime" }).waitFor();
      expect(await live.locator(".team-score").allTextContents()).toEqual(["14", "10"]);
      expect(await notReloaded(page)).toBe(true);
      // The update carried the game itself: nothing is asked again, every minute of a Sunday.
      await page.waitForTimeout(400); // longer than a refetch's random spread (lib/live.ts)
      expect(asked.filter((path) => path.startsWith("/api/"))).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a pending bet and a pending parlay leg on a game under way show its score and clock on My Bets, kept up to date",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, spread(KC_BUF, "Kansas City Chiefs", 3.5));
      const parlay = await call(suite.server.ctx.app, "POST", "/api/parlays", {
        cookie: player.cookie,
        body: { units: 1, legs: [total(KC_BUF, "Over"), total(SF_SEA, "Under")] },
      });
      expect(parlay.status).toBe(201);
      await feedSays(7, 10, "Q2 - 4:12", SUNDAY);

      const page = await livePage(player, "/my-bets");
      const rows = page.locator(".bet-card");
      await rows.first().waitFor();
      expect(await rows.count()).toBe(2);
      // The parlay (newest) first: only its leg on the game under way is live. Each says where its pick
      // stands: the Over 45.5 needs 29 more points at 17, KC +3.5 down 3 covers by half a point.
      expect(await rows.first().locator(".bet-row-live").textContent()).toBe(
        "LIVE KC 7 – 10 BUF · Q2 - 4:12 · needs 29 more points",
      );
      expect(await rows.nth(1).locator(".bet-row-live").textContent()).toBe(
        "LIVE KC 7 – 10 BUF · Q2 - 4:12 · covering by 0.5",
      );
      await rows.first().locator(".bet-row-toggle").click();
      expect(await rows.first().locator(".parlay-leg-game").allTextContents()).toEqual([
        "Kansas City Chiefs @ Buffalo Bills · Score KC 7 – 10 BUF · Q2 - 4:12 · needs 29 more points",
        expect.stringMatching(/^San Francisco 49ers @ Seattle Seahawks · /) as unknown as string,
      ]);

      await feedSays(14, 10, "Halftime", "2026-09-13T18:40:00Z");
      await rows.nth(1).locator(".bet-row-live", { hasText: "KC 14 – 10 BUF · Halftime" }).waitFor();
      expect(await rows.nth(1).locator(".bet-row-live").textContent()).toBe(
        "LIVE KC 14 – 10 BUF · Halftime · covering by 7.5",
      );
      expect(await rows.first().locator(".bet-row-live").textContent()).toBe(
        "LIVE KC 14 – 10 BUF · Halftime · needs 22 more points",
      );
      expect(await rows.first().locator(".parlay-leg-game").first().textContent()).toBe(
        "Kansas City Chiefs @ Buffalo Bills · Score KC 14 – 10 BUF · Halftime · needs 22 more points",
      );
      expect(await notReloaded(page)).toBe(true);
    },
    E2E_TIMEOUT,
  );
});

describe("live cover status on the game card's YOUR BET (issue 46 item 2)", () => {
  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(
      `at ${viewport.width}, ${scheme}: each pending pick says where it stands, and follows the score on the socket`,
      async () => {
        const player = await newPlayer(suite.server);
        await placeBet(suite.server, player, spread(KC_BUF, "Buffalo Bills", -3.5));
        // A league's book holds a second bet on the same game.
        const league = await buildLeague(suite.server.ctx, player, { name: "Sunday Sharps" });
        await placeBet(suite.server, player, { ...moneyline(KC_BUF, "Kansas City Chiefs", 150), leagueId: league.id });
        await feedSays(7, 10, "Q2 - 4:12", SUNDAY);
        const page = await livePage(player, "/", { viewport, scheme });
        const yourBet = card(page, "Kansas City Chiefs", "Buffalo Bills").locator(".your-bet");
        await yourBet.waitFor();
        const standing = () => yourBet.locator(".cover-status").allTextContents();
        expect(await standing()).toEqual(["trailing by 3", "not covering by 0.5"]);
        await screenshot(page, `cover-status-${viewport.width}-${scheme}`);

        await feedSays(14, 10, "Halftime", "2026-09-13T18:40:00Z");
        await yourBet.locator(".cover-status", { hasText: "leading by 4" }).waitFor();
        expect(await standing()).toEqual(["leading by 4", "not covering by 7.5"]);
        expect(await yourBet.locator(".cover-behind").textContent()).toBe("not covering by 7.5");
        expect(await yourBet.locator(".cover-ahead").textContent()).toBe("leading by 4");
        expect(await notReloaded(page)).toBe(true);
        // The late game has not kicked off: its card says nothing of cover.
        expect(await card(page, "San Francisco 49ers", "Seattle Seahawks").locator(".cover-status").count()).toBe(0);
      },
      E2E_TIMEOUT,
    );
  }
});
