/**
 * Saves screenshots of the bet slip in parlay mode and of My Bets with a settled parlay, at desktop
 * and phone size, into ./screenshots/ (git-ignored). Run: npx bun scripts/screenshots-parlays.ts
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { settleGame } from "../src/modules/betting/settlement.ts";
import { buildUser } from "../tests/factories.ts";
import { call } from "../tests/support.ts";
import { ADMIN_EMAIL, openPage, signUp, slip, startSeasonServer } from "../tests/e2e/games-fixture.ts";
import { DESKTOP, launchBrowser, newAccount, PHONE } from "../tests/e2e/helpers.ts";

const OUT = "screenshots";

async function shoot(page: Page, name: string, size: string) {
  await page.screenshot({ path: `${OUT}/${name}-${size}.png` });
  console.log(`saved ${OUT}/${name}-${size}.png`);
}

await mkdir(OUT, { recursive: true });
const browser = await launchBrowser();
for (const [size, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  const season = await startSeasonServer();
  try {
    const { page } = await openPage(browser, season, { viewport });
    await signUp(page, newAccount(size === "desktop" ? "parlay_pete" : "parlay_paula"));
    await page.goto("/");
    await page.getByTestId("game-card").first().waitFor();
    for (const name of [
      "Spread: Philadelphia Eagles -3.5, -110",
      "Moneyline: Kansas City Chiefs ML, +150",
      "Moneyline: Seattle Seahawks ML, -175",
    ]) {
      await page.getByRole("button", { name, exact: true }).click();
      // On a phone the open slip covers the odds: close it between picks.
      if (size === "phone") await slip(page).getByRole("button", { name: "Close" }).click();
    }
    if (size === "phone")
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Slip" }).click();
    await slip(page).getByRole("group", { name: "Bet type" }).getByRole("button", { name: "Parlay" }).click();
    await slip(page)
      .getByRole("radio", { name: /^2 units/ })
      .check();
    // Checking the radio scrolled the slip down: show it from the top, the parlay's price first.
    await slip(page).evaluate((dialog) =>
      dialog.querySelectorAll("*").forEach((el) => {
        el.scrollTop = 0;
      }),
    );
    await page.waitForTimeout(300);
    await shoot(page, "slip-parlay", size);
    await slip(page).getByRole("button", { name: "Place Parlay" }).click();
    await slip(page).waitFor({ state: "hidden" });

    const admin = await buildUser(season.ctx, { email: ADMIN_EMAIL, username: "site_admin" });
    // Philadelphia covers, Kansas City and Buffalo tie (a push), Seattle's game is still to come.
    for (const [id, homeScore, awayScore] of [
      ["fake-w1-DAL-PHI", 24, 17],
      ["fake-w1-KC-BUF", 20, 20],
    ] as const) {
      await call(season.ctx.app, "PATCH", `/api/games/${id}`, {
        cookie: admin.cookie,
        body: { homeScore, awayScore, status: "completed" },
      });
      await settleGame(season.ctx.db, season.ctx.clock.now(), id);
    }
    await page.goto("/my-bets");
    await page.getByRole("article", { name: "3-leg parlay" }).waitFor();
    await page.waitForTimeout(5200); // let the placement toast go
    await shoot(page, "my-bets-parlay-pending", size);
    await call(season.ctx.app, "PATCH", `/api/games/fake-w1-SF-SEA`, {
      cookie: admin.cookie,
      body: { homeScore: 24, awayScore: 17, status: "completed" },
    });
    await settleGame(season.ctx.db, season.ctx.clock.now(), "fake-w1-SF-SEA");
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("article", { name: "3-leg parlay" }).locator(".bet-result").waitFor();
    await shoot(page, "my-bets-parlay-won", size);
    await page.context().close();
  } finally {
    await season.stop();
  }
}
await browser.close();
