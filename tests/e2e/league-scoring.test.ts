/** Commissioner scoring knobs in Edit League, and the league's Season/Week standings picker (issue 28 item 3). */
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import type { League } from "../../src/shared/contract/leagues.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, withDispatcher } from "./helpers.ts";
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

const suite = browserSuite(async () => withDispatcher(await startBettingServer(), { settle: true }), {
  serverPerTest: true,
});

async function league(admin: BuiltUser, members: BuiltUser[], name: string): Promise<League> {
  const res = await call<League>(suite.server.ctx.app, "POST", "/api/leagues", {
    cookie: admin.cookie,
    body: {
      name,
      description: "",
      isPublic: true,
      createdBy: admin.user.id,
      rules: { allowedBetTypes: ["spread", "moneyline"] },
    },
  });
  expect(res.status).toBe(201);
  for (const member of members) {
    const joined = await call(suite.server.ctx.app, "POST", `/api/leagues/${res.body.id}/join`, {
      cookie: member.cookie,
      body: { userId: member.user.id },
    });
    expect(joined.status).toBe(200);
  }
  return res.body;
}

async function openLeague(player: BuiltUser, name: string): Promise<{ page: Page; dialog: Locator }> {
  const page = await suite.newPage({ signedInAs: player });
  page.setDefaultTimeout(8000);
  await page.goto("/leagues");
  await page.locator(".league-card", { hasText: name }).first().click();
  const dialog = page.locator("dialog.league-details-dialog");
  await dialog.getByRole("heading", { level: 2, name }).waitFor();
  return { page, dialog };
}

const tableOf = (dialog: Locator) =>
  dialog
    .locator(".league-standings tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

describe("commissioner scoring knobs (issue 28 item 3)", () => {
  test(
    "the commissioner sets the scoring in Edit League by keyboard; the standings rank by it",
    async () => {
      const boss = await newPlayer(suite.server, "boss_bea");
      const pal = await newPlayer(suite.server, "pal_pat");
      const created = await league(boss, [pal], "Knob League");
      // Week 1: pal wins two spreads (+1.82, 2 won); boss wins a moneyline and loses a spread (−0.43, 1 won).
      await placeBet(suite.server, pal, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
      await placeBet(suite.server, pal, spread(SF_SEA, "Seattle Seahawks", -3.5));
      await placeBet(suite.server, boss, moneyline(KC_BUF, "Buffalo Bills", -175));
      await placeBet(suite.server, boss, spread(DAL_PHI, "Dallas Cowboys", 3.5));
      for (const game of [DAL_PHI, KC_BUF, SF_SEA]) await resolveGame(suite.server, game, 17, 24);

      const { page, dialog } = await openLeague(boss, "Knob League");
      await dialog.getByRole("cell", { name: "+1.82U" }).waitFor();
      expect(await dialog.locator(".league-scoring-text").textContent()).toBe(
        "Ranked by units won, then ROI, then more bets; ties share a rank.",
      );

      await dialog.getByRole("button", { name: "Edit League" }).click();
      const edit = page.getByRole("dialog", { name: "Edit League Settings" });
      await edit.waitFor();
      const scoring = edit.getByRole("group", { name: "Scoring" });
      // Rank by: a native select, changed from the keyboard.
      await scoring.getByLabel("Rank by").focus();
      await page.keyboard.press("ArrowDown"); // Units won → ROI
      await page.keyboard.press("ArrowDown"); // ROI → Wins
      expect(await scoring.getByLabel("Rank by").inputValue()).toBe("wins");
      // Tiebreakers: More bets moves above ROI; the focus stays with it.
      await scoring.getByRole("button", { name: "Move More bets up" }).focus();
      await page.keyboard.press("Enter");
      expect(await scoring.locator("ol li > span:first-child").allTextContents()).toEqual(["More bets", "ROI"]);
      expect(await focusedId(page)).toMatch(/tiebreaker-moreBets-down$/); // "up" is disabled at the top
      // Remove More bets; the focus goes to the tiebreaker picker, where Fewer bets is added.
      await scoring.getByRole("button", { name: "Remove More bets" }).focus();
      await page.keyboard.press("Enter");
      expect(await focusedId(page)).toMatch(/tiebreaker-add$/);
      await scoring.getByLabel("Tiebreaker to add").selectOption("fewerBets");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter"); // Add tiebreaker
      expect(await scoring.locator("ol li > span:first-child").allTextContents()).toEqual(["ROI", "Fewer bets"]);
      await scoring.getByLabel("Drop worst weeks").fill("20");
      await scoring.getByLabel("Minimum bets per week").fill("1");

      // A number out of range is refused in the form, naming the field, before anything is sent.
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await scoring.getByRole("alert").getByText("Drop worst weeks must be a whole number from 0 to 17").waitFor();
      await scoring.getByLabel("Drop worst weeks").fill("1");
      const request = page.waitForRequest((r) => r.method() === "PUT");
      await edit.getByRole("button", { name: "Save Changes" }).focus();
      await page.keyboard.press("Enter");
      expect((await request).postDataJSON().scoring).toEqual({
        scoring: "wins",
        roiMinBets: 5,
        tiebreakers: ["roi", "fewerBets"],
        dropWorstWeeks: 1,
        minBetsPerWeek: 1,
      });
      await edit.waitFor({ state: "hidden" });

      // The standings follow: ranked by wins, the Wins column first.
      await dialog.locator(".league-scoring-text", { hasText: "Ranked by wins" }).waitFor();
      expect(await dialog.locator(".league-scoring-text").textContent()).toBe(
        "Ranked by wins, then ROI, then fewer bets; ties share a rank. Each member's worst week will be left out once more than 1 week is played (1 so far). At least 1 settled bet a week to rank that week.",
      );
      expect(await dialog.locator(".league-standings thead th").allTextContents()).toEqual([
        "Rank",
        "Player",
        "Wins",
        "Can Reach",
        "Units Won",
        "Bets",
        "In Play",
        "Win Rate",
        "ROI",
      ]);
      expect(await tableOf(dialog)).toEqual([
        ["1", "pal_pat", "2", "2 W", "+1.82U", "2", "0", "100.0%", "+90.9%"],
        ["2", "boss_bea", "1", "1 W", "-0.43U", "2", "0", "50.0%", "-21.4%"],
      ]);
      const reopened = (
        await call<League>(suite.server.ctx.app, "GET", `/api/leagues/${created.id}`, { cookie: boss.cookie })
      ).body;
      expect(reopened.scoring.tiebreakers).toEqual(["roi", "fewerBets"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the week picker shows a week's standings, and Season every week's",
    async () => {
      const boss = await newPlayer(suite.server, "boss_bea");
      const pal = await newPlayer(suite.server, "pal_pat");
      await league(boss, [pal], "Week League");
      // Week 1: pal +0.91, boss −1.00. Week 2 (the current week once week 1 is over): boss +0.91.
      await placeBet(suite.server, pal, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
      await placeBet(suite.server, boss, spread(KC_BUF, "Kansas City Chiefs", 3.5));
      await placeBet(suite.server, boss, spread(PHI_KC, "Kansas City Chiefs", -3.5));
      for (const game of [DAL_PHI, KC_BUF, SF_SEA, PHI_KC]) await resolveGame(suite.server, game, 17, 24);

      const { page, dialog } = await openLeague(pal, "Week League");
      await dialog.getByRole("cell", { name: "-0.09U" }).waitFor();
      expect(await tableOf(dialog)).toEqual([
        ["1", "pal_pat", "+0.91U", "1", "0", "100.0%", "+90.9%"],
        ["2", "boss_bea", "-0.09U", "2", "0", "50.0%", "-4.5%"],
      ]);

      const period = dialog.getByRole("group", { name: "Standings period" });
      await period.getByRole("button", { name: "Week" }).focus();
      await page.keyboard.press("Enter");
      const week = dialog.getByRole("combobox", { name: "Week" });
      await week.waitFor();
      expect(await week.inputValue()).toBe("2");
      await dialog.getByRole("cell", { name: "+0.91U" }).waitFor();
      expect(await tableOf(dialog)).toEqual([
        ["1", "boss_bea", "+0.91U", "1", "0", "100.0%", "+90.9%"],
        ["2", "pal_pat", "0.00U", "0", "0", "0.0%", "0.0%"],
      ]);
      expect(await week.locator("option").allTextContents()).toEqual(["Week 1", "Week 2 (Current)"]);

      await week.focus();
      await page.keyboard.press("ArrowUp"); // Week 1
      await dialog.getByRole("cell", { name: "-1.00U" }).waitFor();
      expect(await tableOf(dialog)).toEqual([
        ["1", "pal_pat", "+0.91U", "1", "0", "100.0%", "+90.9%"],
        ["2", "boss_bea", "-1.00U", "1", "0", "0.0%", "-100.0%"],
      ]);

      await period.getByRole("button", { name: "Season" }).click();
      await dialog.getByRole("cell", { name: "-0.09U" }).waitFor();
      expect(await week.count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});
