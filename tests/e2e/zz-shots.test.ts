import { describe, test } from "bun:test";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { browserSuite, DESKTOP, PHONE, TABLET } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  moneyline,
  newPlayer,
  NOW,
  PHI_KC,
  placeBet,
  resolveGame,
  SF_SEA,
  spread,
  startBettingServer,
  total,
} from "./my-bets-fixtures.ts";

const suite = browserSuite(startBettingServer);
const DIR = "/tmp/shots-wt-tracker";
mkdirSync(DIR, { recursive: true });
const SIZES = { phone: PHONE, tablet: TABLET, desktop: DESKTOP } as const;

describe("shots", () => {
  test("my bets, slip, replace, cancel", async () => {
    const player = await newPlayer(suite.server);
    await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), {
      hoursAgo: 40,
      note: "Eagles off a bye",
    });
    await placeBet(suite.server, player, total(KC_BUF, "Over"), { hoursAgo: 30, units: 3 });
    await placeBet(suite.server, player, moneyline(SF_SEA, "San Francisco 49ers", 150), { hoursAgo: 20, units: 2 });
    await placeBet(suite.server, player, total(PHI_KC, "Under"), { hoursAgo: 10, note: "Wind in KC" });
    await resolveGame(suite.server, DAL_PHI, 17, 24);
    await resolveGame(suite.server, KC_BUF, 20, 17);
    await settleGame(suite.server.ctx.db, new Date("2026-09-13T21:00:00Z"), KC_BUF);
    await settleGame(suite.server.ctx.db, new Date("2026-09-13T22:00:00Z"), DAL_PHI);
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const scheme of ["light", "dark"] as const) {
        const page: Page = await suite.newPage({ viewport, signedInAs: player });
        await page.emulateMedia({ colorScheme: scheme });
        await page.clock.setFixedTime(new Date(NOW));
        await page.goto("/my-bets");
        await page.locator(".bet-card").first().waitFor();
        await page.getByRole("button", { name: /^All/ }).click();
        await page.waitForFunction(() => document.querySelectorAll(".bet-card").length >= 4);
        await page.screenshot({ path: `${DIR}/mybets-${size}-${scheme}.png` });
        await page.getByRole("button", { name: "Details of Under 45.5", exact: true }).click();
        await page.getByText("Filters & sort").click();
        await page.screenshot({ path: `${DIR}/mybets-open-${size}-${scheme}.png`, fullPage: true });
        await page.getByRole("button", { name: "Cancel bet Under 45.5" }).click();
        await page.getByRole("dialog", { name: "Cancel this bet?" }).waitFor();
        await page.screenshot({ path: `${DIR}/cancel-${size}-${scheme}.png` });
        await page.keyboard.press("Escape");

        await page.goto("/");
        await page.locator("[data-testid=game-card]").first().waitFor();
        await page.locator("select.week-select").selectOption("2");
        const game = (name: string) => page.getByRole("article", { name, exact: true });
        const slip = page.getByRole("dialog", { name: "Bet Slip" });
        const picks: [string, string][] = [
          ["Philadelphia Eagles @ Kansas City Chiefs", "O 45.5 -110, Total: Over 45.5"],
          ["Buffalo Bills @ Dallas Cowboys", "O 45.5 -110, Total: Over 45.5"],
          ["Buffalo Bills @ Dallas Cowboys", "DAL -3.5 -110, Spread: Dallas Cowboys -3.5"],
        ];
        for (const [matchup, name] of picks) {
          if (await slip.isVisible()) await page.keyboard.press("Escape");
          await slip.waitFor({ state: "hidden" });
          await game(matchup).getByRole("button", { name, exact: true }).click();
        }
        await slip.waitFor();
        await page.screenshot({ path: `${DIR}/slip3-${size}-${scheme}.png` });
        await slip.getByRole("button", { name: "Place 3 Bets" }).click();
        const dialog = page.getByRole("dialog", { name: "Replace Existing Bet?" });
        await dialog.waitFor();
        await page.screenshot({ path: `${DIR}/replace-${size}-${scheme}.png` });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await page.context().close();
      }
    }
  }, 240_000);
});
