import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { LeaderboardEntry } from "../../src/shared/contract/stats.ts";
import type { BuiltUser } from "../factories.ts";
import { browserSuite, E2E_TIMEOUT, PHONE, screenshot, TABLET } from "./helpers.ts";
import {
  BUF_DAL,
  DAL_PHI,
  KC_BUF,
  newPlayer,
  openPage,
  PHI_KC,
  placeBet,
  resolveAndSettle,
  spread,
  startStatsServer,
  type OpenOptions,
} from "./stats-fixtures.ts";

const suite = browserSuite(startStatsServer);
const players: Record<string, BuiltUser> = {};

beforeAll(async () => {
  for (const name of ["alice", "bob", "dave", "erin", "frank"]) players[name] = await newPlayer(suite.server, name);
  players.carol_bot = await newPlayer(suite.server, "carol_bot", { isBot: true });
}, E2E_TIMEOUT);

async function open(player: BuiltUser | null, opts: OpenOptions = {}): Promise<Page> {
  return (await openPage(suite.browser, suite.server, player, opts)).page;
}

const title = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const toggle = (page: Page, name: "This Week" | "Overall") =>
  page.getByRole("group", { name: "Leaderboard" }).getByRole("button", { name, exact: true });

/** The board's rows as the eye reads them: rank, award, name, BOT, ROI, units, win rate, streak, bets; and which row is highlighted. */
function rows(page: Page) {
  return page.locator(".board-table tbody tr.board-row").evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.children].map((cell) => cell.textContent!.trim());
      return [
        tr.querySelector(".rank-number")!.textContent,
        tr.querySelector(".rank-award")?.getAttribute("aria-label") ?? "",
        tr.querySelector(".board-avatar")!.textContent,
        tr.querySelector(".board-name")!.textContent,
        tr.querySelector(".bot-tag") ? "BOT" : "",
        ...cells.slice(2),
        tr.getAttribute("aria-current") === "true" ? "highlighted" : "",
      ].join(" | ");
    }),
  );
}

const columns = (page: Page) => page.locator(".board-table thead th").allTextContents();

describe("Leaderboard", () => {
  test(
    "before any bet settles: the week's title and both empty texts, with This Week first",
    async () => {
      const page = await open(null);
      await page.goto("/leaderboard");
      await title(page, "Week 1 Leaderboard").waitFor();
      expect(await toggle(page, "This Week").getAttribute("aria-pressed")).toBe("true");
      expect(await toggle(page, "Overall").getAttribute("aria-pressed")).toBe("false");
      await page
        .getByText("No settled bets for Week 1 yet. Place your bets and check back after games complete!", {
          exact: true,
        })
        .waitFor();
      expect(await page.locator(".board-table").count()).toBe(0);

      await toggle(page, "Overall").click();
      await title(page, "Overall Leaderboard").waitFor();
      expect(await toggle(page, "Overall").getAttribute("aria-pressed")).toBe("true");
      await page.getByText("No leaderboard data available yet.", { exact: true }).waitFor();
      expect(await page.title()).toBe("Overall Leaderboard · NFL Paper Trading");
    },
    E2E_TIMEOUT,
  );

  test(
    "this week: ranked rows with medals, a shared rank, the bot labelled and the viewer highlighted",
    async () => {
      const { alice, bob, carol_bot, dave, erin, frank } = players as Record<string, BuiltUser>;
      // Week 1: Philadelphia beat Dallas by 7, Buffalo beat Kansas City by 18 (home −3.5 covers both).
      await placeBet(suite.server, alice!, spread(DAL_PHI, "Philadelphia Eagles", -3.5), 3); // +272.73
      await placeBet(suite.server, alice!, spread(KC_BUF, "Buffalo Bills", -3.5)); // +90.91
      await placeBet(suite.server, bob!, spread(DAL_PHI, "Dallas Cowboys", 3.5)); // −100
      await placeBet(suite.server, bob!, spread(KC_BUF, "Buffalo Bills", -3.5)); // +90.91
      await placeBet(suite.server, carol_bot!, spread(DAL_PHI, "Philadelphia Eagles", -3.5), 3); // +272.73
      await placeBet(suite.server, carol_bot!, spread(KC_BUF, "Kansas City Chiefs", 3.5)); // −100
      await placeBet(suite.server, dave!, spread(DAL_PHI, "Philadelphia Eagles", -3.5)); // +90.91
      await placeBet(suite.server, erin!, spread(DAL_PHI, "Philadelphia Eagles", -3.5)); // +90.91: ties dave
      // Week 2, for the overall board only: Kansas City and Dallas cover at home.
      await placeBet(suite.server, bob!, spread(BUF_DAL, "Dallas Cowboys", -3.5), 3); // +272.73
      await placeBet(suite.server, frank!, spread(PHI_KC, "Kansas City Chiefs", -3.5), 2); // +181.82
      await resolveAndSettle(suite.server, DAL_PHI, { away: 17, home: 24 }, "2026-09-11T04:00:00Z");
      await resolveAndSettle(suite.server, KC_BUF, { away: 10, home: 28 }, "2026-09-14T01:00:00Z");
      await resolveAndSettle(suite.server, PHI_KC, { away: 13, home: 27 }, "2026-09-21T01:00:00Z");
      await resolveAndSettle(suite.server, BUF_DAL, { away: 20, home: 27 }, "2026-09-21T03:00:00Z");

      const page = await open(dave!);
      await page.goto("/leaderboard");
      // San Francisco @ Seattle is still to play, so week 1 is still the current week.
      await title(page, "Week 1 Leaderboard").waitFor();
      await page.locator(".board-row").first().waitFor();
      expect(await columns(page)).toEqual(["Rank", "User", "ROI", "Units Won", "Win Rate", "Streak", "Bets"]);
      // Medals go by prize place: only players who can win the week (2 of its 3 games bet, not a bot)
      // hold one, marked ✓; carol_bot ranks 2nd but never wins, dave and erin bet 1 game of 3.
      expect(await rows(page)).toEqual([
        "1 | Gold trophy, 1st place | AL | alice |  | +90.9% | +3.64U | 100.0% | 2W | 2 | ",
        "2 |  | CA | carol_bot | BOT | +43.2% | +1.73U | 50.0% | 1L | 2 | ",
        "3 |  | DA | You (dave) |  | +90.9% | +0.91U | 100.0% | 1W | 1 | highlighted",
        "3 |  | ER | erin |  | +90.9% | +0.91U | 100.0% | 1W | 1 | ",
        // The streak is the player's current one (the server's choice): bob's week-2 win extends it.
        "5 | Silver medal, 2nd place | BO | bob |  | -4.5% | -0.09U | 50.0% | 2W | 2 | ",
      ]);
      expect(
        await page
          .locator(".board-table .board-row")
          .filter({ has: page.locator(".eligible-tag") })
          .locator(".board-name")
          .allTextContents(),
      ).toEqual(["alice", "bob"]);
      await page.getByText("You are currently ranked #3 on the leaderboard.", { exact: true }).waitFor();
      expect(await page.getByTestId("contest-status").textContent()).toStartWith(
        "Not eligible yet: 1 of 3 bet, 1 game left.",
      );
      expect(await page.getByRole("img", { name: "Bronze medal, 3rd place" }).count()).toBe(0);
      expect(await page.locator(".board-row-viewer").count()).toBe(1);
      expect(await page.getByRole("rowheader", { name: /carol_bot/ }).textContent()).toContain("BOT");

      await toggle(page, "Overall").click();
      await title(page, "Overall Leaderboard").waitFor();
      await page.getByText("You are currently ranked #5 on the leaderboard.", { exact: true }).waitFor();
      expect(await rows(page)).toEqual([
        "1 | Gold trophy, 1st place | AL | alice |  | +90.9% | +3.64U | 100.0% | 2W | 2 | ",
        "2 | Silver medal, 2nd place | BO | bob |  | +52.7% | +2.64U | 66.7% | 2W | 3 | ",
        "3 | Bronze medal, 3rd place | FR | frank |  | +90.9% | +1.82U | 100.0% | 1W | 1 | ",
        "4 |  | CA | carol_bot | BOT | +43.2% | +1.73U | 50.0% | 1L | 2 | ",
        "5 |  | DA | You (dave) |  | +90.9% | +0.91U | 100.0% | 1W | 1 | highlighted",
        "5 |  | ER | erin |  | +90.9% | +0.91U | 100.0% | 1W | 1 | ",
      ]);

      await toggle(page, "This Week").click();
      await title(page, "Week 1 Leaderboard").waitFor();
      await page.getByText("You are currently ranked #3 on the leaderboard.", { exact: true }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "a visitor sees the board with nobody highlighted and no ranking sentence",
    async () => {
      const page = await open(null);
      await page.goto("/leaderboard");
      await page.locator(".board-row").first().waitFor();
      expect(await page.locator(".board-row").count()).toBe(5);
      expect(await page.locator(".board-row-viewer").count()).toBe(0);
      expect(await page.getByText(/You are currently ranked/).count()).toBe(0);
      expect(await page.getByText(/^You \(/).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  for (const [viewport, scheme] of [
    [PHONE, "light"],
    [PHONE, "dark"],
    [TABLET, "light"],
    [TABLET, "dark"],
  ] as const) {
    test(
      `at ${viewport.width}, ${scheme}: no column is clipped — every one in the frame, whole, without scrolling sideways (issue 46 item 8)`,
      async () => {
        const page = await open(players.dave!, { viewport });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto("/leaderboard");
        await page.locator(".board-row").first().waitFor();
        await screenshot(page, `leaderboard-${viewport.width}-${scheme}`);
        const frame = page.locator(".board-scroll").first();
        const clipped = await frame.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return (
            [...el.querySelectorAll("th, td")]
              // A phone's last three cells are read out, not drawn (their figures are under the name).
              .filter((cell) => cell.getBoundingClientRect().width > 1)
              .filter((cell) => {
                const c = cell.getBoundingClientRect();
                return c.left < box.left - 0.5 || c.right > box.right + 0.5 || cell.scrollWidth > cell.clientWidth + 1;
              })
              .map((cell) => cell.textContent?.trim())
          );
        });
        expect(clipped).toEqual([]);
        expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        // Every figure is drawn: on a phone the last three under the name.
        const bot = page.getByRole("row", { name: /carol_bot/ });
        expect(await bot.evaluate((row) => (row as HTMLElement).innerText.replace(/\s+/g, " "))).toContain(
          viewport === PHONE ? "+43.2% +1.73U" : "+43.2% +1.73U 50.0% 1L 2",
        );
        if (viewport === PHONE) expect(await bot.locator(".board-more").innerText()).toBe("Win 50.0% · 1L · 2 bets");
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "a player who has not bet sees the board without a ranking sentence",
    async () => {
      const page = await open(await newPlayer(suite.server, "zed"));
      await page.goto("/leaderboard");
      await page.locator(".board-row").first().waitFor();
      expect(await page.getByText(/You are currently ranked/).count()).toBe(0);
      expect(await page.locator(".board-row-viewer").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "the viewer's own row from beyond the top 100 comes after a gap, with its rank in the sentence",
    async () => {
      const dave = players.dave!;
      const entry = (rank: number, userId: number, username: string): LeaderboardEntry => ({
        rank,
        userId,
        username,
        isBot: false,
        roi: 10,
        unitsWon: "1.00",
        winRate: 50,
        streak: { type: "win", count: 0 },
        totalBets: 2,
      });
      const page = await open(dave);
      await page.route("**/api/leaderboard/week/*", (route) =>
        route.fulfill({
          json: [
            entry(1, 9001, "top_dog"),
            entry(100, 9002, "hundredth"),
            { ...entry(150, dave.user.id, "dave"), unitsWon: "-2.50", roi: -41.66 },
          ],
        }),
      );
      // Reached from another screen: the board is asked for then (the page's first screen would carry the real one).
      await page.goto("/contest-rules");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
      await page.getByText("You are currently ranked #150 on the leaderboard.", { exact: true }).waitFor();
      expect(await page.locator(".board-gap").count()).toBe(1);
      expect(await rows(page)).toEqual([
        "1 | Gold trophy, 1st place | TO | top_dog |  | +10.0% | +1.00U | 50.0% | –No streak | 2 | ",
        "100 |  | HU | hundredth |  | +10.0% | +1.00U | 50.0% | –No streak | 2 | ",
        "150 |  | DA | You (dave) |  | -41.7% | -2.50U | 50.0% | –No streak | 2 | highlighted",
      ]);
    },
    E2E_TIMEOUT,
  );

  test(
    "on a phone the board fits its frame: no sideways scroll; the last three columns under the name, their cells still read out (issue 46 item 8)",
    async () => {
      const page = await open(players.dave!, { viewport: PHONE });
      await page.goto("/leaderboard");
      await page.locator(".board-row").first().waitFor();
      const pageOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(pageOverflow).toBe(0);
      const frame = page.locator(".board-scroll");
      const [scrollWidth, clientWidth] = await frame.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      // The table keeps its seven columns for a screen reader: the row's cells, headers and all.
      expect(await columns(page)).toEqual(["Rank", "User", "ROI", "Units Won", "Win Rate", "Streak", "Bets"]);
      const viewer = page.locator(".board-row-viewer");
      expect(await viewer.locator("td").allTextContents()).toEqual(["3", "+90.9%", "+0.91U", "100.0%", "1W", "1"]);
      expect(await viewer.locator(".board-more").innerText()).toBe("Win 100.0% · 1W · 1 bet");
    },
    E2E_TIMEOUT,
  );
});
