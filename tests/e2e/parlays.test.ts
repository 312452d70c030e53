import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser } from "../factories.ts";
import { call } from "../support.ts";
import { ADMIN_EMAIL, card, openPage, signUp, slip, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, toastLocator } from "./helpers.ts";

// Each test resolves games or moves lines: a fresh season for each.
const suite = browserSuite(startSeasonServer, { serverPerTest: true });

const DAL_PHI = ["Dallas Cowboys", "Philadelphia Eagles"] as const;
const odds = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const PHI_SPREAD = "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5";
const KC_ML = "+150, Moneyline: Kansas City Chiefs ML";
const SEA_ML = "-175, Moneyline: Seattle Seahawks ML";
const modes = (page: Page) => slip(page).getByRole("group", { name: "Bet type" });
const totals = (page: Page) => slip(page).locator(".slip-totals").innerText();

async function gamesPage() {
  const { page } = await openPage(suite.browser, suite.server);
  page.setDefaultTimeout(8000);
  const user = await signUp(page, newAccount());
  await page.goto("/");
  await page.getByTestId("game-card").first().waitFor();
  return { page, user };
}

let adminCookie: string | null = null;
afterEach(() => {
  adminCookie = null;
});

/** An admin's final score, and the settlement serve's listener would run after it. */
async function final(gameId: string, homeScore: number, awayScore: number) {
  const { ctx } = suite.server;
  adminCookie ??= (await buildUser(ctx, { email: ADMIN_EMAIL, username: "site_admin" })).cookie;
  const res = await call(ctx.app, "PATCH", `/api/games/${gameId}`, {
    cookie: adminCookie,
    body: { homeScore, awayScore, status: "completed" },
  });
  expect(res.status).toBe(200);
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

describe("parlays", () => {
  test(
    "the slip builds a parlay from picks on different games, places it as one bet, and My Bets shows it settled leg by leg",
    async () => {
      const { page } = await gamesPage();
      const posts: { path: string; body: Record<string, unknown> }[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (request.method() === "POST" && (path === "/api/bets" || path === "/api/parlays"))
          posts.push({ path, body: request.postDataJSON() });
      });
      await odds(page, PHI_SPREAD).click();
      await slip(page).locator(".slip-picks").waitFor();
      // One pick: no parlay on offer.
      expect(await modes(page).count()).toBe(0);
      await odds(page, KC_ML).click();
      await odds(page, SEA_ML).click();
      expect(await modes(page).getByRole("button", { name: "Singles" }).getAttribute("aria-pressed")).toBe("true");
      expect(await slip(page).getByRole("button", { name: "Place 3 Bets" }).isVisible()).toBe(true);

      await modes(page).getByRole("button", { name: "Parlay" }).click();
      expect(await modes(page).getByRole("button", { name: "Parlay" }).getAttribute("aria-pressed")).toBe("true");
      // −110 × +150 × −175: decimal 7.5, +650; one stake for the whole parlay.
      expect(await slip(page).locator(".slip-parlay-price").textContent()).toBe("3-leg parlay +650");
      expect(await slip(page).locator(".slip-pick-win").count()).toBe(0);
      expect(await slip(page).locator(".unit-choices legend").textContent()).toBe("Units on the parlay");
      expect(await totals(page)).toBe("Total stake\n$100.00\nPotential win\n$650.00");
      await slip(page)
        .getByRole("radio", { name: /^2 units/ })
        .check();
      expect(await totals(page)).toBe("Total stake\n$200.00\nPotential win\n$1,300.00");
      await slip(page).getByLabel("Note (optional)").fill("Favourites and a dog");
      await slip(page).getByRole("button", { name: "Place Parlay" }).click();

      await toastLocator(page).getByText("Parlay Placed!").waitFor();
      expect(await toastLocator(page).locator(".toast-description").textContent()).toBe(
        "3-leg parlay at +650 · 2 units",
      );
      await slip(page).waitFor({ state: "hidden" });
      expect(posts).toEqual([
        {
          path: "/api/parlays",
          body: {
            legs: [
              {
                gameId: "fake-w1-DAL-PHI",
                betType: "spread",
                selection: "Philadelphia Eagles",
                odds: -110,
                point: -3.5,
              },
              {
                gameId: "fake-w1-KC-BUF",
                betType: "moneyline",
                selection: "Kansas City Chiefs",
                odds: 150,
                point: null,
              },
              {
                gameId: "fake-w1-SF-SEA",
                betType: "moneyline",
                selection: "Seattle Seahawks",
                odds: -175,
                point: null,
              },
            ],
            units: 2,
            wagerAmount: 200,
            potentialWin: 1300,
            confidence: "medium",
            note: "Favourites and a dog",
            leagueId: null,
          },
        },
      ]);
      // A parlay is not a single bet on its games: no 'YOUR BET' on the cards.
      expect(
        await card(page, ...DAL_PHI)
          .locator(".your-bet")
          .count(),
      ).toBe(0);

      // Philadelphia covers, Kansas City and Buffalo tie (the moneyline pushes), Seattle wins.
      await final("fake-w1-DAL-PHI", 24, 17);
      await final("fake-w1-KC-BUF", 20, 20);
      await final("fake-w1-SF-SEA", 24, 17);

      await page.goto("/my-bets");
      const bet = page.getByRole("article", { name: "3-leg parlay", exact: true });
      await bet.waitFor();
      expect(await bet.locator(".bet-meta").textContent()).toBe("Parlay · Week 1");
      expect(await bet.locator(".status-badge").first().textContent()).toBe("Won");
      // The pushed leg drops out: −110 × −175 is 3.0, so 2 units win $400.00.
      expect(await bet.locator(".bet-result").textContent()).toBe("Result +$400.00");
      await page.getByRole("button", { name: "Details of 3-leg parlay", exact: true }).click();
      const legs = bet.getByRole("list", { name: "Legs" }).getByRole("listitem");
      expect(await legs.locator(".parlay-leg-pick").allTextContents()).toEqual([
        "Philadelphia Eagles -3.5 -110",
        "Kansas City Chiefs ML +150",
        "Seattle Seahawks ML -175",
      ]);
      expect(await legs.locator(".status-badge").allTextContents()).toEqual(["Won", "Push (dropped out)", "Won"]);
      expect(await legs.locator(".parlay-leg-game").first().textContent()).toBe(
        "Dallas Cowboys @ Philadelphia Eagles · Final DAL 17 – 24 PHI",
      );
      const facts = Object.fromEntries(
        await bet
          .locator(".bet-facts > div")
          .evaluateAll((rows) =>
            rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
          ),
      );
      // Settled: the result above says what it won, so no 'To win' (issue 18).
      expect(facts).toEqual({
        Odds: "+650",
        Stake: "2 units · $200.00",
        Book: "Individual",
        Placed: expect.any(String),
      });

      // Analytics gets its Parlays row.
      await page.goto("/analytics");
      const row = page.locator(".bet-type-row[data-bet-type=parlay]");
      await row.waitFor();
      expect(await row.locator(".bet-type-name").textContent()).toBe("Parlays");
      expect(await row.locator(".bet-type-profit").textContent()).toBe("+$400.00");
      expect(await row.locator(".bet-type-facts").innerText()).toContain("1 bet");
    },
    E2E_TIMEOUT * 2,
  );

  test(
    "no parlay for picks on one game; a moved leg takes its new price from the server's answer and the parlay can then be placed",
    async () => {
      const { page, user } = await gamesPage();
      await odds(page, PHI_SPREAD).click();
      await card(page, ...DAL_PHI)
        .getByRole("button", { name: "O 45.5 -110, Total: Over 45.5", exact: true })
        .click();
      await slip(page).locator(".slip-picks").waitFor();
      expect(await modes(page).count()).toBe(0);
      expect(await slip(page).locator(".slip-mode-hint").textContent()).toBe(
        "A parlay takes 2–8 picks on different games.",
      );
      await slip(page).getByRole("button", { name: "Remove Over 45.5" }).click();
      await odds(page, KC_ML).click();
      await modes(page).getByRole("button", { name: "Parlay" }).click();
      expect(await totals(page)).toBe("Total stake\n$100.00\nPotential win\n$377.27");

      suite.server.provider.spreadShift = 1; // PHI −3.5 → −2.5
      await syncGames(suite.server.ctx.db, suite.server.provider, suite.server.ctx.clock.now());
      await slip(page).getByRole("button", { name: "Place Parlay" }).click();
      await toastLocator(page).getByText("Error").waitFor();
      expect(await toastLocator(page).locator(".toast-description").textContent()).toBe("Odds have changed");
      expect(await slip(page).locator(".slip-pick-notice").textContent()).toBe(
        "Odds changed: was Philadelphia Eagles -3.5 at -110, now Philadelphia Eagles -2.5 at -110. Place again to accept.",
      );
      await slip(page).getByRole("button", { name: "Place Parlay" }).click();
      await toastLocator(page).getByText("Parlay Placed!").waitFor();
      const bets = (await (await page.request.get(`/api/users/${user.id}/bets`)).json()) as {
        selection: string;
        legs: { point: string | null }[];
      }[];
      expect(bets.map((b) => [b.selection, b.legs.map((l) => l.point)])).toEqual([["2-leg parlay", ["-2.5", null]]]);
    },
    E2E_TIMEOUT,
  );
});
