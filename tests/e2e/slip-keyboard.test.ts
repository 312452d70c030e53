/**
 * Issue 27 item 6, the bet slip by keyboard: a price picked with Enter or Space announces the pick
 * and puts focus on it in the slip (the slip comes after the whole screen in the Tab order: 61 Tabs
 * from a price to Place Bet before), Place Bet is a few Tabs on, Escape goes back to the price, and
 * after placing focus lands on the price picked, never on <body>.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { card, openPage, resetSeason, signUp, slip, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, PHONE, toastLocator } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);

afterEach(() => resetSeason(suite.server));

const DAL_PHI = ["Dallas Cowboys", "Philadelphia Eagles"] as const;
const PHI_SPREAD = "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5";
const KC_ML = "+150, Moneyline: Kansas City Chiefs ML";

async function playerOnGames(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await openPage(suite.browser, suite.server, { viewport });
  page.setDefaultTimeout(8000);
  await signUp(page, newAccount());
  await page.goto("/");
  await page.getByTestId("game-card").first().waitFor();
  return page;
}

/** What has focus: a short description to compare against. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return `${el.tagName.toLowerCase()}:${el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 60) ?? ""}`;
  });

/** Presses Tab until `name` has focus; returns how many presses it took (fails past `limit`). */
async function tabsTo(page: Page, name: string, limit = 30): Promise<number> {
  for (let n = 1; n <= limit; n++) {
    await page.keyboard.press("Tab");
    if ((await focused(page)) === `button:${name}`) return n;
  }
  throw new Error(`${name} not reached in ${limit} Tabs (focus on ${await focused(page)})`);
}

describe("the bet slip by keyboard", () => {
  for (const viewport of [undefined, PHONE]) {
    test(
      `${viewport ? "at 390×844" : "at 1280×800"}: Enter on a price announces the pick and focuses it in the slip; Place Bet is a few Tabs on; Escape goes back to the price`,
      async () => {
        const page = await playerOnGames(viewport);
        const price = card(page, ...DAL_PHI).getByRole("button", { name: PHI_SPREAD });
        await price.focus();
        await page.keyboard.press("Enter");
        await slip(page).locator(".slip-picks").waitFor();
        await page.waitForFunction(() => document.activeElement?.classList.contains("slip-pick"));
        expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain(
          "Philadelphia Eagles -3.5",
        );
        expect(await page.getByTestId("slip-announcement").textContent()).toBe(
          "Added Philadelphia Eagles -3.5 -110 to the bet slip. 1 pick in the slip.",
        );
        expect(await tabsTo(page, "Place Bet")).toBeLessThanOrEqual(6);

        await page.keyboard.press("Escape");
        await slip(page).waitFor({ state: "hidden" });
        expect(await focused(page)).toBe(`button:${PHI_SPREAD}`);
        expect(await price.getAttribute("aria-pressed")).toBe("true");
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "a pick added with the mouse keeps focus on the odds (more picks can follow) and is announced too",
    async () => {
      const page = await playerOnGames();
      await card(page, ...DAL_PHI)
        .getByRole("button", { name: PHI_SPREAD })
        .click();
      await page.getByRole("button", { name: KC_ML, exact: true }).click();
      await slip(page).locator(".slip-picks").waitFor();
      expect(await focused(page)).toBe(`button:${KC_ML}`);
      expect(await page.getByTestId("slip-announcement").textContent()).toBe(
        "Added Kansas City Chiefs ML +150 to the bet slip. 2 picks in the slip.",
      );
      await page.getByRole("button", { name: KC_ML, exact: true }).click();
      expect(await page.getByTestId("slip-announcement").textContent()).toBe(
        "Removed Kansas City Chiefs ML from the bet slip. 1 pick in the slip.",
      );
    },
    E2E_TIMEOUT,
  );

  test(
    "after Place Bet by keyboard, focus lands on the price picked, not on <body>",
    async () => {
      const page = await playerOnGames();
      const price = card(page, ...DAL_PHI).getByRole("button", { name: PHI_SPREAD });
      await price.focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.classList.contains("slip-pick"));
      await tabsTo(page, "Place Bet");
      await page.keyboard.press("Enter");
      await toastLocator(page).getByText("Bet Placed!").waitFor();
      await slip(page).waitFor({ state: "hidden" });
      await card(page, ...DAL_PHI)
        .locator(".your-bet")
        .waitFor();
      expect(await focused(page)).toBe(`button:${PHI_SPREAD}`);
    },
    E2E_TIMEOUT,
  );
});
