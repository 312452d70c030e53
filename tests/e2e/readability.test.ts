/**
 * Issue 27 items 7–9, what a player reads: dark mode's quiet text and focus ring keep their contrast
 * (WCAG: 4.5:1 for text, 3:1 for the focus indicator), kick-off times name their zone, and team
 * logos ask the logo host once — badges when it is unreachable, logos when it answers.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import type { BuiltUser } from "../factories.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { awaitAppOnLoad, browserSuite, DESKTOP, E2E_TIMEOUT, PHONE } from "./helpers.ts";
import { DAL_PHI, newPlayer, NOW, placeBet, resolveAndSettle, spread, startStatsServer } from "./stats-fixtures.ts";

const suite = browserSuite(startStatsServer);
let alice: BuiltUser;

/** Tampa Bay Buccaneers @ Washington Commanders: the league's longest nicknames, added to week 1. */
const TB_WSH = "fake-w1-TB-WSH";

beforeAll(async () => {
  suite.server.provider.games.push({
    providerId: TB_WSH,
    season: 2026,
    week: 1,
    homeTeam: "Washington Commanders",
    awayTeam: "Tampa Bay Buccaneers",
    homeAbbr: "WSH",
    awayAbbr: "TB",
    commenceTime: "2026-09-13T20:25:00Z",
  });
  await syncGames(suite.server.ctx.db, suite.server.provider, suite.server.ctx.clock.now());
  alice = await newPlayer(suite.server, "alice");
  await placeBet(suite.server, alice, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
  await resolveAndSettle(suite.server, DAL_PHI, { away: 17, home: 24 }, "2026-09-11T04:00:00Z");
}, E2E_TIMEOUT);

/** A page on the Games screen in a chosen scheme and zone; the logo host answers when `logos` says so. */
async function gamesPage(
  opts: {
    scheme?: "light" | "dark";
    timezoneId?: string;
    logos?: "unreachable" | "answering";
    viewport?: { width: number; height: number };
  } = {},
): Promise<{ page: Page; logoRequests: string[] }> {
  const context = await suite.browser.newContext({
    serviceWorkers: "block",
    baseURL: suite.server.baseUrl,
    viewport: opts.viewport ?? DESKTOP,
    timezoneId: opts.timezoneId ?? "UTC",
    locale: "en-US",
    colorScheme: opts.scheme ?? "light",
  });
  awaitAppOnLoad(context);
  await context.addInitScript(() => localStorage.setItem("npt.onboardingDismissed", "true"));
  await context.addCookies([{ name: SESSION_COOKIE, value: alice.token, url: suite.server.baseUrl }]);
  const logoRequests: string[] = [];
  await context.route(/^https:\/\/a\.espncdn\.com\//, (route) => {
    logoRequests.push(route.request().url());
    if (opts.logos === "answering") return route.fulfill({ contentType: "image/png", body: PIXEL });
    return route.abort();
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto("/");
  await page.getByTestId("game-card").first().waitFor();
  return { page, logoRequests };
}

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The contrast ratio of two CSS colours, computed in the page (WCAG relative luminance). */
function contrastIn(page: Page, foreground: string, background: string): Promise<number> {
  return page.evaluate(
    ([fg, bg]) => {
      const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (css: string) => {
        const [r, g, b] = channels(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [light, dark] = [luminance(fg!), luminance(bg!)].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    },
    [foreground, background],
  );
}

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

describe("readability", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(
      `${scheme}: a final score's YOUR BET terms read at 4.5:1 or more on their panel`,
      async () => {
        const { page } = await gamesPage({ scheme });
        const terms = ".final-card .your-bet-terms";
        await page.locator(terms).first().waitFor();
        const ratio = await contrastIn(
          page,
          await style(page, terms, "color"),
          await style(page, ".final-card .your-bet", "background-color"),
        );
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      },
      E2E_TIMEOUT,
    );

    test(
      `${scheme}: a price button reached by keyboard shows a solid focus ring at 3:1 or more on its card`,
      async () => {
        const { page } = await gamesPage({ scheme });
        const price = page.getByTestId("game-card").locator(".odds-button:not(:disabled)").first();
        await price.waitFor();
        // Keyboard focus (not a click): Tab from the element just before it.
        await price.evaluate((el) => {
          const stop = document.createElement("button");
          stop.id = "focus-start";
          el.before(stop);
          stop.focus();
        });
        await page.keyboard.press("Tab");
        expect(await price.evaluate((el) => el === document.activeElement && el.matches(":focus-visible"))).toBe(true);
        const ring = await price.evaluate((el) => {
          const s = getComputedStyle(el);
          return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth), color: s.outlineColor };
        });
        expect(ring.style).toBe("solid");
        expect(ring.width).toBeGreaterThanOrEqual(2);
        const card = await style(page, "[data-testid='game-card']", "background-color");
        expect(await contrastIn(page, ring.color, card)).toBeGreaterThanOrEqual(3);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "kick-off times name the viewer's zone: UTC and New York agree on the moment and say which clock",
    async () => {
      const utc = await gamesPage({ timezoneId: "UTC" });
      const newYork = await gamesPage({ timezoneId: "America/New_York" });
      const kickoff = (page: Page) => page.getByTestId("game-card").first().locator("time").textContent();
      expect(await kickoff(utc.page)).toBe("Sun, Sep 13 · 5:00 PM UTC");
      expect(await kickoff(newYork.page)).toBe("Sun, Sep 13 · 1:00 PM EDT");
      const final = (page: Page) => page.getByTestId("final-card").first().locator("time").textContent();
      expect(await final(utc.page)).toBe("Fri, Sep 11 · 12:20 AM UTC");
      expect(await final(newYork.page)).toBe("Thu, Sep 10 · 8:20 PM EDT");
    },
    E2E_TIMEOUT,
  );

  test(
    "team logos: one request when the host is unreachable, logos on every card when it answers",
    async () => {
      const down = await gamesPage({ logos: "unreachable" });
      await down.page.waitForLoadState("networkidle");
      expect(down.logoRequests).toHaveLength(1);
      expect(await down.page.locator("img.team-logo").count()).toBe(0);
      expect(await down.page.locator(".team-badge").count()).toBeGreaterThanOrEqual(4);

      const up = await gamesPage({ logos: "answering" });
      await up.page.locator("img.team-logo").first().waitFor();
      await up.page.waitForLoadState("networkidle");
      expect(await up.page.locator(".game-card .team-badge").count()).toBe(0);
      expect(await up.page.locator(".game-card img.team-logo").count()).toBeGreaterThanOrEqual(4);
    },
    E2E_TIMEOUT,
  );

  test(
    "at 390 px every team's name is shown whole (no 'Buccane…'), on open and final cards",
    async () => {
      const { page } = await gamesPage({ viewport: PHONE });
      await page.getByText("Buccaneers").first().waitFor();
      const clipped = await page
        .locator(".team-name, .final-name")
        .evaluateAll((names) =>
          names.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent?.trim()),
        );
      expect(clipped).toEqual([]);
      expect(await page.locator(".team-name").allInnerTexts()).toContain("Buccaneers");
      expect(await page.locator(".team-name").allInnerTexts()).toContain("Commanders");
    },
    E2E_TIMEOUT,
  );
});
