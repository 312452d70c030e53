import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { card, openPage, signUp, slip, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, newAccount, PHONE } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);

const TABLET = { width: 820, height: 1180 };
const WIDTHS = [320, 360, 390, 768, 820, 1023, 1024, 1280, 1920];
const PHI_SPREAD = "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5";

async function gamesPage(viewport: { width: number; height: number }, signedIn = false) {
  const { page } = await openPage(suite.browser, suite.server, { viewport });
  page.setDefaultTimeout(8000);
  if (signedIn) await signUp(page, newAccount());
  await page.goto("/");
  await page.getByTestId("game-card").first().waitFor();
  return page;
}

const phiSpread = (page: Page) =>
  card(page, "Dallas Cowboys", "Philadelphia Eagles").getByRole("button", { name: PHI_SPREAD });
const slipToggle = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Bet Slip/ });

/** Goes to `path` as the app's links do (history.pushState and the router's listener), without a load. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((path) => {
    document.querySelector("h1")?.setAttribute("data-left", "");
    history.pushState(null, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  // The screen it left is gone: its heading went with it.
  await page.waitForFunction(() => !document.querySelector("h1[data-left]"));
}

/** Sideways scroll, and on wide screens any top link that is cut off or runs under the bell, slip button or Sign In. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.scrollWidth;
    if (width > innerWidth) problems.push(`${location.pathname} at ${innerWidth}: scrolls sideways to ${width}`);
    const nav = document.querySelector<HTMLElement>(".topbar-links");
    const actions = document.querySelector<HTMLElement>(".topbar-actions")!.getBoundingClientRect();
    if (nav && nav.offsetParent !== null) {
      const strip = nav.getBoundingClientRect();
      for (const link of nav.querySelectorAll("a")) {
        const box = link.getBoundingClientRect();
        if (box.right > actions.left || box.right > strip.right + 0.5 || box.left < strip.left - 0.5)
          problems.push(`${location.pathname} at ${innerWidth}: '${link.textContent}' is cut off or under the actions`);
      }
    }
    if (actions.right > innerWidth)
      problems.push(`${location.pathname} at ${innerWidth}: the top bar's actions run off`);
    return problems;
  });
}

describe("layout at every width", () => {
  test(
    "from 320 to 1920 px no screen scrolls sideways, and the six top links (Contest too) fit beside the actions",
    async () => {
      for (const signedIn of [false, true]) {
        const page = await gamesPage(DESKTOP, signedIn);
        const problems: string[] = [];
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 768 ? 844 : 1000 });
          // The app loaded at each width, then each screen mounted at it by the app's own navigation
          // (a full load per screen and width cost a third of this file's time and showed nothing more).
          await page.goto("/");
          for (const path of ["/", "/leaderboard", "/contest-rules", "/auth"]) {
            if (path !== "/") await navigateInApp(page, path);
            await page.getByRole("heading", { level: 1 }).first().waitFor();
            // Measured once the screen has settled (its data and stylesheet arrive after the heading).
            let found = await layoutProblems(page);
            for (let tries = 0; found.length > 0 && tries < 4; tries++) {
              await page.waitForTimeout(250);
              found = await layoutProblems(page);
            }
            problems.push(...found);
          }
          if (width >= 768) {
            const contest = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contest" });
            expect(await contest.isVisible()).toBe(true);
          }
        }
        expect(problems).toEqual([]);
        await page.context().close();
      }
    },
    E2E_TIMEOUT * 3,
  );

  for (const viewport of [TABLET, { width: 768, height: 1024 }, { width: 1024, height: 768 }, DESKTOP]) {
    test(
      `at ${viewport.width}×${viewport.height} the open slip sits beside the odds, not over them, with no sideways scroll`,
      async () => {
        const page = await gamesPage(viewport);
        await phiSpread(page).click();
        await slip(page).locator(".slip-picks").waitFor();
        const drawer = (await slip(page).locator("article").boundingBox())!;
        const covered: string[] = [];
        for (const button of await page
          .locator("main button.odds-button, main [data-testid='game-card'] button")
          .all()) {
          const box = await button.boundingBox();
          if (!box) continue;
          const overlaps =
            box.x < drawer.x + drawer.width &&
            box.x + box.width > drawer.x &&
            box.y < drawer.y + drawer.height &&
            box.y + box.height > drawer.y;
          if (overlaps) covered.push((await button.getAttribute("aria-label")) ?? (await button.textContent()) ?? "?");
        }
        expect(covered).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
        // The team names stay readable beside the slip.
        expect(
          await card(page, "Dallas Cowboys", "Philadelphia Eagles").locator(".team-name").first().isVisible(),
        ).toBe(true);
      },
      E2E_TIMEOUT,
    );
  }
});

describe("the slip on wide screens", () => {
  for (const viewport of [DESKTOP, TABLET]) {
    test(
      `at ${viewport.width} px the top bar's Bet Slip button shows the count and reopens a closed slip`,
      async () => {
        const page = await gamesPage(viewport);
        const toggle = slipToggle(page);
        expect(await toggle.isVisible()).toBe(true);
        expect((await toggle.textContent())?.replace(/\s+/g, " ")).toContain("0 selections");
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");

        await phiSpread(page).click();
        await slip(page).waitFor();
        expect(await toggle.locator(".slip-toggle-count").textContent()).toBe("1 selection");
        expect(await toggle.getAttribute("aria-expanded")).toBe("true");

        await slip(page).getByRole("button", { name: "Close" }).click();
        await slip(page).waitFor({ state: "hidden" });
        expect(await phiSpread(page).getAttribute("aria-pressed")).toBe("true");
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");

        await toggle.click();
        await slip(page).waitFor();
        expect(await slip(page).locator(".slip-pick-text").allTextContents()).toEqual(["Philadelphia Eagles -3.5"]);
        // Focus goes into the slip, and the button closes it again.
        expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.id)).toBe("bet-slip");
        await toggle.click();
        await slip(page).waitFor({ state: "hidden" });
        // On phones the bottom bar's Slip slot does this job instead.
        await page.setViewportSize(PHONE);
        expect(await toggle.isVisible()).toBe(false);
      },
      E2E_TIMEOUT,
    );
  }
});

describe("Back on phones", () => {
  test(
    "Back with the slip open closes the slip and stays on the screen; one more Back leaves it",
    async () => {
      const { page } = await openPage(suite.browser, suite.server, { viewport: PHONE });
      page.setDefaultTimeout(8000);
      await page.goto("/leaderboard");
      await page.getByRole("heading", { level: 1, name: "Week 1 Leaderboard" }).waitFor();
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Games" }).click();
      await page.getByTestId("game-card").first().waitFor();

      await phiSpread(page).click();
      await slip(page).waitFor();
      await page.goBack();
      await slip(page).waitFor({ state: "hidden" });
      expect(new URL(page.url()).pathname).toBe("/");
      expect(await page.getByRole("heading", { name: "NFL Games" }).isVisible()).toBe(true);
      expect(await phiSpread(page).getAttribute("aria-pressed")).toBe("true");

      // Closed by its own button, the slip leaves no extra step in the history.
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: /Slip/ }).click();
      await slip(page).waitFor();
      await slip(page).getByRole("button", { name: "Close" }).click();
      await slip(page).waitFor({ state: "hidden" });
      await page.goBack();
      await page.getByRole("heading", { level: 1, name: "Week 1 Leaderboard" }).waitFor();
      expect(await slip(page).isVisible()).toBe(false);
    },
    E2E_TIMEOUT,
  );

  test(
    "leaving for another screen from the bottom bar closes the open slip instead of keeping it over the next screen",
    async () => {
      const page = await gamesPage(PHONE);
      await phiSpread(page).click();
      await slip(page).waitFor();
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Ranks" }).click();
      await page.getByRole("heading", { level: 1, name: "Week 1 Leaderboard" }).waitFor();
      await slip(page).waitFor({ state: "hidden" });
      // Back returns to the Games screen, picks kept.
      await page.goBack();
      await page.getByTestId("game-card").first().waitFor();
      expect(await phiSpread(page).getAttribute("aria-pressed")).toBe("true");
    },
    E2E_TIMEOUT,
  );
});

describe("the leaderboard's view and week in the address", () => {
  test(
    "This Week/Overall and the week are query parameters: refresh and Back keep them",
    async () => {
      const { page } = await openPage(suite.browser, suite.server);
      page.setDefaultTimeout(8000);
      const toggle = (name: string) =>
        page.getByRole("group", { name: "Leaderboard" }).getByRole("button", { name, exact: true });
      await page.goto("/leaderboard");
      await page.getByRole("heading", { level: 1, name: "Week 1 Leaderboard" }).waitFor();
      await toggle("Overall").click();
      await page.getByRole("heading", { level: 1, name: "Overall Leaderboard" }).waitFor();
      expect(new URL(page.url()).search).toBe("?view=overall");

      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Overall Leaderboard" }).waitFor();
      expect(await toggle("Overall").getAttribute("aria-pressed")).toBe("true");

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contest" }).click();
      await page.getByRole("heading", { level: 1, name: "Contest Rules" }).waitFor();
      await page.goBack();
      await page.getByRole("heading", { level: 1, name: "Overall Leaderboard" }).waitFor();

      await page.goto("/leaderboard?week=1");
      await page.getByRole("heading", { level: 1, name: "Week 1 Leaderboard" }).waitFor();
      await toggle("Overall").click();
      await page.getByRole("heading", { level: 1, name: "Overall Leaderboard" }).waitFor();
      expect(new URL(page.url()).search).toBe("?week=1&view=overall");
      // 'This Week' is the current week again: the address loses both.
      await toggle("This Week").click();
      await page.getByRole("heading", { level: 1, name: "Week 1 Leaderboard" }).waitFor();
      expect(new URL(page.url()).search).toBe("");
      // A week that is not one falls back to the current week.
      await page.goto("/leaderboard?week=40");
      await page.getByRole("heading", { level: 1, name: "Week 1 Leaderboard" }).waitFor();
    },
    E2E_TIMEOUT,
  );
});
