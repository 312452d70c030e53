/**
 * Issue 18 item 8, "content jumps and errors wipe the screen": the games list does not move as the
 * coverage and performance panels arrive, and a failed refresh keeps what was on screen with an
 * inline error and a retry (Games' Refresh Odds offline, the Leaderboard).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { BuiltUser } from "../factories.ts";
import { browserSuite, E2E_TIMEOUT, PHONE } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  newPlayer,
  openPage,
  placeBet,
  resolveAndSettle,
  spread,
  startStatsServer,
} from "./stats-fixtures.ts";

const suite = browserSuite(startStatsServer);
let player: BuiltUser;

beforeAll(async () => {
  player = await newPlayer(suite.server, "steady_sam");
  await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
  await placeBet(suite.server, player, spread(KC_BUF, "Kansas City Chiefs", 3.5));
  // Settled bets: the performance panel shows; SF @ SEA still open keeps week 1 current.
  await resolveAndSettle(suite.server, DAL_PHI, { away: 17, home: 24 }, "2026-09-11T04:00:00Z");
  await resolveAndSettle(suite.server, KC_BUF, { away: 10, home: 28 }, "2026-09-14T01:00:00Z");
}, E2E_TIMEOUT);

/** Sums the page's layout shifts (CLS without session windows: stricter), from the first paint on. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Answers matching requests after `ms`, so the panels arrive one after the other, after the games. */
async function slow(page: Page, pattern: string, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    await Bun.sleep(ms);
    await route.continue();
  });
}

describe("steady screens", () => {
  test(
    "the games list does not drop as the coverage and performance panels arrive",
    async () => {
      for (const viewport of [undefined, PHONE]) {
        const { page } = await openPage(suite.browser, suite.server, player, { viewport });
        await watchShifts(page);
        await slow(page, "**/api/users/*/coverage/week/*", 400);
        await slow(page, "**/api/users/*/stats", 800);
        await slow(page, "**/api/users/*/bets", 1200);
        await page.goto("/");
        await page.getByRole("region", { name: "Your performance" }).waitFor();
        await page.getByRole("region", { name: "Week 1 Betting Coverage" }).waitFor();
        await page.locator("[data-testid=game-card]").first().waitFor();
        await page.waitForTimeout(300);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
        expect(shifts).toBeLessThan(0.01);
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "an offline 'Refresh Odds' keeps the games on screen with an inline error and a retry",
    async () => {
      const { context, page } = await openPage(suite.browser, suite.server, player);
      await page.goto("/");
      await page.locator("[data-testid=game-card]").first().waitFor();
      const cards = await page.locator("[data-testid=game-card]").count();

      await context.setOffline(true);
      await page.getByRole("button", { name: "Refresh Odds" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Could not refresh the odds" });
      await alert.waitFor();
      expect(await page.locator("[data-testid=game-card]").count()).toBe(cards);
      expect(await page.getByText("Could not load the games").count()).toBe(0);

      await context.setOffline(false);
      await alert.getByRole("button", { name: "Try again" }).click();
      await alert.waitFor({ state: "detached" });
      expect(await page.locator("[data-testid=game-card]").count()).toBe(cards);
    },
    E2E_TIMEOUT,
  );

  test(
    "a failing leaderboard says so in our words, keeps the board it had and offers a retry",
    async () => {
      const { page } = await openPage(suite.browser, suite.server, player);
      await page.goto("/leaderboard");
      await page.locator(".board-row").first().waitFor();

      let failing = true;
      await page.route("**/api/leaderboard**", (route) =>
        failing
          ? route.fulfill({ status: 500, json: { message: "SQLITE_BUSY: internal detail", code: "internal" } })
          : route.continue(),
      );
      // Away and back: the board on screen (SWR's cache) is refreshed on each visit, and that fails.
      await page.getByRole("link", { name: "Games" }).first().click();
      await page.getByRole("heading", { level: 1, name: "NFL Games" }).waitFor();
      await page.getByRole("link", { name: "Leaderboard" }).first().click();
      const alert = page.getByRole("alert").filter({ hasText: "Could not load the leaderboard" });
      await alert.waitFor();
      expect(await page.getByText(/SQLITE_BUSY|500/).count()).toBe(0);
      expect(await page.locator(".board-row").count()).toBe(1);

      failing = false;
      await alert.getByRole("button", { name: "Try again" }).click();
      await alert.waitFor({ state: "detached" });
      expect(await page.locator(".board-row").count()).toBe(1);
    },
    E2E_TIMEOUT,
  );
});
