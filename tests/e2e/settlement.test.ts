import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, toastLocator, withDispatcher } from "./helpers.ts";
import {
  BUF_DAL,
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

const suite = browserSuite(async () => withDispatcher(await startBettingServer(), { settle: true }));

interface LivePage {
  page: Page;
  /** Every bet_settlements message the page's socket received. */
  settlementFrames: { settlements: { betId: number; userId: number }[] }[];
}

/** Opens /my-bets signed in as `player` and waits until its live channel is connected as that user. */
async function openMyBets(player: BuiltUser): Promise<LivePage> {
  const page = await suite.newPage({ signedInAs: player });
  await page.clock.setFixedTime(new Date(NOW));
  const settlementFrames: LivePage["settlementFrames"] = [];
  const connected = new Promise<void>((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        const message = JSON.parse(String(payload));
        if (message.type === "hello" && message.signedIn) resolve();
        if (message.type === "bet_settlements") settlementFrames.push(message);
      });
    });
  });
  await page.goto("/my-bets");
  await page.locator(".bet-card").first().waitFor();
  // Every bet, settled or not, so a row stays in place as its bet settles (the Open tab would drop it).
  await page.getByRole("button", { name: /^All \(/ }).click();
  await connected;
  // Marks this document: it is still there afterwards only if the page never reloaded.
  await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
  return { page, settlementFrames };
}

/** The light palette's up and down colours (app/tokens.css --app-up, --app-down). */
const UP = "rgb(6, 118, 71)";
const DOWN = "rgb(180, 35, 24)";

/** A toast's title colour and the colour of its left edge. */
const toneOf = (toast: Locator) =>
  toast.evaluate((el) => ({
    title: getComputedStyle(el.querySelector(".toast-title")!).color,
    edge: getComputedStyle(el).borderLeftColor,
  }));

const card = (page: Page, pick: string) => page.getByRole("article", { name: pick, exact: true });
const untouched = (page: Page) =>
  page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true);

describe("settlement, live", () => {
  test(
    "resolving a game toasts each player their own result and updates My Bets in place; others hear nothing",
    async () => {
      const winner = await newPlayer(suite.server);
      const loser = await newPlayer(suite.server);
      const bystander = await newPlayer(suite.server);
      const winning = await placeBet(suite.server, winner, spread(DAL_PHI, "Philadelphia Eagles", -3.5), {
        hoursAgo: 26,
      });
      await placeBet(suite.server, loser, spread(DAL_PHI, "Dallas Cowboys", 3.5), { hoursAgo: 5, units: 2 });
      await placeBet(suite.server, bystander, total(KC_BUF, "Over"), { hoursAgo: 2 });

      const a = await openMyBets(winner);
      const b = await openMyBets(loser);
      const c = await openMyBets(bystander);
      expect(await card(a.page, "Philadelphia Eagles -3.5").locator(".status-badge").textContent()).toBe("Pending");

      await resolveGame(suite.server, DAL_PHI, 17, 24);

      // The winner: a toast from the socket, then the card turns to Won with the profit.
      const aToast = toastLocator(a.page);
      await aToast.waitFor();
      expect(await aToast.locator(".toast-title").textContent()).toBe("Bet won!");
      expect(await aToast.locator(".toast-description").textContent()).toBe("PHI −3.5 · DAL 17 – 24 PHI · +$90.91");
      const won = await toneOf(aToast);
      const eagles = card(a.page, "Philadelphia Eagles -3.5");
      await eagles.locator(".status-badge", { hasText: "Won" }).waitFor();
      expect(await eagles.locator(".bet-result").textContent()).toBe("Result +$90.91");
      expect(await eagles.locator(".bet-score").textContent()).toBe("Final DAL 17 – 24 PHI");
      expect(await a.page.locator(".bets-tally li").allTextContents()).toEqual([
        "0 pending",
        "1 won",
        "0 lost",
        "0 push",
      ]);

      // The loser sees their own loss, by its line, styled as a loss: not like the win.
      const bToast = toastLocator(b.page);
      await bToast.waitFor();
      expect(await bToast.locator(".toast-title").textContent()).toBe("Bet lost");
      expect(await bToast.locator(".toast-description").textContent()).toBe("DAL +3.5 · DAL 17 – 24 PHI · −$200.00");
      const lost = await toneOf(bToast);
      expect(lost.title).toBe(DOWN);
      expect(lost.edge).toBe(DOWN);
      expect(won.title).toBe(UP);
      expect(won.edge).toBe(UP);
      const cowboys = card(b.page, "Dallas Cowboys +3.5");
      await cowboys.locator(".status-badge", { hasText: "Lost" }).waitFor();
      expect(await cowboys.locator(".bet-result").textContent()).toBe("Result −$200.00");

      // Each socket carried only its own player's settlement, with the bet's id.
      expect(a.settlementFrames.flatMap((f) => f.settlements).map((s) => [s.userId, s.betId])).toEqual([
        [winner.user.id, winning.id],
      ]);
      expect(b.settlementFrames.flatMap((f) => f.settlements).map((s) => s.userId)).toEqual([loser.user.id]);

      // A player with no bet on that game hears nothing and sees nothing change.
      await a.page.waitForTimeout(300);
      expect(c.settlementFrames).toEqual([]);
      expect(await toastLocator(c.page).count()).toBe(0);
      expect(await card(c.page, "Over 45.5").locator(".status-badge").textContent()).toBe("Pending");

      // Nobody's page reloaded.
      for (const { page } of [a, b, c]) expect(await untouched(page)).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "a tie on a moneyline is toasted as a refund, and the card shows Push and $0.00; a corrected score says so",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, moneyline(SF_SEA, "Seattle Seahawks", -175), { hoursAgo: 1 });
      const { page } = await openMyBets(player);
      await resolveGame(suite.server, SF_SEA, 20, 20);
      const toast = toastLocator(page);
      await toast.waitFor();
      expect(await toast.locator(".toast-title").textContent()).toBe("Bet pushed");
      expect(await toast.locator(".toast-description").textContent()).toBe("SEA ML · SF 20 – 20 SEA · stake refunded");
      const tone = await toneOf(toast);
      expect([tone.title, tone.edge]).not.toContain(UP);
      expect([tone.title, tone.edge]).not.toContain(DOWN);
      const seahawks = card(page, "Seattle Seahawks ML");
      await seahawks.locator(".status-badge", { hasText: "Push" }).waitFor();
      expect(await seahawks.locator(".bet-result").textContent()).toBe("Result $0.00");

      // The score is corrected: the toast says so, and what changed, not a second settlement.
      await page.getByRole("button", { name: "Dismiss message" }).click();
      await resolveGame(suite.server, SF_SEA, 20, 27, { regrade: true });
      await toast.locator(".toast-title", { hasText: "Score corrected" }).waitFor();
      expect(await toast.locator(".toast-description").textContent()).toBe(
        "SEA ML: pushed → won · SF 20 – 20 SEA → SF 20 – 27 SEA · now +$57.14",
      );
      expect((await toneOf(toast)).title).toBe(UP);
      await seahawks.locator(".status-badge", { hasText: "Won" }).waitFor();
      expect(await untouched(page)).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "each leg of a parlay toasts as its game ends ('… · 1 leg to go') and My Bets shows it in place; the win has thousands separators",
    async () => {
      const player = await newPlayer(suite.server);
      const res = await call(suite.server.ctx.app, "POST", "/api/parlays", {
        cookie: player.cookie,
        body: {
          legs: [
            // Games no other test of the file resolves.
            moneyline(KC_BUF, "Kansas City Chiefs", 150),
            spread(PHI_KC, "Philadelphia Eagles", 3.5),
            moneyline(BUF_DAL, "Dallas Cowboys", -175),
          ],
          units: 3,
        },
      });
      expect(res.status).toBe(201);
      const { page, settlementFrames } = await openMyBets(player);
      await page.getByRole("button", { name: "Details of 3-leg parlay", exact: true }).click();
      const legs = card(page, "3-leg parlay").getByRole("list", { name: "Legs" }).getByRole("listitem");
      expect(await legs.locator(".status-badge").allTextContents()).toEqual(["Pending", "Pending", "Pending"]);
      const toast = toastLocator(page);

      await resolveGame(suite.server, KC_BUF, 24, 17);
      await toast.locator(".toast-title", { hasText: "Parlay leg won: KC ML · 2 legs to go" }).waitFor();
      expect(await toast.locator(".toast-description").textContent()).toBe(
        "KC 24 – 17 BUF · PHI +3.5 to come (PHI @ KC) · DAL ML to come (BUF @ DAL)",
      );
      await legs.locator(".status-badge").first().getByText("Won").waitFor();
      expect(await legs.locator(".status-badge").allTextContents()).toEqual(["Won", "Pending", "Pending"]);
      expect(await card(page, "3-leg parlay").locator(".status-badge").first().textContent()).toBe("Pending");

      await page.getByRole("button", { name: "Dismiss message" }).click();
      await resolveGame(suite.server, PHI_KC, 24, 20);
      await toast.locator(".toast-title", { hasText: "Parlay leg won: PHI +3.5 · 1 leg to go" }).waitFor();
      await legs.nth(1).locator(".status-badge").getByText("Won").waitFor();
      expect(await legs.locator(".status-badge").allTextContents()).toEqual(["Won", "Won", "Pending"]);

      await page.getByRole("button", { name: "Dismiss message" }).click();
      await resolveGame(suite.server, BUF_DAL, 17, 24);
      await toast.locator(".toast-title", { hasText: "Parlay won!" }).waitFor();
      // 3 units at +650: $1,950.00, with its separator; every game of the parlay named.
      expect(await toast.locator(".toast-description").textContent()).toBe(
        "KC ML won (KC 24 – 17 BUF) · PHI +3.5 won (PHI 24 – 20 KC) · DAL ML won (BUF 17 – 24 DAL) · +$1,950.00",
      );
      expect((await toneOf(toast)).title).toBe(UP);
      await card(page, "3-leg parlay").locator(".status-badge", { hasText: "Won" }).first().waitFor();
      expect(settlementFrames.flatMap((f) => f.settlements)).toHaveLength(3);
      expect(await untouched(page)).toBe(true);
    },
    E2E_TIMEOUT,
  );
});
