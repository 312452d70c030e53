import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { FakeProvider } from "../fake-provider.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, startServer } from "./helpers.ts";

/** The Wednesday before the fake season's week 1 (3 games; week 2 has 2). */
const BEFORE_WEEK_1 = "2026-09-09T12:00:00Z";

const suite = browserSuite(() => startServer({ now: BEFORE_WEEK_1, env: { ADMIN_EMAILS: "admin@example.com" } }), {
  serverPerTest: true,
});

/** The test's server with the fake season's games unless `games` is false; and a visitor's page on /contest-rules. */
async function rulesPage(opts: { games?: boolean; provider?: FakeProvider } = {}): Promise<Page> {
  const { server } = suite;
  if (opts.games !== false) await syncGames(server.ctx.db, opts.provider ?? new FakeProvider(), server.ctx.clock.now());
  const page = await suite.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto("/contest-rules");
  await page.getByRole("heading", { level: 1, name: "Contest Rules" }).waitFor();
  return page;
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const weekLine = (page: Page) => page.getByTestId("week-eligibility");

/** Waits until the live requirement has loaded and returns it. */
async function weekText(page: Page): Promise<string> {
  await weekLine(page).and(page.locator('[aria-busy="false"]')).waitFor();
  return (await weekLine(page).textContent())!;
}

describe("contest rules", () => {
  test(
    "has the four sections stating every rule of the contest, and this week's real requirement",
    async () => {
      const page = await rulesPage();
      expect(await page.title()).toBe("Contest Rules · NFL Paper Trading");
      expect(await page.locator("main section[aria-labelledby] h2").allTextContents()).toEqual([
        "Weekly Prizes",
        "How it Works",
        "Eligibility & Rules",
        "Free to Play",
        "Disclaimer",
      ]);

      const free = (await section(page, "Free to Play").textContent())!;
      for (const rule of ["Free to play.", "No purchase necessary.", "Play money only."]) expect(free).toContain(rule);

      const rules = (await section(page, "Eligibility & Rules").textContent())!;
      for (const rule of [
        "You must be 18 or older.",
        "One account per person.",
        "Bet on all NFL games of the week except one (the week's games minus 1, e.g. 14 of 15). With a single game in the week there is no requirement.",
        "Your account must exist before the week's first kick-off.",
        "Winners are decided by the week's total leaderboard ranking: units won on individual bets, with ties broken by ROI, then by number of bets.",
        "The top 3 users of each week each win a $20 gift card from a large online retailer, awarded electronically within 7 days.",
        "Bots (automated players, marked BOT on the leaderboard) and site admins can't win.",
      ]) {
        expect(rules).toContain(rule);
      }
      expect((await section(page, "Disclaimer").textContent())!).toContain(
        "large online retailer that is not affiliated with this contest",
      );
      expect(await section(page, "How it Works").locator("h3").allTextContents()).toEqual([
        "Create a free account",
        "Make your picks",
        "Climb the leaderboard",
        "Win a gift card",
      ]);

      // Week 1 of the fake season has 3 games.
      expect(await weekText(page)).toBe("Week 1 has 3 games: bet on at least 2 to be eligible.");
    },
    E2E_TIMEOUT,
  );

  test(
    "the requirement follows the server's current week: 2 games need 1 bet, a single game needs none",
    async () => {
      const provider = new FakeProvider();
      const page = await rulesPage({ provider });
      // Monday after week 1: its games are over, so week 2 (2 games) is current.
      suite.server.ctx.clock.set("2026-09-15T12:00:00Z");
      await page.reload();
      expect(await weekText(page)).toBe("Week 2 has 2 games: bet on at least 1 to be eligible.");

      // A week 2 with one game only.
      await suite.restartServer();
      const oneGame = new FakeProvider();
      oneGame.games.splice(4, 1);
      expect(oneGame.games.filter((g) => g.week === 2)).toHaveLength(1);
      const single = await rulesPage({ provider: oneGame });
      suite.server.ctx.clock.set("2026-09-15T12:00:00Z");
      await single.reload();
      expect(await weekText(single)).toBe("Week 2 has 1 game: no minimum number of bets to be eligible.");
    },
    E2E_TIMEOUT,
  );

  test(
    "with no games scheduled it says so",
    async () => {
      const page = await rulesPage({ games: false });
      expect(await weekText(page)).toBe("No games scheduled for this week");
    },
    E2E_TIMEOUT,
  );

  test(
    "'Start Making Picks' asks a visitor to 'Create an Account to Compete': Cancel closes, Create Account opens /auth to register",
    async () => {
      const page = await rulesPage();
      const dialog = page.getByRole("dialog", { name: "Create an Account to Compete" });
      expect(await dialog.isVisible()).toBe(false);

      await page.getByRole("button", { name: "Start Making Picks" }).click();
      await dialog.waitFor();
      expect(await dialog.getByRole("button", { name: "Cancel" }).isVisible()).toBe(true);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(new URL(page.url()).pathname).toBe("/contest-rules");

      await page.getByRole("button", { name: "Start Making Picks" }).click();
      await dialog.getByRole("link", { name: "Create Account" }).click();
      await page.waitForURL((url) => url.pathname === "/auth");
      await page.getByRole("heading", { level: 1, name: "Create Account" }).waitFor();
      expect(await dialog.count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "'Start Making Picks' takes a signed-in player straight to the games",
    async () => {
      const page = await rulesPage();
      const account = newAccount();
      const registered = await page.request.post("/api/register", { data: { ...account, website: "" } });
      expect(registered.status()).toBe(201);
      await page.reload();
      await page.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();

      await page.getByRole("button", { name: "Start Making Picks" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await page.getByRole("dialog", { name: "Create an Account to Compete" }).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});
