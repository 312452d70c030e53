/**
 * Issue 46 item 1: a visitor on a day this week's prize is out of a newcomer's reach (the contest
 * counts accounts made before the week's first kick-off) is told so before signing up — in the
 * welcome, the contest banner and the sign-up form — with the week they can win from; before the
 * first kick-off nothing of it shows. The server's and the browser's clocks stand on the day.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { startSeasonServer, BEFORE_WEEK_1 } from "./games-fixture.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, screenshot, PHONE_AND_DESKTOP_IN_BOTH_SCHEMES } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);
afterEach(() => suite.server.ctx.clock.set(BEFORE_WEEK_1));

/** Week 1's Sunday, 2 PM Eastern: Thursday's game and the 1 PM game have started, the 4:25 PM one not yet. */
const SUNDAY = "2026-09-13T18:00:00Z";
const SENTENCE =
  "This week's prize needs 2 of 3 games; 2 have started — you can win from Week 2, and every bet counts on the boards now.";

async function visitorAt(
  at: string,
  viewport: { width: number; height: number },
  scheme: "light" | "dark",
): Promise<Page> {
  suite.server.ctx.clock.set(at);
  const context = await suite.newContext({ viewport, showOnboarding: true, timezoneId: "America/New_York" });
  await context.route(/^https:\/\/a\.espncdn\.com\//, (route) => route.abort());
  const page = await context.newPage();
  await page.clock.install({ time: new Date(at) });
  await page.emulateMedia({ colorScheme: scheme });
  return page;
}

const welcome = (page: Page) => page.getByRole("dialog", { name: "Welcome to NFL Paper Trading!" });
const banner = (page: Page) => page.getByRole("complementary", { name: "Weekly contest" });

describe("the prize a newcomer can win, before they sign up", () => {
  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(
      `at ${viewport.width}, ${scheme}: on a Sunday the welcome, the banner and the sign-up form say this week is out of reach, and from when`,
      async () => {
        const page = await visitorAt(SUNDAY, viewport, scheme);
        await page.goto("/");
        await page.clock.runFor(600); // the welcome comes 500 ms after load
        await welcome(page).waitFor();
        expect(await welcome(page).locator(".onboarding-prize").textContent()).toBe(SENTENCE);
        await screenshot(page, `newcomer-welcome-${viewport.width}-${scheme}`);
        // Closed by keyboard; the banner says it too (its title on a phone, the whole sentence wider).
        await page.keyboard.press("Escape");
        await welcome(page).waitFor({ state: "hidden" });
        expect(await banner(page).locator(".promo-title").textContent()).toBe("Win a $20 gift card from Week 2");
        if (viewport === DESKTOP) expect(await banner(page).locator(".promo-text").innerText()).toStartWith(SENTENCE);

        await page.goto("/auth?mode=register");
        const note = page.getByRole("note");
        await note.waitFor();
        expect(await note.textContent()).toBe(SENTENCE);
        // Above the button that creates the account.
        const button = page
          .getByRole("form", { name: "Create account" })
          .getByRole("button", { name: "Create Account" });
        expect((await note.boundingBox())!.y).toBeLessThan((await button.boundingBox())!.y);
        await screenshot(page, `newcomer-signup-${viewport.width}-${scheme}`);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "before the week's first kick-off a newcomer can win it: the welcome, banner and form promise the prize as always",
    async () => {
      const page = await visitorAt(BEFORE_WEEK_1, DESKTOP, "light");
      await page.goto("/");
      await page.clock.runFor(600);
      await welcome(page).waitFor();
      expect(await welcome(page).locator(".onboarding-prize").count()).toBe(0);
      await page.keyboard.press("Escape");
      expect(await banner(page).locator(".promo-title").textContent()).toBe("Win a $20 gift card every week");
      await page.goto("/auth?mode=register");
      await page.getByRole("form", { name: "Create account" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.getByRole("note").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});
