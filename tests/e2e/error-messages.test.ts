/**
 * Issue 27 item 8: what a player is told when something fails. Offline, Place Bet says the bet was
 * not placed (not the browser's "Failed to fetch"), keeps the pick, and says when the connection is
 * back; a proxy's HTML error page is never shown raw.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { card, openPage, resetSeason, signUp, slip, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, toastLocator } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);

afterEach(() => resetSeason(suite.server));

const PHI_SPREAD = "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5";

/** A signed-up player on the Games screen with Philadelphia's spread in the slip. */
async function withPickInSlip(): Promise<Page> {
  const { page } = await openPage(suite.browser, suite.server);
  page.setDefaultTimeout(8000);
  await signUp(page, newAccount());
  await page.goto("/");
  await card(page, "Dallas Cowboys", "Philadelphia Eagles").getByRole("button", { name: PHI_SPREAD }).click();
  await slip(page).locator(".slip-picks").waitFor();
  return page;
}

const placeBet = (page: Page) => slip(page).getByRole("button", { name: "Place Bet" }).click();

describe("error messages", () => {
  test(
    "offline, Place Bet says the bet was not placed, keeps the pick, and says when the connection is back",
    async () => {
      const page = await withPickInSlip();
      await page.context().setOffline(true);
      await placeBet(page);
      const toast = toastLocator(page);
      await toast.getByText("Bet not placed", { exact: true }).waitFor();
      expect(await toast.textContent()).toContain("You appear to be offline, so nothing was sent.");
      expect(await toast.textContent()).not.toContain("Failed to fetch");
      expect(await slip(page).locator(".slip-pick-text").allTextContents()).toEqual(["Philadelphia Eagles -3.5"]);

      await page.context().setOffline(false);
      await toast.getByText("Back online", { exact: true }).waitFor();
      await placeBet(page);
      await toast.getByText("Bet Placed!", { exact: true }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "a proxy's HTML error page in place of our answer is never shown: the toast says the bet was not placed",
    async () => {
      const page = await withPickInSlip();
      await page.route("**/api/bets", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>502 Bad Gateway</body></html>" })
          : route.fallback(),
      );
      await placeBet(page);
      const toast = toastLocator(page);
      await toast.getByText("The bet could not be placed.", { exact: true }).waitFor();
      expect(await toast.textContent()).not.toContain("Bad Gateway");
    },
    E2E_TIMEOUT,
  );
});
