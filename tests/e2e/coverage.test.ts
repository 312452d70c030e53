import { expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { proveAddress } from "../factories.ts";
import { call } from "../support.ts";
import { ADMIN_EMAIL, card, openPage, signUp, slip, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, PHONE } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);

test(
  "the coverage panel counts the week's games bet, and updates after placing from the slip",
  async () => {
    const { context, page } = await openPage(suite.browser, suite.server);
    await signUp(page);
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Week 1 Betting Coverage" });
    await panel.waitFor();
    expect(await panel.getByTestId("coverage-count").textContent()).toBe("0/3");
    expect(await panel.textContent()).toContain("Games Bet");
    expect(await panel.textContent()).toContain("Not eligible yet: 0 of 3 bet, 3 games left. Bet 2 more to qualify");
    await card(page, "Dallas Cowboys", "Philadelphia Eagles")
      .getByRole("button", { name: /Spread: Philadelphia Eagles/ })
      .click();
    await slip(page)
      .getByRole("button", { name: /^Place/ })
      .click();
    await page.waitForFunction(() => document.querySelector("[data-testid=coverage-count]")?.textContent === "1/3");
    expect(await panel.locator("progress").getAttribute("value")).toBe("1");
    await context.close();
  },
  E2E_TIMEOUT,
);

test(
  "visitors see no coverage panel and no performance stats",
  async () => {
    const { context, page } = await openPage(suite.browser, suite.server);
    await page.goto("/");
    await page.getByRole("heading", { name: "NFL Games" }).waitFor();
    await page.locator("[data-testid=game-card]").first().waitFor();
    expect(await page.getByRole("region", { name: /Betting Coverage/ }).count()).toBe(0);
    expect(await page.getByRole("region", { name: "Your performance" }).count()).toBe(0);
    await context.close();
  },
  E2E_TIMEOUT,
);

test(
  "performance stats appear once bets settle: 30-day ROI, units from the 50U start, win rate, streak",
  async () => {
    const { context, page } = await openPage(suite.browser, suite.server, { viewport: PHONE });
    const me = await signUp(page, newAccount("stats_fan"));
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const admin = await call(suite.server.ctx.app, "POST", "/api/register", {
      body: { email: ADMIN_EMAIL, username: "the_admin", password: "password123" },
    });
    await proveAddress(suite.server.ctx, ADMIN_EMAIL);
    for (const [gameId, selection, point] of [
      ["fake-w1-KC-BUF", "Buffalo Bills", -3.5],
      ["fake-w1-SF-SEA", "San Francisco 49ers", 3.5],
    ] as const) {
      const res = await call(suite.server.ctx.app, "POST", "/api/bets", {
        cookie,
        body: { gameId, betType: "spread", selection, odds: -110, point, units: 1 },
      });
      expect(res.status).toBe(201);
      await call(suite.server.ctx.app, "PATCH", `/api/games/${gameId}`, {
        cookie: admin.cookie!,
        body: { homeScore: 24, awayScore: 17, status: "completed" },
      });
      await settleGame(suite.server.ctx.db, suite.server.ctx.clock.now(), gameId);
    }
    await page.goto("/");
    const stats = page.getByRole("region", { name: "Your performance" });
    await stats.waitFor();
    const text = (await stats.textContent()) ?? "";
    // Won 90.91, lost 100: ROI −9.09 / 200 = −4.5%; units −0.09; win rate 50%; last result a loss.
    expect(text).toContain("ROI-4.5%Last 30 days");
    expect(text).toContain("Units Won-0.09UFrom 50U start");
    expect(text).toContain("Win Rate50.0%");
    expect(text).toContain("Streak1L");
    expect(me.id).toBeGreaterThan(0);
    await context.close();
  },
  E2E_TIMEOUT,
);
