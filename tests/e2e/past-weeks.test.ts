/**
 * Issue 18 item 6, "Tuesday looks empty": once a week is over, the Leaderboard still shows its board
 * (a week picker, weeks 1 to the current one) and its recorded winners, and the Games screen its
 * final scores instead of 'No upcoming games available…'.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { cliActor } from "../../src/modules/audit/service.ts";
import { weeklyWinners } from "../../src/modules/contest/service.ts";
import type { BuiltUser } from "../factories.ts";
import { browserSuite, E2E_TIMEOUT, PHONE } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  newPlayer,
  NOW,
  openPage,
  placeBet,
  resolveAndSettle,
  SF_SEA,
  spread,
  startStatsServer,
} from "./stats-fixtures.ts";

const suite = browserSuite(startStatsServer);
let alice: BuiltUser;
let bob: BuiltUser;

beforeAll(async () => {
  alice = await newPlayer(suite.server, "alice");
  bob = await newPlayer(suite.server, "bob");
  // Week 1 (three games): alice covers two and wins both; bob wins one and loses one.
  await placeBet(suite.server, alice, spread(DAL_PHI, "Philadelphia Eagles", -3.5)); // +90.91
  await placeBet(suite.server, alice, spread(KC_BUF, "Buffalo Bills", -3.5)); // +90.91
  await placeBet(suite.server, bob, spread(DAL_PHI, "Dallas Cowboys", 3.5)); // −100
  await placeBet(suite.server, bob, spread(KC_BUF, "Buffalo Bills", -3.5)); // +90.91
  await resolveAndSettle(suite.server, DAL_PHI, { away: 17, home: 24 }, "2026-09-11T04:00:00Z");
  await resolveAndSettle(suite.server, KC_BUF, { away: 10, home: 28 }, "2026-09-14T01:00:00Z");
  await resolveAndSettle(suite.server, SF_SEA, { away: 20, home: 13 }, "2026-09-14T04:00:00Z");
  // Every week-1 game is final: week 2 is the current week. The operator records week 1's winners.
  await weeklyWinners(suite.server.ctx.db, new Date(NOW), { week: 1, adminEmails: [], actor: cliActor });
}, E2E_TIMEOUT);

const title = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

describe("past weeks", () => {
  test(
    "the Leaderboard picks any week up to the current one, and shows the recorded winners",
    async () => {
      const { page } = await openPage(suite.browser, suite.server, bob);
      await page.goto("/leaderboard");
      await title(page, "Week 2 Leaderboard").waitFor();
      await page
        .getByText("No settled bets for Week 2 yet. Place your bets and check back after games complete!", {
          exact: true,
        })
        .waitFor();
      const picker = page.getByLabel("Week", { exact: true });
      expect(await picker.locator("option").allTextContents()).toEqual(["Week 1", "Week 2 (Current)"]);

      const winners = page.getByRole("region", { name: "Week 1 Winners" });
      await winners.waitFor();
      expect(
        await winners.getByRole("img").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label"))),
      ).toEqual(["Gold trophy, 1st place", "Silver medal, 2nd place"]);
      expect(await winners.locator(".winner-name").allTextContents()).toEqual(["alice", "bob"]);
      expect(await winners.locator(".winner-figures").allTextContents()).toEqual([
        "+1.82U · +90.9% ROI",
        "-0.09U · -4.5% ROI",
      ]);

      await picker.selectOption("1");
      await title(page, "Week 1 Leaderboard").waitFor();
      await page.getByText("You are currently ranked #2 on the leaderboard.", { exact: true }).waitFor();
      expect(await page.locator(".board-row .board-name").allTextContents()).toEqual(["alice", "You (bob)"]);
      // The week on screen has its winners: no link to itself.
      expect(await winners.getByRole("button").count()).toBe(0);

      // 'This Week' is the current week again.
      await page.getByRole("group", { name: "Leaderboard" }).getByRole("button", { name: "This Week" }).click();
      await title(page, "Week 2 Leaderboard").waitFor();
      await page.getByRole("button", { name: "See Week 1", exact: true }).click();
      await title(page, "Week 1 Leaderboard").waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "Games for a past week shows its final scores read-only, with how the player's bets ended",
    async () => {
      for (const viewport of [undefined, PHONE]) {
        const { page } = await openPage(suite.browser, suite.server, bob, { viewport });
        await page.goto("/");
        await page.getByRole("heading", { level: 1, name: "NFL Games" }).waitFor();
        await page.getByLabel("Week", { exact: true }).selectOption("1");
        const finals = page.getByRole("region", { name: "Week 1 Final Scores" });
        await finals.waitFor();
        expect(await page.getByText(/No upcoming games available/).count()).toBe(0);
        expect(await page.locator("[data-testid=game-card]").count()).toBe(0);
        expect(await finals.getByTestId("final-card").count()).toBe(3);
        // Read-only: no price to pick; each card's only button opens its line movement.
        const buttons = await finals.getByRole("button").evaluateAll((els) => els.map((el) => el.textContent));
        expect(buttons).toEqual(["Line movement", "Line movement", "Line movement"]);

        const eagles = finals.getByRole("article", { name: "Final: Dallas Cowboys @ Philadelphia Eagles" });
        expect(await eagles.locator(".final-team").allInnerTexts()).toEqual([
          expect.stringMatching(/Dallas Cowboys\s*17$/),
          expect.stringMatching(/Philadelphia Eagles\s*24$/),
        ]);
        expect(await eagles.locator(".final-winner .final-name").textContent()).toBe("Philadelphia Eagles");
        // Settled bets say how they ended (issue 18 item 13), not what they were to win.
        expect(await eagles.locator(".your-bet").innerText()).toBe(
          "YOUR BET\nDallas Cowboys +3.5\n-110 · 1 unit · LOST −$100.00",
        );
        const bills = finals.getByRole("article", { name: "Final: Kansas City Chiefs @ Buffalo Bills" });
        expect(await bills.locator(".your-bet-outcome").textContent()).toBe("WON +$90.91");
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "the current week lists its open games, then no final scores until one ends",
    async () => {
      const { page } = await openPage(suite.browser, suite.server, null);
      await page.goto("/");
      await page.locator("[data-testid=game-card]").first().waitFor();
      expect(await page.getByRole("heading", { level: 1, name: "NFL Games" }).count()).toBe(1);
      expect(await page.getByLabel("Week", { exact: true }).inputValue()).toBe("2");
      expect(await page.getByRole("region", { name: /Final Scores/ }).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});
