/**
 * Issue 18 item 8, "content jumps and errors wipe the screen": the games list does not move as the
 * coverage and performance panels arrive, it does not wait for the player's whole bet history, and a
 * failed refresh keeps what was on screen with an inline error and a retry (Games' Refresh Odds
 * offline, the Leaderboard).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { BuiltUser } from "../factories.ts";
import { browserSuite, E2E_TIMEOUT, PHONE } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  SF_SEA,
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
  // Pending on a game still open: its card shows 'YOUR BET', which must not push the cards below it.
  await placeBet(suite.server, player, spread(SF_SEA, "Seattle Seahawks", -3.5));
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

/** Holds matching requests until the returned function is called (then lets them through). */
async function hold(page: Page, pattern: string): Promise<{ release: () => void; asked: Promise<void> }> {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  const { promise: asked, resolve: ask } = Promise.withResolvers<void>();
  await page.route(pattern, async (route) => {
    ask();
    await released;
    await route.continue();
  });
  return { release, asked };
}

const shiftsSoFar = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

describe("steady screens", () => {
  test(
    "the games list shows without waiting for the bet history, and nothing moves when it arrives",
    async () => {
      for (const viewport of [undefined, PHONE]) {
        const { context, page } = await openPage(suite.browser, suite.server, player, { viewport });
        await watchShifts(page);
        // The whole history (GET /api/users/{id}/bets) is held; the week's bets come late, after the games.
        const history = await hold(page, "**/api/users/*/bets");
        await slow(page, "**/api/users/*/bets/week/*", 500);
        await page.goto("/");
        await history.asked;
        const cards = page.locator("[data-testid=game-card]");
        await cards.first().waitFor();
        // The list is up while the history is still held: the ROI card waits in place, 'YOUR BET' is already there.
        const roi = page.getByRole("article", { name: "ROI", exact: true }).locator(".stat-value");
        expect(await roi.textContent()).toBe("...");
        expect(await cards.filter({ hasText: "YOUR BET" }).count()).toBe(1);
        await page.getByRole("region", { name: "Week 1 Betting Coverage" }).waitFor();
        await page.waitForTimeout(300);
        expect(await shiftsSoFar(page)).toBeLessThan(0.01);

        history.release();
        await page.waitForFunction(() =>
          /%$/.test(document.querySelector("#performance-roi-label + .stat-value")?.textContent ?? ""),
        );
        await page.waitForTimeout(300);
        expect(await shiftsSoFar(page)).toBeLessThan(0.01);
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "the games list does not drop as the coverage and performance panels arrive",
    async () => {
      for (const viewport of [undefined, PHONE]) {
        const { page } = await openPage(suite.browser, suite.server, player, { viewport });
        await watchShifts(page);
        // The session comes after the games have started loading: nothing drawn before it may move
        // when it says whether this account dismissed the contest banner.
        await slow(page, "**/api/user", 300);
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
    "a visitor's Games screen does not move as the current week arrives (the week picker's place is held)",
    async () => {
      for (const viewport of [PHONE, undefined]) {
        const { context, page } = await openPage(suite.browser, suite.server, null, { viewport });
        await watchShifts(page);
        await slow(page, "**/api/weeks/current", 400);
        await page.goto("/");
        await page.locator("[data-testid=game-card]").first().waitFor();
        await page.getByRole("combobox", { name: "Week" }).waitFor();
        await page.waitForTimeout(300);
        expect(await shiftsSoFar(page)).toBeLessThan(0.01);
        await context.close();
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
