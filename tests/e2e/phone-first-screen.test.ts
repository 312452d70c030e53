import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { proveAddress } from "../factories.ts";
import { call } from "../support.ts";
import { ADMIN_EMAIL, card, openPage, resetSeason, signUp, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, PHONE, screenshot, PHONE_AND_DESKTOP_IN_BOTH_SCHEMES } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);

/** Every price button of the first game card, as laid out on the first screen (nothing scrolled). */
async function firstGamePrices(page: Page) {
  await page.getByTestId("game-card").first().locator("button.odds-button").first().waitFor();
  return page.evaluate(() => ({
    scrollY: window.scrollY,
    boxes: [...document.querySelectorAll('[data-testid="game-card"]')[0]!.querySelectorAll("button.odds-button")].map(
      (button) => {
        const box = button.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
      },
    ),
  }));
}

function expectOnFirstScreen(prices: Awaited<ReturnType<typeof firstGamePrices>>) {
  expect(prices.scrollY).toBe(0);
  expect(prices.boxes).toHaveLength(6);
  for (const box of prices.boxes) {
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
  }
}

test(
  "at 390×844 a visitor sees the first game's prices without scrolling, under the contest promo",
  async () => {
    const { page } = await openPage(suite.browser, suite.server, { viewport: PHONE });
    await page.goto("/");
    await page.getByRole("complementary", { name: "Weekly contest" }).waitFor();
    expectOnFirstScreen(await firstGamePrices(page));
  },
  E2E_TIMEOUT,
);

test(
  "at 390×844 a player with stats and coverage sees the first game's prices without scrolling; the promo, once dismissed, stays dismissed for them",
  async () => {
    const { context, page } = await openPage(suite.browser, suite.server, { viewport: PHONE });
    await signUp(page);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const admin = await call(suite.server.ctx.app, "POST", "/api/register", {
      body: { email: ADMIN_EMAIL, username: "the_admin", password: "password123" },
    });
    await proveAddress(suite.server.ctx, ADMIN_EMAIL);
    const bet = await call(suite.server.ctx.app, "POST", "/api/bets", {
      cookie,
      body: {
        gameId: "fake-w2-PHI-KC",
        betType: "spread",
        selection: "Kansas City Chiefs",
        odds: -110,
        point: -3.5,
        units: 1,
      },
    });
    expect(bet.status).toBe(201);
    await call(suite.server.ctx.app, "PATCH", "/api/games/fake-w2-PHI-KC", {
      cookie: admin.cookie!,
      body: { homeScore: 24, awayScore: 17, status: "completed" },
    });
    await settleGame(suite.server.ctx.db, suite.server.ctx.clock.now(), "fake-w2-PHI-KC");

    await page.goto("/");
    await page.getByRole("region", { name: "Your performance" }).waitFor();
    await page.getByRole("region", { name: "Week 1 Betting Coverage" }).waitFor();
    await page.getByRole("complementary", { name: "Weekly contest" }).waitFor();
    expectOnFirstScreen(await firstGamePrices(page));

    // By keyboard: focus goes on to the games, not to <body>.
    await page.getByRole("button", { name: "Dismiss the contest banner" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.classList.contains("games-section"));
    expect(await page.getByRole("complementary", { name: "Weekly contest" }).count()).toBe(0);
    // (A reload keeps the scroll position, now that the page arrives with its screen: from the top.)
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.reload();
    await page.getByRole("region", { name: "Your performance" }).waitFor();
    expect(await page.getByRole("complementary", { name: "Weekly contest" }).count()).toBe(0);
    expectOnFirstScreen(await firstGamePrices(page));

    // Dismissed for that account only: signed out in the same browser, the visitor still gets it.
    await page.evaluate(() => fetch("/api/logout", { method: "POST", credentials: "include" }));
    await page.goto("/");
    await page.getByRole("complementary", { name: "Weekly contest" }).waitFor();
  },
  E2E_TIMEOUT * 2,
);

describe("Sunday afternoon (issue 46 item 4): the games still open come first", () => {
  afterEach(() => resetSeason(suite.server));
  /**
   * 2:40 PM Eastern: Thursday's game (Cowboys @ Eagles) is final, the 1 PM one (Chiefs @ Bills) under
   * way, the 4:25 PM one (49ers @ Seahawks) still open.
   */
  const SUNDAY_AFTERNOON = "2026-09-13T18:40:00Z";
  async function standOnSundayAfternoon() {
    suite.server.ctx.clock.set(SUNDAY_AFTERNOON);
    suite.server.provider.live.set("fake-w1-KC-BUF", { awayScore: 10, homeScore: 7, status: "Q2 - 4:12" });
    await syncGames(suite.server.ctx.db, suite.server.provider, suite.server.ctx.clock.now());
    suite.server.provider.live.clear();
  }

  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(
      `at ${viewport.width}, ${scheme}: Upcoming, then Live; the first card's prices can be taken${viewport === PHONE ? " and are on the first screen" : ""}, and the first reached by Tab`,
      async () => {
        await standOnSundayAfternoon();
        const { page } = await openPage(suite.browser, suite.server, { viewport });
        await page.emulateMedia({ colorScheme: scheme });
        if (viewport === PHONE) {
          // A visitor (the promo telling when a newcomer can win), then a player (the coverage panel too).
          await page.goto("/");
          await page.getByRole("heading", { name: "Live" }).waitFor();
          expectOnFirstScreen(await firstGamePrices(page));
          await signUp(page);
          await page.goto("/");
          await page.getByRole("region", { name: "Week 1 Betting Coverage" }).waitFor();
        } else await page.goto("/");
        await page.getByRole("heading", { name: "Live" }).waitFor();
        expect(await page.locator(".game-list > h2").allTextContents()).toEqual(["Upcoming", "Live"]);
        expect(
          await page.getByTestId("game-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("aria-label"))),
        ).toEqual(["San Francisco 49ers @ Seattle Seahawks", "Kansas City Chiefs @ Buffalo Bills"]);
        const first = card(page, "San Francisco 49ers", "Seattle Seahawks");
        expect(await first.locator("button.odds-button:disabled").count()).toBe(0);
        expect(await card(page, "Kansas City Chiefs", "Buffalo Bills").locator(".lock-banner").textContent()).toBe(
          "Game Started - Betting Locked",
        );
        if (viewport === PHONE) expectOnFirstScreen(await firstGamePrices(page));
        await screenshot(page, `sunday-afternoon-${viewport.width}-${scheme}`);
        // By keyboard: from Refresh Odds, the next stop is the open game's first price.
        await page.getByRole("button", { name: "Refresh Odds" }).focus();
        await page.keyboard.press("Tab");
        expect(
          await page.evaluate(() =>
            document.activeElement?.closest("[data-testid=game-card]")?.getAttribute("aria-label"),
          ),
        ).toBe("San Francisco 49ers @ Seattle Seahawks");
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "before the first kick-off, and once every game is under way, the list has one kind and no headings",
    async () => {
      const { page } = await openPage(suite.browser, suite.server, { viewport: PHONE });
      await page.goto("/");
      await page.getByTestId("game-card").first().waitFor();
      expect(await page.locator(".game-list > h2").count()).toBe(0);
      suite.server.ctx.clock.set("2026-09-13T21:00:00Z");
      const later = await openPage(suite.browser, suite.server, { viewport: PHONE });
      await later.page.goto("/");
      await later.page.getByTestId("game-card").first().waitFor();
      expect(await later.page.locator(".game-list > h2").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});
