import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { card, openPage, resetSeason, signUp, slip, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, newAccount, PHONE, toastLocator } from "./helpers.ts";

const suite = browserSuite(startSeasonServer);

afterEach(() => resetSeason(suite.server));

async function gamesPage(opts: { viewport?: { width: number; height: number }; signedIn?: boolean } = {}) {
  const { page } = await openPage(suite.browser, suite.server, opts);
  page.setDefaultTimeout(8000);
  const user = opts.signedIn ? await signUp(page, newAccount()) : null;
  await page.goto("/");
  await page.getByTestId("game-card").first().waitFor();
  return { page, user };
}

const DAL_PHI = ["Dallas Cowboys", "Philadelphia Eagles"] as const;
const odds = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
/** Dallas @ Philadelphia's Over: every game has the same total, so it is found within its card. */
const dalPhiOver = (page: Page) =>
  card(page, ...DAL_PHI).getByRole("button", { name: "O 45.5 -110, Total: Over 45.5", exact: true });
const PHI_SPREAD = "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5";
/** The picks' texts, once the slip shows its contents (they load with the drawer's first opening). */
async function picks(page: Page): Promise<string[]> {
  await slip(page).locator(".slip-picks").waitFor();
  return slip(page).locator(".slip-pick-text").allTextContents();
}

/**
 * A signed-up player's bet on Philadelphia's spread with a note ("Eagles off a bye"), then the Over of
 * the same game placed: the 'Replace Existing Bet?' dialog is open.
 */
async function replacingWithNote() {
  const { page, user } = await gamesPage({ signedIn: true });
  const game = card(page, ...DAL_PHI);
  await odds(page, PHI_SPREAD).click();
  await slip(page).getByRole("button", { name: "Add note for Philadelphia Eagles -3.5" }).click();
  await slip(page).getByLabel("Note (optional)").fill("Eagles off a bye");
  await slip(page).getByRole("button", { name: "Place Bet" }).click();
  await game.locator(".your-bet").waitFor();

  await dalPhiOver(page).click();
  await slip(page).getByRole("button", { name: "Place Bet" }).click();
  const dialog = page.getByRole("dialog", { name: "Replace Existing Bet?" });
  await dialog.waitFor();
  return { page, user, game, dialog };
}

describe("bet slip", () => {
  test(
    "picking odds adds the pick and opens the slip; picking it again removes it; removing the last pick closes the slip",
    async () => {
      const { page } = await gamesPage();
      const spread = card(page, ...DAL_PHI).getByRole("button", { name: PHI_SPREAD });
      await spread.click();
      await slip(page).waitFor();
      expect(await spread.getAttribute("aria-pressed")).toBe("true");
      expect(await picks(page)).toEqual(["Philadelphia Eagles -3.5"]);
      const pick = slip(page).locator(".slip-pick").first();
      expect(await pick.locator(".slip-pick-game").textContent()).toBe("Dallas Cowboys @ Philadelphia Eagles");
      expect(await pick.locator(".slip-pick-market").textContent()).toBe("Spread");
      expect(await pick.locator(".slip-pick-odds").textContent()).toBe("-110");
      expect(await slip(page).textContent()).toContain("Individual");

      // The slip is not modal: more odds can be picked beside it.
      await dalPhiOver(page).click();
      await card(page, "Kansas City Chiefs", "Buffalo Bills")
        .getByRole("button", { name: "View Player Props (2)" })
        .click();
      await odds(page, "O 245.5 -115, Player Prop: BUF Quarterback Over 245.5 passing yards").click();
      expect(await picks(page)).toEqual([
        "Philadelphia Eagles -3.5",
        "Over 45.5",
        "BUF Quarterback Over 245.5 passing yards",
      ]);
      expect(await slip(page).locator(".slip-pick-market").nth(2).textContent()).toBe("Player Prop · passing yards");
      expect(await slip(page).locator(".slip-count").textContent()).toBe("3");

      await spread.click();
      expect(await spread.getAttribute("aria-pressed")).toBe("false");
      expect(await picks(page)).toEqual(["Over 45.5", "BUF Quarterback Over 245.5 passing yards"]);

      await slip(page).getByRole("button", { name: "Remove Over 45.5" }).click();
      expect(await dalPhiOver(page).getAttribute("aria-pressed")).toBe("false");
      await slip(page).getByRole("button", { name: "Remove BUF Quarterback Over 245.5 passing yards" }).click();
      await slip(page).waitFor({ state: "hidden" });
    },
    E2E_TIMEOUT,
  );

  test(
    "Clear All empties the slip and closes it; the close button and Escape close it and keep the picks",
    async () => {
      const { page } = await gamesPage();
      await odds(page, PHI_SPREAD).click();
      await odds(page, "+150, Moneyline: Kansas City Chiefs ML").click();
      await slip(page).getByRole("button", { name: "Close" }).click();
      await slip(page).waitFor({ state: "hidden" });
      await odds(page, "-175, Moneyline: Buffalo Bills ML").click();
      await slip(page).waitFor();
      expect(await picks(page)).toEqual(["Philadelphia Eagles -3.5", "Kansas City Chiefs ML", "Buffalo Bills ML"]);
      await page.keyboard.press("Escape");
      await slip(page).waitFor({ state: "hidden" });

      await dalPhiOver(page).click();
      await slip(page).getByRole("button", { name: "Clear All" }).click();
      await slip(page).waitFor({ state: "hidden" });
      expect(await page.locator("[aria-pressed=true]").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "at 1280×800 the drawer sits on the right, at most 400px wide and 90vh tall",
    async () => {
      const { page } = await gamesPage({ viewport: DESKTOP });
      for (const [away, home] of [
        DAL_PHI,
        ["Kansas City Chiefs", "Buffalo Bills"],
        ["San Francisco 49ers", "Seattle Seahawks"],
      ] as const) {
        const game = card(page, away, home);
        await game.getByRole("button", { name: "View Player Props (2)" }).click();
        for (const button of await game.locator(".prop-row button").all()) await button.click();
        await game.getByRole("button", { name: /Total: Over/ }).click();
      }
      expect((await picks(page)).length).toBe(15);
      const box = (await slip(page).locator("article").boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(400);
      expect(box.width).toBeGreaterThan(300);
      expect(box.height).toBeLessThanOrEqual(DESKTOP.height * 0.9);
      expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
      expect(box.x).toBeGreaterThan(DESKTOP.width / 2);
      // The place button stays reachable while the picks scroll.
      const place = slip(page).getByRole("button", { name: "Place 15 Bets" });
      expect(await place.isVisible()).toBe(true);
      const placeBox = (await place.boundingBox())!;
      expect(placeBox.y + placeBox.height).toBeLessThanOrEqual(box.y + box.height);
    },
    E2E_TIMEOUT,
  );

  test(
    "on a phone the Slip button carries the count badge and opens the slip",
    async () => {
      const { page } = await gamesPage({ viewport: PHONE });
      const bar = page.getByRole("navigation", { name: "Mobile" });
      expect(await bar.locator(".badge").count()).toBe(0);
      await odds(page, PHI_SPREAD).click();
      await slip(page).waitFor();
      expect(await bar.locator(".badge").textContent()).toBe("1 selections");
      await slip(page).getByRole("button", { name: "Close" }).click();
      await slip(page).waitFor({ state: "hidden" });
      await dalPhiOver(page).click();
      await slip(page).getByRole("button", { name: "Close" }).click();
      expect(await bar.locator(".badge").textContent()).toBe("2 selections");

      await bar.getByRole("button", { name: "Slip" }).click();
      await slip(page).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close");
      const box = (await slip(page).locator("article").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.9);
      const barBox = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(barBox.y);
    },
    E2E_TIMEOUT,
  );

  test(
    "the potential win follows the units: 1 unit at -110 wins $90.91, 3 units $272.73; +150 pays $150.00 a unit",
    async () => {
      const { page } = await gamesPage();
      await odds(page, PHI_SPREAD).click();
      const totals = slip(page).locator(".slip-totals");
      expect(
        await slip(page)
          .getByRole("radio", { name: /^1 unit/ })
          .isChecked(),
      ).toBe(true);
      expect(await slip(page).locator(".slip-pick-win").textContent()).toBe("To win $90.91");
      expect(await totals.innerText()).toBe("Total stake\n$100.00\nPotential win\n$90.91");

      await slip(page)
        .getByRole("radio", { name: /^3 units/ })
        .check();
      expect(await slip(page).locator(".slip-pick-win").textContent()).toBe("To win $272.73");
      expect(await totals.innerText()).toBe("Total stake\n$300.00\nPotential win\n$272.73");

      await odds(page, "+150, Moneyline: Dallas Cowboys ML").click();
      await slip(page)
        .getByRole("radio", { name: /^1 unit/ })
        .check();
      expect(await slip(page).locator(".slip-pick-win").allTextContents()).toEqual(["To win $90.91", "To win $150.00"]);
      expect(await totals.innerText()).toBe("Total stake\n$200.00\nPotential win\n$240.91");
      expect(await slip(page).getByRole("button", { name: "Place 2 Bets" }).isEnabled()).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "a visitor who presses place is asked to create an account, and the slip is still there after signing up",
    async () => {
      const { page } = await gamesPage();
      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/api/bets") posts++;
      });
      await odds(page, PHI_SPREAD).click();
      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      const prompt = page.getByRole("dialog", { name: "Create an Account to Place Bets" });
      await prompt.waitFor();
      expect(await prompt.locator("p").textContent()).toBe(
        "You need to create a free account to place bets and track your performance. Join now to compete for weekly prizes!",
      );
      const link = prompt.getByRole("link", { name: "Create Account" });
      expect(await link.getAttribute("href")).toBe("/auth?mode=register&returnUrl=%2F");
      expect(posts).toBe(0);

      await prompt.getByRole("button", { name: "Not now" }).click();
      await prompt.waitFor({ state: "hidden" });
      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      await prompt.getByRole("link", { name: "Create Account" }).click();
      await page.waitForURL((url) => url.pathname === "/auth");
      await page.getByRole("heading", { name: "Create Account" }).waitFor();
      expect(await slip(page).isVisible()).toBe(false);

      const account = newAccount();
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByLabel("Username", { exact: true }).fill(account.username);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("form", { name: "Create account" }).getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await odds(page, PHI_SPREAD).getAttribute("aria-pressed")).toBe("true");
      // Back with the slip open, picks and all, ready to place.
      await slip(page).waitFor();
      expect(await picks(page)).toEqual(["Philadelphia Eagles -3.5"]);
      expect(await slip(page).getByRole("button", { name: "Place Bet" }).isEnabled()).toBe(true);
      expect(posts).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "the account prompt offers 'Sign in' to returning players, who come back to the screen they were on with the slip open",
    async () => {
      const { page } = await gamesPage({ viewport: PHONE });
      const account = newAccount();
      await page.request.post("/api/register", {
        data: { email: account.email, username: account.username, password: account.password, website: "" },
      });
      await page.context().clearCookies();
      await page.goto("/?week=1");
      await page.getByTestId("game-card").first().waitFor();
      await odds(page, PHI_SPREAD).click();
      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      const prompt = page.getByRole("dialog", { name: "Create an Account to Place Bets" });
      const signIn = prompt.getByRole("link", { name: "Sign in", exact: true });
      expect(await signIn.getAttribute("href")).toBe("/auth?returnUrl=%2F%3Fweek%3D1");
      expect(await prompt.getByRole("link", { name: "Create Account" }).getAttribute("href")).toBe(
        "/auth?mode=register&returnUrl=%2F%3Fweek%3D1",
      );
      await signIn.click();
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      expect(await slip(page).isVisible()).toBe(false);
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/" && url.search === "?week=1");
      await slip(page).waitFor();
      expect(await picks(page)).toEqual(["Philadelphia Eagles -3.5"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "placing a bet sends the pick, toasts, takes the pick out of the slip and shows 'YOUR BET' on the card",
    async () => {
      const { page, user } = await gamesPage({ signedIn: true });
      const bodies: Record<string, unknown>[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/api/bets")
          bodies.push(request.postDataJSON());
      });
      const game = card(page, ...DAL_PHI);
      expect(await game.locator(".your-bet").count()).toBe(0);
      await odds(page, PHI_SPREAD).click();
      await odds(page, "+150, Moneyline: Kansas City Chiefs ML").click();
      await slip(page)
        .getByRole("radio", { name: /^2 units/ })
        .check();
      // Each pick has its own note, behind 'Add note': this one goes with the Eagles pick only.
      expect(await slip(page).getByLabel("Note (optional)").count()).toBe(0);
      await slip(page).getByRole("button", { name: "Add note for Philadelphia Eagles -3.5" }).click();
      expect(await slip(page).getByLabel("Note (optional)").count()).toBe(1);
      await slip(page)
        .getByRole("listitem")
        .filter({ hasText: "Philadelphia Eagles -3.5" })
        .getByLabel("Note (optional)")
        .fill("Home favourite at home");
      await slip(page).getByRole("button", { name: "Place 2 Bets" }).click();

      await toastLocator(page).getByText("2 Bets Placed!").waitFor();
      await slip(page).waitFor({ state: "hidden" });
      expect(await page.locator("[aria-pressed=true]").count()).toBe(0);
      const yourBet = game.locator(".your-bet");
      await yourBet.waitFor();
      expect(await yourBet.innerText()).toBe("YOUR BET\nPhiladelphia Eagles -3.5\n-110 · 2 units · to win $181.82");
      expect(await card(page, "Kansas City Chiefs", "Buffalo Bills").locator(".your-bet strong").textContent()).toBe(
        "Kansas City Chiefs ML",
      );

      expect(bodies[0]).toEqual({
        gameId: expect.any(String),
        betType: "spread",
        selection: "Philadelphia Eagles",
        odds: -110,
        point: -3.5,
        units: 2,
        wagerAmount: 200,
        potentialWin: 181.82,
        confidence: "medium",
        note: "Home favourite at home",
        leagueId: null,
        isParlay: false,
        replaceExisting: false,
      });
      const bets = (await (await page.request.get(`/api/users/${user!.id}/bets`)).json()) as {
        selection: string;
        note: string | null;
        units: string;
      }[];
      expect(bets.map((b) => [b.selection, b.units, b.note]).sort()).toEqual([
        ["Kansas City Chiefs", "2", null],
        ["Philadelphia Eagles", "2", "Home favourite at home"],
      ]);

      // A prop bet carries its prop's id.
      await card(page, "San Francisco 49ers", "Seattle Seahawks")
        .getByRole("button", { name: "View Player Props (2)" })
        .click();
      await odds(page, "U 245.5 -105, Player Prop: SEA Quarterback Under 245.5 passing yards").click();
      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      await toastLocator(page).getByText("Bet Placed!").waitFor();
      expect(await toastLocator(page).locator(".toast-description").textContent()).toBe(
        "SEA Quarterback Under 245.5 passing yards · 2 units",
      );
      expect(bodies[2]).toMatchObject({
        betType: "prop",
        selection: "Under",
        point: 245.5,
        odds: -105,
        propId: expect.any(Number),
      });
      await card(page, "San Francisco 49ers", "Seattle Seahawks").locator(".your-bet").waitFor();
      expect(
        await card(page, "San Francisco 49ers", "Seattle Seahawks").locator(".your-bet strong").textContent(),
      ).toBe("SEA Quarterback Under 245.5 passing yards");
    },
    E2E_TIMEOUT,
  );

  test(
    "a second bet on a game asks 'Replace Existing Bet?': Cancel keeps the old bet, 'Replace Bet' swaps it",
    async () => {
      const { page, user, game, dialog } = await replacingWithNote();
      expect(await dialog.textContent()).toContain(
        "You already have a bet on Dallas Cowboys @ Philadelphia Eagles. Replace it with Over 45.5?",
      );
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await picks(page)).toEqual(["Over 45.5"]);
      expect(await game.locator(".your-bet strong").textContent()).toBe("Philadelphia Eagles -3.5");
      expect(await slip(page).getByRole("button", { name: "Place Bet" }).isEnabled()).toBe(true);

      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      await dialog.getByRole("button", { name: "Replace Bet" }).click();
      await slip(page).waitFor({ state: "hidden" });
      await game.locator(".your-bet strong").getByText("Over 45.5").waitFor();
      const bets = (await (await page.request.get(`/api/users/${user!.id}/bets/week/1`)).json()) as {
        selection: string;
        note: string | null;
      }[];
      // The replacement brought no note of its own, and the player did not ask to keep the old one.
      expect(bets.map((b) => [b.selection, b.note])).toEqual([["Over", null]]);
    },
    E2E_TIMEOUT,
  );

  test(
    "when the odds have moved the server's message is toasted and the pick takes the new price, which can then be placed",
    async () => {
      const { page } = await gamesPage({ signedIn: true });
      await odds(page, PHI_SPREAD).click();
      suite.server.provider.spreadShift = 1;
      await syncGames(suite.server.ctx.db, suite.server.provider, suite.server.ctx.clock.now());

      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      const toast = toastLocator(page);
      await toast.getByText("Error").waitFor();
      expect(await toast.locator(".toast-description").textContent()).toBe("Odds have changed");
      expect(await toast.getAttribute("class")).toContain("toast-destructive");
      expect(await picks(page)).toEqual(["Philadelphia Eagles -2.5"]);
      expect(await slip(page).locator(".slip-pick-notice").textContent()).toBe(
        "Odds changed: was Philadelphia Eagles -3.5 at -110, now Philadelphia Eagles -2.5 at -110. Place again to accept.",
      );
      // The card shows the new line too, and it is the one in the slip.
      await odds(page, "PHI -2.5 -110, Spread: Philadelphia Eagles -2.5").waitFor();
      expect(await odds(page, "PHI -2.5 -110, Spread: Philadelphia Eagles -2.5").getAttribute("aria-pressed")).toBe(
        "true",
      );

      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      await slip(page).waitFor({ state: "hidden" });
      expect(
        await card(page, ...DAL_PHI)
          .locator(".your-bet strong")
          .textContent(),
      ).toBe("Philadelphia Eagles -2.5");
    },
    E2E_TIMEOUT,
  );

  test(
    "a pick on a game that kicked off meanwhile is refused with the server's message and leaves the slip",
    async () => {
      const { page } = await gamesPage({ signedIn: true });
      await odds(page, PHI_SPREAD).click();
      await card(page, "San Francisco 49ers", "Seattle Seahawks")
        .getByRole("button", { name: "O 45.5 -110, Total: Over 45.5" })
        .click();
      suite.server.ctx.clock.set("2026-09-11T00:30:00Z");
      await slip(page).getByRole("button", { name: "Place 2 Bets" }).click();
      await toastLocator(page).getByText("Error").waitFor();
      expect(await toastLocator(page).locator(".toast-description").textContent()).toBe(
        "Betting is locked for this game: it has started or is completed",
      );
      await card(page, ...DAL_PHI)
        .getByText("Game Started - Betting Locked")
        .waitFor();
      await slip(page).waitFor({ state: "hidden" });
      // The other pick was placed: its card shows YOUR BET once the week's bets are fetched again.
      await card(page, "San Francisco 49ers", "Seattle Seahawks").locator(".your-bet").waitFor();
      expect(await card(page, "San Francisco 49ers", "Seattle Seahawks").locator(".your-bet").count()).toBe(1);
    },
    E2E_TIMEOUT,
  );

  test(
    "with 3 picks on a 1280×800 screen each note hides behind 'Add note', so the stake and Place 3 Bets stay in view",
    async () => {
      const { page } = await gamesPage({ viewport: DESKTOP, signedIn: true });
      await odds(page, PHI_SPREAD).click();
      await odds(page, "+150, Moneyline: Kansas City Chiefs ML").click();
      await card(page, "San Francisco 49ers", "Seattle Seahawks")
        .getByRole("button", { name: "O 45.5 -110, Total: Over 45.5" })
        .click();
      expect(await picks(page)).toHaveLength(3);
      const place = slip(page).getByRole("button", { name: "Place 3 Bets" });
      // Shown, not just laid out: inside the window and not scrolled out of the slip's own scrolling body.
      const inView = async (name: string) => {
        const target = slip(page).getByText(name, { exact: true }).first();
        const box = await target.boundingBox();
        if (!box || box.y < 0 || box.y + box.height > DESKTOP.height) return false;
        return target.evaluate(
          (el, [x, y]) => {
            const hit = document.elementFromPoint(x!, y!);
            // A unit tile's radio lies over its text: the tile (label) or the group (fieldset) counts.
            const scope = el.closest("label, fieldset") ?? el;
            return hit !== null && (scope.contains(hit) || hit.contains(el));
          },
          [box.x + box.width / 2, box.y + box.height / 2],
        );
      };
      const placeInView = async () => {
        const box = await place.boundingBox();
        if (!box || box.y < 0 || box.y + box.height > DESKTOP.height) return false;
        // Nothing covers it: the button is what is under its centre.
        return page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest("button")?.textContent ?? null,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
      };
      expect(await placeInView()).toBe("Place 3 Bets");
      expect(await inView("Units per bet")).toBe(true);
      expect(await inView("3 units")).toBe(true);
      expect(await inView("Total stake")).toBe(true);
      expect(
        await slip(page)
          .getByRole("button", { name: /^Add note for / })
          .count(),
      ).toBe(3);

      // 'Add note' opens that pick's box and puts the cursor in it; Place 3 Bets stays in view.
      await slip(page).getByRole("button", { name: "Add note for Kansas City Chiefs ML" }).click();
      const note = slip(page).getByLabel("Note (optional)");
      expect(await note.count()).toBe(1);
      expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);
      await note.fill("Chiefs as dogs");
      expect(await placeInView()).toBe("Place 3 Bets");
    },
    E2E_TIMEOUT,
  );

  test(
    "Replace shows the current bet beside the new one and asks whether to keep the old note (not kept unless ticked)",
    async () => {
      const { page, user, game, dialog } = await replacingWithNote();
      const lines = async (name: string) =>
        (await dialog.getByRole("region", { name }).innerText()).split("\n").filter((line) => line.trim() !== "");
      expect(await lines("Current bet")).toEqual([
        "CURRENT BET",
        "Philadelphia Eagles -3.5",
        "-110 · 1 unit · $100.00",
        "“Eagles off a bye”",
      ]);
      expect(await lines("New bet")).toEqual(["NEW BET", "Over 45.5", "-110 · 1 unit"]);
      const keep = dialog.getByRole("checkbox", { name: "Keep the current bet's note on the new bet" });
      expect(await keep.isChecked()).toBe(false);
      await keep.check();
      await dialog.getByRole("button", { name: "Replace Bet" }).click();
      await slip(page).waitFor({ state: "hidden" });
      await game.locator(".your-bet strong").getByText("Over 45.5").waitFor();
      const bets = (await (await page.request.get(`/api/users/${user!.id}/bets/week/1`)).json()) as {
        selection: string;
        note: string | null;
      }[];
      expect(bets.map((b) => [b.selection, b.note])).toEqual([["Over", "Eagles off a bye"]]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a placement whose answer is lost after the server placed it is sent again with its Idempotency-Key: placed once, shown placed",
    async () => {
      const { page, user } = await gamesPage({ signedIn: true });
      const keys: string[] = [];
      await page.route("**/api/bets", async (route) => {
        keys.push(route.request().headers()["idempotency-key"] ?? "");
        // The first try reaches the server, which places the bet; its answer never comes back.
        if (keys.length === 1) {
          await route.fetch();
          await route.abort("connectionreset");
        } else await route.continue();
      });
      await odds(page, PHI_SPREAD).click();
      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      await card(page, ...DAL_PHI)
        .locator(".your-bet")
        .waitFor();
      await slip(page).waitFor({ state: "hidden" });
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]!);
      const bets = (await (await page.request.get(`/api/users/${user!.id}/bets`)).json()) as unknown[];
      expect(bets).toHaveLength(1);
      expect(await toastLocator(page).filter({ hasText: "Error" }).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});
