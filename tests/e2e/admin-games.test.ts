import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { proveAddress } from "../factories.ts";
import { call } from "../support.ts";
import { ADMIN_EMAIL, openPage, signUp, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, toastLocator, withDispatcher } from "./helpers.ts";

// A fresh season for each test (resolving changes it), settled as under `serve`.
const suite = browserSuite(async () => withDispatcher(await startSeasonServer(), { settle: true }), {
  serverPerTest: true,
});

interface Game {
  id: string;
  homeTeam: string;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  playerProps: { id: number; playerName: string }[];
}

/** A page on /admin/games signed in as the admin or a player (who gets the refusal, not the games). */
async function adminPage(as: "admin" | "player" = "admin") {
  const { page } = await openPage(suite.browser, suite.server);
  page.setDefaultTimeout(10_000);
  const base = newAccount(as === "admin" ? "the_admin" : undefined);
  const user = await signUp(page, as === "admin" ? { ...base, email: ADMIN_EMAIL } : base);
  // A listed address is an admin once proved (the mailed link).
  if (as === "admin") await proveAddress(suite.server.ctx, ADMIN_EMAIL);
  await page.goto("/admin/games");
  await page.getByRole("heading", { level: 1, name: "Admin Game Resolution" }).waitFor();
  if (as === "admin") await page.locator(".admin-game").first().waitFor();
  return { page, user };
}

const upcoming = (page: Page) => page.getByRole("region", { name: "Upcoming Games" });
const completed = (page: Page) => page.getByRole("region", { name: "Completed Games" });
const game = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });
const DAL_PHI = "Dallas Cowboys @ Philadelphia Eagles";
/**
 * Resolving asks first (loudly before kick-off, where these tests' clock mostly stands); this
 * answers the question with its confirming button.
 */
async function confirm(page: Page, button: "Resolve Game" | "Regrade Game" = "Resolve Game"): Promise<void> {
  const dialog = page.getByRole("dialog", {
    name: button === "Resolve Game" ? /^(Resolve this game\?|This game has not started yet)$/ : "Regrade this game?",
  });
  await dialog
    .getByRole("button", { name: button === "Resolve Game" ? /^Resolve (Game|Before Kick-off)$/ : button })
    .click();
  await dialog.waitFor({ state: "hidden" });
}

/** Moves the server's and the page's clocks together. */
async function setClock(page: Page, at: string): Promise<void> {
  suite.server.ctx.clock.set(at);
  await page.clock.setSystemTime(new Date(at));
}

async function weekGames(page: Page, week: number): Promise<Game[]> {
  return (await page.request.get(`/api/games?week=${week}`)).json();
}

/** Another player (not on the page, so no settlement toast covers the admin's) with bets placed through the API. */
async function bettor(bets: Record<string, unknown>[]) {
  const account = newAccount();
  const registered = await call(suite.server.ctx.app, "POST", "/api/register", { body: { ...account, website: "" } });
  expect(registered.status).toBe(201);
  const cookie = registered.cookie!;
  for (const bet of bets) {
    const body = {
      units: 1,
      confidence: "medium",
      note: null,
      leagueId: null,
      isParlay: false,
      replaceExisting: false,
      ...bet,
    };
    expect((await call(suite.server.ctx.app, "POST", "/api/bets", { cookie, body })).status).toBe(201);
  }
  const statuses = async () => {
    const listed = await call<{ betType: string; status: string }[]>(
      suite.server.ctx.app,
      "GET",
      `/api/users/${registered.body.id}/bets`,
      { cookie },
    );
    return listed.body.map((b) => `${b.betType}:${b.status}`).sort();
  };
  /** Settlement runs after the resolve commits: waits until the bets read `expected`. */
  return async function settledAs(expected: string[]): Promise<void> {
    let last: string[] = [];
    const deadline = Date.now() + 5000;
    while (JSON.stringify((last = await statuses())) !== JSON.stringify(expected) && Date.now() < deadline)
      await Bun.sleep(50);
    expect(last).toEqual(expected);
  };
}

describe("admin game resolution", () => {
  test(
    "lists the current week's upcoming games (away @ home, local start time) with score inputs, and the empty completed list",
    async () => {
      const { page } = await adminPage();
      expect(await page.getByRole("combobox", { name: "Week" }).inputValue()).toBe("1");
      const rows = upcoming(page).locator(".admin-game");
      expect(await rows.locator("h3").allTextContents()).toEqual([
        DAL_PHI,
        "Kansas City Chiefs @ Buffalo Bills",
        "San Francisco 49ers @ Seattle Seahawks",
      ]);
      expect(await rows.first().locator("time").textContent()).toBe("Thu, Sep 10 · 8:20 PM EDT");
      const row = game(page, DAL_PHI);
      for (const name of ["Dallas Cowboys score", "Philadelphia Eagles score"]) {
        expect(await row.getByRole("spinbutton", { name, exact: true }).getAttribute("type")).toBe("number");
      }
      expect(await row.getByRole("button", { name: "Resolve" }).isEnabled()).toBe(true);
      expect(await completed(page).getByText("No completed games").isVisible()).toBe(true);

      await page.getByRole("combobox", { name: "Week" }).selectOption("2");
      await game(page, "Philadelphia Eagles @ Kansas City Chiefs").waitFor();
      expect(await upcoming(page).locator(".admin-game").count()).toBe(2);
      await page.getByRole("combobox", { name: "Week" }).selectOption("6");
      await upcoming(page).getByText("No upcoming games").waitFor();
      expect(await completed(page).getByText("No completed games").isVisible()).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "resolving needs both scores; then 'Game Resolved', the game moves to Completed as 'away - home' and its bets settle",
    async () => {
      const { page } = await adminPage();
      const [dalPhi] = await weekGames(page, 1);
      const receiver = dalPhi!.playerProps.find((p) => p.playerName === "DAL Receiver")!;
      const quarterback = dalPhi!.playerProps.find((p) => p.playerName === "PHI Quarterback")!;
      const settledAs = await bettor([
        { gameId: dalPhi!.id, betType: "prop", selection: "Over", odds: 110, point: 5.5, propId: receiver.id },
      ]);

      const row = game(page, DAL_PHI);
      await row.getByRole("spinbutton", { name: "Dallas Cowboys score" }).fill("17");
      await row.getByRole("button", { name: "Resolve" }).click();
      const toast = toastLocator(page);
      await toast.waitFor();
      expect(await toast.locator(".toast-title").textContent()).toBe("Error");
      expect(await toast.locator(".toast-description").textContent()).toBe("Please enter both scores");
      expect((await weekGames(page, 1))[0]!.status).toBe("upcoming");

      await row.getByRole("spinbutton", { name: "Philadelphia Eagles score" }).fill("24");
      await row.getByText("Player stats (2)").click();
      await row.getByRole("spinbutton", { name: "PHI Quarterback passing yards" }).fill("260");
      await row.getByRole("checkbox", { name: "Did not play: DAL Receiver" }).check();
      expect(await row.getByRole("spinbutton", { name: "DAL Receiver receptions" }).isDisabled()).toBe(true);
      const patch = page.waitForRequest((request) => request.method() === "PATCH");
      await row.getByRole("button", { name: "Resolve" }).click();
      await confirm(page);
      expect((await patch).postDataJSON()).toEqual({
        homeScore: 24,
        awayScore: 17,
        status: "completed",
        playerStats: [
          { propId: quarterback.id, value: 260 },
          { propId: receiver.id, didNotPlay: true },
        ],
      });
      await toast.getByText("Game Resolved").waitFor();
      expect(await toast.locator(".toast-description").textContent()).toBe("Bets have been settled automatically.");

      const done = completed(page).getByRole("listitem", { name: DAL_PHI });
      await done.waitFor();
      expect(await done.locator(".final-score").textContent()).toBe("17 - 24");
      expect(await upcoming(page).locator(".admin-game").count()).toBe(2);
      expect(await upcoming(page).getByRole("listitem", { name: DAL_PHI }).count()).toBe(0);
      const resolved = (await weekGames(page, 1))[0]!;
      expect([resolved.status, resolved.awayScore, resolved.homeScore]).toEqual(["completed", 17, 24]);
      // The receiver did not play: his prop is void.
      await settledAs(["prop:push"]);

      // The Games screen no longer offers it.
      await page.goto("/");
      await page.getByTestId("game-card").first().waitFor();
      expect(await page.getByTestId("game-card").count()).toBe(2);
    },
    E2E_TIMEOUT,
  );

  test(
    "Regrade corrects a completed game's score (regrade: true) and re-settles its bets",
    async () => {
      const { page } = await adminPage();
      const [dalPhi] = await weekGames(page, 1);
      const settledAs = await bettor([
        { gameId: dalPhi!.id, betType: "spread", selection: "Philadelphia Eagles", odds: -110, point: -3.5 },
      ]);
      const row = game(page, DAL_PHI);
      await row.getByRole("spinbutton", { name: "Dallas Cowboys score" }).fill("17");
      await row.getByRole("spinbutton", { name: "Philadelphia Eagles score" }).fill("24");
      await row.getByRole("button", { name: "Resolve" }).click();
      await confirm(page);
      const done = completed(page).getByRole("listitem", { name: DAL_PHI });
      await done.waitFor();
      await settledAs(["spread:won"]);
      // The toast sits over the row's right-hand side.
      await page.getByRole("button", { name: "Dismiss message" }).click();

      await done.getByRole("button", { name: "Regrade" }).click();
      expect(await done.getByRole("spinbutton", { name: "Dallas Cowboys score" }).inputValue()).toBe("17");
      expect(await done.getByRole("spinbutton", { name: "Philadelphia Eagles score" }).inputValue()).toBe("24");
      await done.getByRole("button", { name: "Cancel regrade" }).click();
      expect(await done.getByRole("spinbutton").count()).toBe(0);

      await done.getByRole("button", { name: "Regrade" }).click();
      await done.getByRole("spinbutton", { name: "Dallas Cowboys score" }).fill("30");
      const patch = page.waitForRequest((request) => request.method() === "PATCH");
      await done.getByRole("button", { name: "Save Regrade" }).click();
      await confirm(page, "Regrade Game");
      expect((await patch).postDataJSON()).toEqual({
        homeScore: 24,
        awayScore: 30,
        status: "completed",
        regrade: true,
      });
      await toastLocator(page).getByText("Game Regraded").waitFor();
      await done.locator(".final-score").getByText("30 - 24").waitFor();
      expect(await done.getByRole("spinbutton").count()).toBe(0);
      await settledAs(["spread:lost"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "Resolve before kick-off asks loudly that the game has not started, Cancel focused; after kick-off the usual confirmation",
    async () => {
      const { page } = await adminPage();
      let patches = 0;
      page.on("request", (request) => {
        if (request.method() === "PATCH") patches++;
      });
      const row = game(page, DAL_PHI);
      await row.getByRole("spinbutton", { name: "Dallas Cowboys score" }).fill("17");
      await row.getByRole("spinbutton", { name: "Philadelphia Eagles score" }).fill("24");
      await row.getByRole("button", { name: "Resolve" }).click();
      const dialog = page.getByRole("dialog", { name: "This game has not started yet" });
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).toContain("Not started: it kicks off Thu, Sep 10 · 8:20 PM EDT.");
      expect(text).toContain(DAL_PHI);
      expect(text).toContain("Final score: Dallas Cowboys 17, Philadelphia Eagles 24.");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
      expect(await dialog.getByRole("button", { name: "Resolve Game" }).count()).toBe(0);

      // Enter on the focused Cancel answers no; so does Escape.
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "hidden" });
      await row.getByRole("button", { name: "Resolve" }).click();
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await Bun.sleep(300);
      expect(patches).toBe(0);
      expect((await weekGames(page, 1))[0]!.status).toBe("upcoming");

      await row.getByRole("button", { name: "Resolve" }).click();
      await dialog.getByRole("button", { name: "Resolve Before Kick-off" }).click();
      await toastLocator(page).getByText("Game Resolved").waitFor();
      expect(patches).toBe(1);
      await page.getByRole("button", { name: "Dismiss message" }).click();

      // After kick-off, the usual confirmation: no warning, its Resolve Game focused.
      await setClock(page, "2026-09-13T18:00:00Z");
      const started = game(page, "Kansas City Chiefs @ Buffalo Bills");
      await started.getByRole("spinbutton", { name: "Kansas City Chiefs score" }).fill("20");
      await started.getByRole("spinbutton", { name: "Buffalo Bills score" }).fill("23");
      await started.getByRole("button", { name: "Resolve" }).click();
      const usual = page.getByRole("dialog", { name: "Resolve this game?" });
      await usual.waitFor();
      expect(await usual.textContent()).toContain("Kick-off Sun, Sep 13");
      expect(await usual.textContent()).not.toContain("Not started");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Resolve Game");
      await page.keyboard.press("Enter");
      await usual.waitFor({ state: "hidden" });
      await toastLocator(page).getByText("Game Resolved").waitFor();
      expect(patches).toBe(2);
    },
    E2E_TIMEOUT,
  );

  test(
    "leads with what needs action, in order, saying why; each game shows the bets and players on it; Resolve in one column",
    async () => {
      const { page } = await adminPage();
      const games = await weekGames(page, 1);
      await bettor([
        { gameId: games[0]!.id, betType: "spread", selection: "Philadelphia Eagles", odds: -110, point: -3.5 },
        { gameId: games[1]!.id, betType: "spread", selection: "Buffalo Bills", odds: -110, point: -3.5 },
      ]);
      await bettor([{ gameId: games[1]!.id, betType: "total", selection: "Over", odds: -110, point: 45.5 }]);
      await setClock(page, "2026-09-13T20:55:00Z");
      await page.reload();
      const queue = page.getByRole("region", { name: /^Needs action/ });
      await queue.locator(".queue-item").first().waitFor();
      expect(await queue.locator(".queue-item").allTextContents()).toEqual([
        expect.stringMatching(
          /Final score missing[\s\S]*Dallas Cowboys @ Philadelphia Eagles[\s\S]*Kicked off 3 days ago and still has no final score\.[\s\S]*1 bet · 1 player/,
        ),
        expect.stringMatching(
          /In progress[\s\S]*Kansas City Chiefs @ Buffalo Bills[\s\S]*kicked off 4 hours ago[\s\S]*2 bets · 2 players/,
        ),
        expect.stringMatching(
          /In progress[\s\S]*San Francisco 49ers @ Seattle Seahawks[\s\S]*kicked off 30 minutes ago[\s\S]*No bets/,
        ),
      ]);
      expect(await upcoming(page).locator(".admin-game .game-riders").allTextContents()).toEqual([
        "1 bet · 1 player",
        "2 bets · 2 players",
        "No bets",
      ]);
      // Every Resolve button starts at the same x, whatever the team names' width.
      const xs = await upcoming(page)
        .locator(".score-row button")
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().left)));
      expect(new Set(xs).size).toBe(1);

      // The queue's Resolve takes the keyboard to that game's score.
      await queue.getByRole("button", { name: "Resolve Dallas Cowboys @ Philadelphia Eagles" }).press("Enter");
      await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Dallas Cowboys score");
    },
    E2E_TIMEOUT,
  );

  test(
    "the weekly winners: a settled week is ready to record, Record records it once; the weekly jobs show their last and next runs",
    async () => {
      const { page } = await adminPage();
      const games = await weekGames(page, 1);
      const settledAs = await bettor(
        games.map((g) => ({ gameId: g.id, betType: "total", selection: "Over", odds: -110, point: 45.5 })),
      );
      suite.server.ctx.clock.set("2026-09-14T12:00:00Z");
      for (const g of games) {
        const res = await call(suite.server.ctx.app, "PATCH", `/api/games/${g.id}`, {
          cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
          body: { homeScore: 30, awayScore: 20, status: "completed" },
        });
        expect(res.status).toBe(200);
      }
      await settledAs(["total:won", "total:won", "total:won"]);
      await setClock(page, "2026-09-15T15:00:00Z");
      await page.reload();

      const winners = page.getByRole("region", { name: "Weekly winners" });
      const week1 = winners.getByRole("row", { name: /^Week 1 / });
      await week1.getByText("Ready to record").waitFor();
      expect(await winners.getByRole("row", { name: /^Week 2 / }).textContent()).toContain(
        "Waiting: 2 games without a final score",
      );
      await week1.getByRole("button", { name: "Record Week 1" }).press("Enter");
      await toastLocator(page).getByText("Winners Recorded").waitFor();
      await week1.getByText(/^Recorded Tue, Sep 15/).waitFor();
      expect(await week1.textContent()).toMatch(/#1 \w+ 2\.73U/);
      expect(await week1.getByRole("button").count()).toBe(0);
      const audited = await suite.server.ctx.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "contest.winners")
        .execute();
      expect(audited).toHaveLength(1);

      const jobs = page.getByRole("region", { name: "Scheduled jobs" });
      expect(await jobs.getByRole("listitem").allTextContents()).toEqual([
        expect.stringMatching(/^Weekly winners.*Last runNot run yet.*Next run.*Once Week 2's games are final/),
        expect.stringMatching(/^Bots weekly bets.*Last runNot run yet.*Next run.*Due now for Week 2/),
      ]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a player who is not an admin sees a clear refusal instead of the form",
    async () => {
      const { page } = await adminPage("player");
      const refusal = page.getByRole("alert").filter({ hasText: "Admins only" });
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain("Your account is not a site admin");
      expect(await page.locator(".resolve-form").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Resolve" }).count()).toBe(0);
      expect(await page.getByRole("combobox", { name: "Week" }).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});
