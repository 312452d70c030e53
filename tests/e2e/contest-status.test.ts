import { expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { proveAddress } from "../factories.ts";
import { call } from "../support.ts";
import { ADMIN_EMAIL, card, openPage, signUp, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);
const THU = "fake-w1-DAL-PHI";

const statusLine = (page: Page | Locator) => page.getByTestId("contest-status");

test(
  "one contest status on Games, beside the viewer's rank and on the Contest page; it never asks for more games than remain open",
  async () => {
    const { context, page } = await openPage(suite.browser, suite.server);
    await signUp(page);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const bet = await call(suite.server.ctx.app, "POST", "/api/bets", {
      cookie,
      body: { gameId: THU, betType: "spread", selection: "Philadelphia Eagles", odds: -110, point: -3.5, units: 1 },
    });
    expect(bet.status).toBe(201);
    const admin = await call(suite.server.ctx.app, "POST", "/api/register", {
      body: { email: ADMIN_EMAIL, username: "the_admin", password: "password123" },
    });
    await proveAddress(suite.server.ctx, ADMIN_EMAIL);
    // Thursday's game is over and won: the player is #1 of week 1 with 1 of its 3 games bet, 2 still open.
    suite.server.ctx.clock.set("2026-09-11T04:00:00Z");
    await page.clock.setSystemTime(suite.server.ctx.clock.now());
    await call(suite.server.ctx.app, "PATCH", `/api/games/${THU}`, {
      cookie: admin.cookie!,
      body: { homeScore: 24, awayScore: 17, status: "completed" },
    });
    await settleGame(suite.server.ctx.db, suite.server.ctx.clock.now(), THU);

    await page.goto("/");
    const panel = page.getByRole("region", { name: "Week 1 Betting Coverage" });
    const inReach =
      "Not eligible yet: 1 of 3 bet, 2 games left. Bet 1 more to qualify for the Week 1 prize. Show the 2 games I haven't bet";
    expect(await statusLine(panel).textContent()).toBe(inReach);
    await page.getByRole("button", { name: "Show the 2 games I haven't bet" }).click();
    expect(await page.locator("[data-testid=game-card]").count()).toBe(2);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("games-section");

    // The leaderboard says the player is #1 and, in the same breath, that they cannot win yet.
    await page.goto("/leaderboard");
    await page.getByText("You are currently ranked #1 on the leaderboard.", { exact: true }).waitFor();
    expect(await statusLine(page).textContent()).toBe(inReach);
    await page.getByRole("link", { name: "Show the 2 games I haven't bet" }).click();
    await page.getByRole("heading", { name: "NFL Games" }).waitFor();
    await page.locator("[data-testid=game-card]").first().waitFor();
    expect(await page.locator("[data-testid=game-card]").count()).toBe(2);
    expect(await page.getByText("Showing 2 of 2 games").count()).toBe(1);

    // Both Sunday games have kicked off unbet: 1 more is needed and none is left.
    suite.server.ctx.clock.set("2026-09-13T20:30:00Z");
    await page.clock.setSystemTime(suite.server.ctx.clock.now());
    const outOfReach =
      "Not eligible: Week 1 can no longer be covered (1 of 3 bet, 0 games left). Week 2 opens Sun, Sep 20 · 1:00 PM EDT. Bet Week 2 games";
    for (const path of ["/leaderboard", "/contest-rules", "/"]) {
      await page.goto(path);
      await statusLine(page).first().waitFor();
      expect(await statusLine(page).first().textContent()).toBe(outOfReach);
      expect(await page.getByText(/more games? to/).count()).toBe(0);
    }
    await page.getByRole("button", { name: "Bet Week 2 games" }).click();
    await card(page, "Philadelphia Eagles", "Kansas City Chiefs").waitFor();
    await context.close();
  },
  E2E_TIMEOUT * 2,
);
