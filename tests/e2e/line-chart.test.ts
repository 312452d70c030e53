/**
 * Issue 29 item 2, the line-movement chart: from a game card, by keyboard, a dialog charts each
 * market from its opening through every move to now, with the viewer's bet and parlay leg marked,
 * and says the same in words for a screen reader.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { card, openPage, signUp, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, PHONE } from "./helpers.ts";

const suite = browserSuite(startSeasonServer, { serverPerTest: true });
const HOUR = 3_600_000;

/** Moves the server's clock on and the feed's home spreads to -3.5 + `shift`, then syncs. */
async function moveLines(hours: number, shift: number) {
  const { ctx, provider } = suite.server;
  ctx.clock.advance(hours * HOUR);
  provider.spreadShift = shift;
  await syncGames(ctx.db, provider, ctx.clock.now());
}

async function place(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Line movement" });
const summary = (page: Page) => dialog(page).getByTestId("line-summary");

describe("the line-movement chart", () => {
  for (const viewport of [undefined, PHONE]) {
    test(
      `${viewport ? "at 390×844" : "at 1280×800"}: the spread's opening, its moves and the viewer's bet; a parlay leg on the total; keyboard in and out`,
      async () => {
        await moveLines(2, -1); // PHI -4.5
        const { page } = await openPage(suite.browser, suite.server, { viewport });
        await signUp(page);
        const gameId = "fake-w1-DAL-PHI";
        await place(page, "/api/bets", {
          gameId,
          betType: "spread",
          selection: "Philadelphia Eagles",
          odds: -110,
          point: -4.5,
          units: 1,
        });
        await place(page, "/api/parlays", {
          units: 1,
          legs: [
            { gameId, betType: "total", selection: "Over", odds: -110, point: 45.5 },
            { gameId: "fake-w1-KC-BUF", betType: "moneyline", selection: "Buffalo Bills", odds: -175 },
          ],
        });
        await moveLines(3, -1.5); // PHI -5
        await page.clock.setSystemTime(suite.server.ctx.clock.now());

        await page.goto("/");
        const game = card(page, "Dallas Cowboys", "Philadelphia Eagles");
        const open = game.getByRole("button", { name: "Line movement: Dallas Cowboys @ Philadelphia Eagles" });
        await open.focus();
        await page.keyboard.press("Enter");
        await dialog(page).waitFor();
        await dialog(page).locator(".line-chart[data-ready]").waitFor();
        expect(await summary(page).textContent()).toBe(
          "Philadelphia Eagles spread: opened -3.5 -110, now -5 -110 after 2 moves; your bet -4.5 -110, 0.5 points better than now.",
        );
        expect(await dialog(page).locator(".line-chart").getAttribute("data-bets")).toBe("1");
        // The chart draws on canvases, within the screen's width.
        expect(await dialog(page).locator(".line-chart canvas").count()).toBeGreaterThan(0);
        const box = await dialog(page).locator(".line-chart").boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(280);
        expect(box?.width ?? 0).toBeLessThanOrEqual((viewport ?? { width: 1280 }).width);

        await dialog(page).getByRole("button", { name: "Total" }).click();
        await summary(page).filter({ hasText: "Over total" }).waitFor();
        expect(await summary(page).textContent()).toBe(
          "Over total: opened 45.5 -110, no move since; your parlay leg 45.5 -110, the same as now.",
        );
        expect(await dialog(page).locator(".line-chart").getAttribute("data-bets")).toBe("1");

        await dialog(page).getByRole("button", { name: "Moneyline" }).click();
        await summary(page).filter({ hasText: "moneyline" }).waitFor();
        expect(await summary(page).textContent()).toBe("Philadelphia Eagles moneyline: opened -175, no move since.");

        await page.keyboard.press("Escape");
        await dialog(page).waitFor({ state: "detached" });
        expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "a visitor sees the line without bets; the chart's library is not fetched before the dialog opens",
    async () => {
      await moveLines(1, 1); // PHI -2.5
      const { page } = await openPage(suite.browser, suite.server);
      const scripts: string[] = [];
      page.on("response", (r) => {
        if (r.request().resourceType() === "script") scripts.push(r.url());
      });
      await page.goto("/");
      const game = card(page, "Dallas Cowboys", "Philadelphia Eagles");
      await game.waitFor();
      const before = scripts.length;
      await game.getByRole("button", { name: /^Line movement/ }).click();
      await dialog(page).locator(".line-chart[data-ready]").waitFor();
      expect(scripts.length).toBeGreaterThan(before);
      expect(await summary(page).textContent()).toBe(
        "Philadelphia Eagles spread: opened -3.5 -110, now -2.5 -110 after 1 move.",
      );
      expect(await dialog(page).locator(".line-chart").getAttribute("data-bets")).toBe("0");
    },
    E2E_TIMEOUT,
  );
});
