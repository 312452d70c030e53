/**
 * The pick sheet (issue 45), in a real browser: reached from the league's details ("Make your
 * picks"), filled by keyboard alone at 390 and 1280, light and dark — sides by arrow keys, confidence
 * points by number (a taken number swaps, so no duplicates are possible) or by dragging, the
 * tiebreaker, one Save; locked games show as locked and the members' picks appear once they lock;
 * a survivor's used team cannot be taken; the pool's standings show in the league's dialog.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { gradeGame } from "../../src/modules/pools/service.ts";
import { buildLeague, type BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, PHONE, screenshot, toastLocator } from "./helpers.ts";
import { DAL_PHI, KC_BUF, newPlayer, SF_SEA, startBettingServer } from "./my-bets-fixtures.ts";

const suite = browserSuite(() => startBettingServer(), { serverPerTest: true });

async function pool(
  owner: BuiltUser,
  members: BuiltUser[],
  format: "pickem" | "confidence" | "survivor",
  options = {},
) {
  return buildLeague(suite.server.ctx, owner, {
    name: format === "survivor" ? "Office Survivor" : "Office Pool",
    isPublic: false,
    format,
    pool: options as never,
    members,
  });
}

const sheetOf = async (who: BuiltUser, leagueId: number) =>
  (await call(suite.server.ctx.app, "GET", `/api/leagues/${leagueId}/pool/1`, { cookie: who.cookie })).body;

/** Presses Tab until the focused element matches, at most `max` times. */
async function tabTo(
  page: Page,
  matches: (el: { tag: string; name: string; text: string; type: string }) => boolean,
  max = 60,
) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLInputElement | null;
      return {
        tag: a?.tagName.toLowerCase() ?? "",
        name: a?.getAttribute("aria-label") ?? a?.name ?? "",
        text: (a?.closest("label")?.textContent ?? a?.textContent ?? "").trim(),
        type: a?.type ?? "",
      };
    });
    if (matches(el)) return;
  }
  throw new Error("tabTo: never reached the element");
}

describe("the pick sheet", () => {
  for (const [viewport, scheme] of [
    [DESKTOP, "light"],
    [PHONE, "dark"],
    [PHONE, "light"],
    [DESKTOP, "dark"],
  ] as const) {
    test(
      `a confidence sheet by keyboard alone from the league's details, at ${viewport.width} px, ${scheme}`,
      async () => {
        const commish = await newPlayer(suite.server, "commish");
        const me = await newPlayer(suite.server, "keyboard_kim");
        const league = await pool(commish, [me], "confidence");
        const page = await suite.newPage({ signedInAs: me, viewport });
        await page.emulateMedia({ colorScheme: scheme });
        page.setDefaultTimeout(8000);
        await page.goto(`/leagues?league=${league.id}`);
        const dialog = page.locator("dialog.league-details-dialog");
        await dialog.getByRole("link", { name: "Make your picks" }).waitFor();
        await dialog.getByRole("link", { name: "Make your picks" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(`**/leagues/${league.id}/pool`);
        await page.getByRole("heading", { name: "Office Pool", level: 1 }).waitFor();
        await page.getByText("You still need 3 picks").waitFor();
        await screenshot(page, `pool-sheet-empty-${viewport.width}-${scheme}`);

        // Thursday's game: Tab to its first side (Dallas), the arrow key takes Philadelphia; its points
        // are the highest still free (3). Tab on to each game: Space takes the focused side.
        await tabTo(page, (el) => el.type === "radio");
        await page.keyboard.press("ArrowRight");
        await page.getByText("You still need 2 picks").waitFor();
        expect(await page.getByRole("radio", { name: /Philadelphia Eagles/ }).isChecked()).toBe(true);
        await page.keyboard.press("Tab"); // its points
        await page.keyboard.press("Tab"); // Kansas City @ Buffalo: Kansas City
        await page.keyboard.press("Space");
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab"); // San Francisco @ Seattle
        await page.keyboard.press("ArrowRight");
        await page.getByText("All picked").waitFor();
        const points = () =>
          page.locator(".pool-points select").evaluateAll((s) => (s as HTMLSelectElement[]).map((x) => x.value));
        expect(await points()).toEqual(["3", "2", "1"]);
        // Seattle's pick takes 3 points by keyboard: Philadelphia, which had them, takes its 1 (no number twice).
        await page.keyboard.press("Tab");
        await page.keyboard.press("End");
        await page.waitForFunction(
          () => document.querySelectorAll<HTMLSelectElement>(".pool-points select")[2]?.value === "3",
        );
        expect(await points()).toEqual(["1", "2", "3"]);
        await tabTo(page, (el) => el.type === "number");
        await page.keyboard.type("44");
        await tabTo(page, (el) => el.tag === "button" && el.text === "Save picks");
        await screenshot(page, `pool-sheet-filled-${viewport.width}-${scheme}`);
        await page.keyboard.press("Enter");
        await toastLocator(page).getByText("Picks saved").waitFor();
        const saved = await sheetOf(me, league.id);
        expect(saved.picks.map((p: any) => [p.gameId, p.selection, p.points, p.odds])).toEqual([
          [DAL_PHI, "Philadelphia Eagles", 1, -175],
          [KC_BUF, "Kansas City Chiefs", 2, 150],
          [SF_SEA, "Seattle Seahawks", 3, -175],
        ]);
        expect(saved.tiebreaker).toBe(44);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "points by dragging one pick onto another swap them",
    async () => {
      const commish = await newPlayer(suite.server, "commish");
      const me = await newPlayer(suite.server, "drag_dana");
      const league = await pool(commish, [me], "confidence");
      await call(suite.server.ctx.app, "PUT", `/api/leagues/${league.id}/pool/1`, {
        cookie: me.cookie,
        body: {
          picks: [
            { gameId: DAL_PHI, selection: "Dallas Cowboys", points: 3 },
            { gameId: KC_BUF, selection: "Buffalo Bills", points: 2 },
            { gameId: SF_SEA, selection: "Seattle Seahawks", points: 1 },
          ],
        },
      });
      const page = await suite.newPage({ signedInAs: me });
      page.setDefaultTimeout(8000);
      await page.goto(`/leagues/${league.id}/pool`);
      await page.locator(".pool-points-drag").first().waitFor();
      await page.locator(".pool-points-drag").first().dragTo(page.locator(".pool-game").nth(2));
      const points = await page
        .locator(".pool-points select")
        .evaluateAll((s) => (s as HTMLSelectElement[]).map((x) => x.value));
      expect(points).toEqual(["1", "2", "3"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "once a game kicks off its pick is locked, and the members' picks on it show; the pool's standings are in the league's details",
    async () => {
      const commish = await newPlayer(suite.server, "commish");
      const me = await newPlayer(suite.server, "locked_lee");
      const league = await pool(commish, [me], "pickem", { priced: true });
      const put = (who: BuiltUser, picks: unknown[]) =>
        call(suite.server.ctx.app, "PUT", `/api/leagues/${league.id}/pool/1`, { cookie: who.cookie, body: { picks } });
      await put(me, [{ gameId: DAL_PHI, selection: "Dallas Cowboys" }]);
      await put(commish, [
        { gameId: DAL_PHI, selection: "Philadelphia Eagles" },
        { gameId: KC_BUF, selection: "Buffalo Bills" },
      ]);
      for (const [viewport, scheme] of [
        [DESKTOP, "light"],
        [PHONE, "dark"],
      ] as const) {
        suite.server.ctx.clock.set("2026-09-09T12:00:00Z");
        const before = await suite.newPage({ signedInAs: me, viewport });
        await before.emulateMedia({ colorScheme: scheme });
        await before.goto(`/leagues/${league.id}/pool`);
        const row = before.locator(".pool-members-table tbody tr", { hasText: "commish" });
        await row.waitFor();
        expect(await row.locator("td").allTextContents()).toEqual(["2 picks", "0"]);
        await before.context().close();

        suite.server.ctx.clock.set("2026-09-11T04:30:00Z");
        await call(suite.server.ctx.app, "PATCH", `/api/games/${DAL_PHI}`, {
          cookie: (suite.server as any).admin.cookie,
          body: { homeScore: 17, awayScore: 24, status: "completed" },
        });
        await gradeGame(suite.server.ctx.db, DAL_PHI);
        const page = await suite.newPage({ signedInAs: me, viewport });
        await page.emulateMedia({ colorScheme: scheme });
        page.setDefaultTimeout(8000);
        await page.goto(`/leagues/${league.id}/pool`);
        const thursday = page.locator(".pool-game").first();
        await thursday.getByText("Final").waitFor();
        expect(await thursday.getByRole("radio", { name: /Dallas Cowboys/ }).isDisabled()).toBe(true);
        expect(await thursday.locator(".pool-result").textContent()).toBe("Won · 1.5");
        const revealed = page.locator(".pool-members-table tbody tr", { hasText: "commish" });
        expect(await revealed.locator("td").allTextContents()).toEqual(["2 picks", "0", "PHI"]);
        await screenshot(page, `pool-sheet-locked-${viewport.width}-${scheme}`);

        await page.goto(`/leagues?league=${league.id}`);
        const dialog = page.locator("dialog.league-details-dialog");
        // A table where its columns fit, a card a member on a phone (issue 44 item 5): the one shown.
        const standings = dialog.locator(".league-standings tbody tr, .league-standings-card").locator("visible=true");
        await standings.first().waitFor();
        expect(
          await standings.first().locator("th, td, .league-standings-card-head > span, dd").allTextContents(),
        ).toEqual(["1", "locked_lee", "1.5", "1", "0", "0"]);
        await screenshot(page, `pool-standings-dialog-${viewport.width}-${scheme}`);
        await page.context().close();
        // Back to before the game for the next viewport.
        await suite.server.ctx.db
          .updateTable("games")
          .set({ completed_at: null, home_score: null, away_score: null })
          .where("id", "=", DAL_PHI)
          .execute();
        await suite.server.ctx.db.updateTable("pool_picks").set({ result: null, score: null }).execute();
        await suite.server.ctx.db.updateTable("pool_sheets").set({ points: 0, won: 0, lost: 0, pushes: 0 }).execute();
      }
    },
    E2E_TIMEOUT * 2,
  );

  test(
    "survivor: one team for the week, a used team cannot be taken",
    async () => {
      const commish = await newPlayer(suite.server, "commish");
      const me = await newPlayer(suite.server, "survivor_sam");
      const league = await pool(commish, [me], "survivor");
      // Week 2 first (allowed ahead): Kansas City is then used for week 1.
      await call(suite.server.ctx.app, "PUT", `/api/leagues/${league.id}/pool/2`, {
        cookie: me.cookie,
        body: { picks: [{ gameId: "fake-w2-PHI-KC", selection: "Kansas City Chiefs" }] },
      });
      const page = await suite.newPage({ signedInAs: me, viewport: PHONE });
      page.setDefaultTimeout(8000);
      await page.goto(`/leagues/${league.id}/pool?week=1`);
      await page.getByText("2 of 2 still alive").waitFor();
      expect(await page.getByRole("radio", { name: /Kansas City Chiefs/ }).isDisabled()).toBe(true);
      await page.getByRole("radio", { name: /Buffalo Bills/ }).check();
      await page.getByRole("radio", { name: /Seattle Seahawks/ }).check();
      expect(await page.getByRole("radio", { name: /Buffalo Bills/ }).isChecked()).toBe(false);
      await screenshot(page, "pool-survivor-390-light");
      await page.getByRole("button", { name: "Save picks" }).click();
      await toastLocator(page).getByText("Picks saved").waitFor();
      expect((await sheetOf(me, league.id)).picks.map((p: any) => p.selection)).toEqual(["Seattle Seahawks"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a commissioner makes a survivor pool in Create League: the format and its options, fixed from the first pick",
    async () => {
      const me = await newPlayer(suite.server, "pool_maker");
      const page = await suite.newPage({ signedInAs: me, viewport: PHONE });
      await page.emulateMedia({ colorScheme: "dark" });
      page.setDefaultTimeout(8000);
      await page.goto("/leagues");
      await page.getByRole("button", { name: "Create League" }).click();
      const dialog = page.getByRole("dialog", { name: "Create League" });
      await dialog.getByLabel("League name").fill("Office Survivor");
      await dialog.getByRole("combobox", { name: "Format" }).selectOption("survivor");
      await dialog.getByLabel("Strikes", { exact: true }).selectOption("1");
      await dialog.getByLabel("A tie", { exact: true }).selectOption("loss");
      await dialog.getByRole("checkbox", { name: /Automatic pick/ }).check();
      await dialog.getByRole("combobox", { name: "Format" }).scrollIntoViewIfNeeded();
      await screenshot(page, "pool-create-form-390-dark");
      const request = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/leagues");
      await dialog.getByRole("button", { name: "Create League" }).click();
      const body = (await request).postDataJSON();
      expect([body.format, body.pool.strikes, body.pool.tieIs, body.pool.autoPick]).toEqual([
        "survivor",
        1,
        "loss",
        true,
      ]);
      // The new pool opens on its league page, inviting friends; Back returns to the list.
      const invite = page.getByRole("dialog", { name: "Invite your friends" });
      await invite.getByRole("button", { name: "Done" }).click();
      await page.goBack();
      const card = page.locator(".league-card", { hasText: "Office Survivor" }).first();
      await card.waitFor();
      expect(await card.locator(".league-badge").allTextContents()).toEqual(["Public", "Survivor"]);
    },
    E2E_TIMEOUT,
  );
});
