/**
 * Issue 29 item 3, freshness on the board: each game card says when its odds last moved, a price that
 * moved while the screen was open shows which way, and Refresh Odds says what it did.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { BEFORE_WEEK_1, card, openPage, resetSeason, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, PHONE } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);

afterEach(() => resetSeason(suite.server));

const DAL_PHI = ["Dallas Cowboys", "Philadelphia Eagles"] as const;

describe("freshness on the board", () => {
  for (const viewport of [undefined, PHONE]) {
    test(
      `${viewport ? "at 390×844" : "at 1280×800"}: 'updated N min ago' on each card; Refresh Odds says how many lines moved, and the moved prices point the way; a second refresh says no change`,
      async () => {
        // Half an hour after the lines were last synced.
        suite.server.ctx.clock.set(new Date(Date.parse(BEFORE_WEEK_1) + 30 * 60_000).toISOString());
        const { page } = await openPage(suite.browser, suite.server, { viewport });
        await page.goto("/");
        const game = card(page, ...DAL_PHI);
        await game.waitFor();
        expect(await game.locator(".odds-updated").textContent()).toBe("· updated 30 min ago");
        expect(await page.locator(".odds-moved").count()).toBe(0);

        // The feed moves every spread a point toward the underdog.
        suite.server.provider.spreadShift = 1;
        await syncGames(suite.server.ctx.db, suite.server.provider, suite.server.ctx.clock.now());
        await page.getByRole("button", { name: "Refresh Odds" }).click();
        const result = page.getByRole("status").filter({ hasText: /moved|No change/ });
        await result.waitFor();
        expect(await result.textContent()).toMatch(/^[1-9]\d* lines moved\.$/);
        const phi = game.getByRole("button", { name: "PHI -2.5 -110, Spread: Philadelphia Eagles -2.5" });
        expect(await phi.getAttribute("class")).toContain("odds-moved-up");
        expect(await game.getByRole("button", { name: /^DAL \+2\.5/ }).getAttribute("class")).toContain(
          "odds-moved-down",
        );
        // The arrow is drawn outside the button's words: its name is unchanged.
        expect(await phi.textContent()).toBe("PHI -2.5 -110");
        expect(await game.locator(".odds-updated").textContent()).toBe("· updated just now");
        // Unmoved prices carry no mark.
        expect(await game.getByRole("button", { name: /^\+150/ }).getAttribute("class")).toBe("odds-button");

        await page.getByRole("button", { name: "Refresh Odds" }).click();
        await page.getByRole("status").filter({ hasText: "No change: the odds are the same." }).waitFor();
      },
      E2E_TIMEOUT,
    );
  }
});
