import { test } from "bun:test";
import type { League } from "../../src/shared/contract/leagues.ts";
import { call } from "../support.ts";
import { browserSuite, DESKTOP, PHONE, TABLET, withDispatcher } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  moneyline,
  newPlayer,
  PHI_KC,
  placeBet,
  resolveGame,
  SF_SEA,
  spread,
  startBettingServer,
} from "./my-bets-fixtures.ts";

const suite = browserSuite(async () => withDispatcher(await startBettingServer(), { settle: true }));

test("screenshots", async () => {
  const boss = await newPlayer(suite.server, "boss_bea");
  const pal = await newPlayer(suite.server, "pal_pat");
  const kid = await newPlayer(suite.server, "kid_kai");
  const res = await call<League>(suite.server.ctx.app, "POST", "/api/leagues", {
    cookie: boss.cookie,
    body: {
      name: "Knob League",
      description: "",
      isPublic: true,
      createdBy: boss.user.id,
      rules: { allowedBetTypes: ["spread", "moneyline"] },
      scoring: {
        scoring: "units",
        roiMinBets: 5,
        tiebreakers: ["earliest", "roi"],
        dropWorstWeeks: 1,
        minBetsPerWeek: 1,
      },
    },
  });
  for (const m of [pal, kid])
    await call(suite.server.ctx.app, "POST", `/api/leagues/${res.body.id}/join`, {
      cookie: m.cookie,
      body: { userId: m.user.id },
    });
  await placeBet(suite.server, pal, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
  await placeBet(suite.server, boss, spread(SF_SEA, "Seattle Seahawks", -3.5));
  await placeBet(suite.server, kid, moneyline(KC_BUF, "Kansas City Chiefs", 150));
  await placeBet(suite.server, boss, spread(PHI_KC, "Kansas City Chiefs", -3.5));
  for (const game of [DAL_PHI, KC_BUF, SF_SEA, PHI_KC]) await resolveGame(suite.server, game, 17, 24);
  for (const [name, viewport] of [
    ["1280", DESKTOP],
    ["820", TABLET],
    ["390", PHONE],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      const page = await suite.newPage({ signedInAs: boss, viewport });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/leagues");
      await page.locator(".league-card", { hasText: "Knob League" }).first().click();
      const dialog = page.locator("dialog.league-details-dialog");
      await dialog.locator(".league-standings tbody tr").first().waitFor();
      await dialog.getByRole("button", { name: "Week", exact: true }).click();
      await dialog.getByRole("combobox", { name: "Week" }).selectOption("1");
      await dialog.locator(".league-scoring-text").waitFor();
      await page.waitForTimeout(300);
      await dialog.locator(".league-standings").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-wt-knobs/standings-week-${name}-${scheme}.png` });
      await dialog.getByRole("button", { name: "Season" }).click();
      await page.waitForTimeout(300);
      await dialog.locator(".league-standings").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-wt-knobs/standings-season-${name}-${scheme}.png` });
      await dialog.getByRole("button", { name: "Edit League" }).click();
      const edit = page.getByRole("dialog", { name: "Edit League Settings" });
      await edit.getByRole("group", { name: "Scoring" }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots-wt-knobs/scoring-${name}-${scheme}.png` });
      await page.close();
    }
  }
}, 120_000);
