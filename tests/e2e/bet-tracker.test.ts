import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import {
  browserSuite,
  DESKTOP,
  E2E_TIMEOUT,
  PHONE,
  screenshot,
  toastLocator,
  PHONE_AND_DESKTOP_IN_BOTH_SCHEMES,
} from "./helpers.ts";
import {
  BUF_DAL,
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
  pageAtNow,
  total,
} from "./my-bets-fixtures.ts";

/** My Bets as a tracker (issue 27 items 4, 5 and 8): compact rows, tabs, filters, search, sort, the bankroll line, cancel. */
const suite = browserSuite(startBettingServer);

const openPage = (player: BuiltUser, viewport?: { width: number; height: number }) =>
  pageAtNow(suite, player, { viewport });

const picks = (page: Page) => page.locator(".bet-card .bet-pick").allTextContents();
const pressed = (page: Page) => page.getByRole("group", { name: "Show bets" }).locator("[aria-pressed=true]");

async function parlay(player: BuiltUser, legs: Record<string, unknown>[], units = 1) {
  const res = await call(suite.server.ctx.app, "POST", "/api/parlays", {
    cookie: player.cookie,
    body: { legs, units },
  });
  if (res.status !== 201) throw new Error(`parlay answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** Two settled bets (the Thursday spread settled last), three open ones: notes on two. */
async function trackedWeek() {
  const player = await newPlayer(suite.server);
  await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), {
    hoursAgo: 40,
    note: "Eagles off a BYE week",
  });
  await placeBet(suite.server, player, total(KC_BUF, "Over"), { hoursAgo: 30, units: 3 });
  await placeBet(suite.server, player, moneyline(SF_SEA, "San Francisco 49ers", 150), { hoursAgo: 20, units: 2 });
  await placeBet(suite.server, player, total(PHI_KC, "Under"), { hoursAgo: 10, note: "Wind in KC" });
  await placeBet(suite.server, player, spread(BUF_DAL, "Dallas Cowboys", -3.5), { hoursAgo: 5 });
  await resolveGame(suite.server, DAL_PHI, 17, 24);
  await resolveGame(suite.server, KC_BUF, 20, 17);
  // KC @ BUF settles first, DAL @ PHI an hour later: the just-settled one leads the Settled tab.
  await settleGame(suite.server.ctx.db, new Date("2026-09-13T21:00:00Z"), KC_BUF);
  await settleGame(suite.server.ctx.db, new Date("2026-09-13T22:00:00Z"), DAL_PHI);
  return player;
}

describe("My Bets tracker", () => {
  test(
    "rows are compact: at 390×844 at least 6 bets are in view at once, one 'Won' per row, details on demand",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
      await placeBet(suite.server, player, total(KC_BUF, "Over"));
      await placeBet(suite.server, player, moneyline(SF_SEA, "San Francisco 49ers", 150));
      await placeBet(suite.server, player, total(PHI_KC, "Under"));
      await placeBet(suite.server, player, spread(BUF_DAL, "Dallas Cowboys", -3.5));
      await parlay(player, [total(DAL_PHI, "Over"), total(KC_BUF, "Under")]);
      await parlay(player, [total(SF_SEA, "Over"), total(PHI_KC, "Over")]);
      await parlay(player, [total(DAL_PHI, "Under"), total(BUF_DAL, "Over")]);
      const page = await openPage(player, PHONE);
      await page.goto("/my-bets");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 8);
      const barTop = (await page.getByRole("navigation", { name: "Mobile" }).boundingBox())!.y;
      const inView = await page.locator(".bet-card").evaluateAll(
        (rows, bottom) =>
          rows.filter((row) => {
            const box = row.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= bottom;
          }).length,
        barTop,
      );
      expect(inView).toBeGreaterThanOrEqual(6);
      // Scrolled to the list, the rows keep to a phone's width and height: 8 rows within one screen.
      const rows = await page.locator(".bet-card").evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
      expect(rows.at(-1)!.bottom - rows[0]!.top).toBeLessThan(PHONE.height - 100);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);

      // Details open on demand, by keyboard too: the toggle says whether it is open.
      const toggle = page.getByRole("button", { name: "Details of Philadelphia Eagles -3.5", exact: true });
      const facts = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      expect(await facts.isVisible()).toBe(false);
      await toggle.focus();
      await page.keyboard.press("Enter");
      await facts.waitFor();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      expect(await facts.innerText()).toContain("Dallas Cowboys @ Philadelphia Eagles");
    },
    E2E_TIMEOUT,
  );

  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(
      `at ${viewport.width}, ${scheme}: a collapsed row shows its game, price and when it was placed, on one line (issue 46 item 3)`,
      async () => {
        const player = await newPlayer(suite.server);
        await placeBet(suite.server, player, moneyline(SF_SEA, "San Francisco 49ers", 150), { hoursAgo: 5 });
        await parlay(player, [total(DAL_PHI, "Over"), total(KC_BUF, "Under")]);
        await placeBet(suite.server, player, spread(PHI_KC, "Kansas City Chiefs", -3.5));
        const page = await openPage(player, viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto("/my-bets");
        await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 3);
        await screenshot(page, `my-bets-rows-${viewport.width}-${scheme}`);
        const meta = page.locator(".bet-row-meta");
        const parts = (name: string) => page.locator(`.bet-row-meta .bet-row-${name}`).allTextContents();
        expect(await parts("game")).toEqual(["PHI @ KC", "DAL @ PHI, KC @ BUF", "SF @ SEA"]);
        expect(await parts("odds")).toEqual(["-110", "+264", "+150"]);
        expect(await parts("placed")).toEqual(["Just now", "Just now", "5 hours ago"]);
        // On a phone the line holds those alone (the state is the row's edge and figure, and is read out);
        // wider, the type, week, units and book follow.
        // (Each part is a flex item: innerText puts it on a line of its own.)
        expect((await meta.first().innerText()).replace(/^PENDING/, "").replaceAll("\n", "")).toBe(
          viewport === PHONE
            ? "PHI @ KC · -110 · Just now"
            : "PHI @ KC · -110 · Just now · Spread · Week 2 · 1u · Individual",
        );
        // One line each; the price and the time never cut short; a single's game neither (a long
        // parlay's games may give way, ending in "…").
        const lines = await meta.evaluateAll((els) =>
          els.map((el) => {
            const box = el.getBoundingClientRect();
            const when = el.querySelector(".bet-row-when")!.getBoundingClientRect();
            const game = el.querySelector(".bet-row-game")!;
            return {
              lines: Math.round(box.height / Number.parseFloat(getComputedStyle(el).lineHeight)),
              whenWhole: when.right <= box.right + 0.5 && when.width > 0,
              gameCut: game.scrollWidth > game.clientWidth,
            };
          }),
        );
        expect(lines.map((l) => [l.lines, l.whenWhole])).toEqual(Array(3).fill([1, true]));
        expect(lines[0]!.gameCut || lines[2]!.gameCut).toBe(false);
        if (viewport === DESKTOP) expect(lines[1]!.gameCut).toBe(false);
        // When, to the minute, on hover.
        expect(await page.locator(".bet-row-placed").first().getAttribute("datetime")).toBe("2026-09-09T12:00:00.000Z");
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "Open and Settled tabs (just-settled first), filters, search in notes and sort; money with thousands separators",
    async () => {
      const player = await trackedWeek();
      const page = await openPage(player);
      await page.goto("/my-bets");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 3);
      // Open by default: the three pending bets, newest placed first.
      expect(await pressed(page).textContent()).toBe("Open (3)");
      expect(await picks(page)).toEqual(["Dallas Cowboys -3.5", "Under 45.5", "San Francisco 49ers ML"]);
      // The bankroll line: 50 units + (+90.91 − 300.00), open risk $400, P/L in units and dollars.
      expect(await page.getByRole("definition").allTextContents()).toEqual(
        expect.arrayContaining(["$4,790.91", "$400.00", "−2.09u (−$209.09)"]),
      );

      await page.getByRole("button", { name: "Settled (2)" }).click();
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 2);
      expect(await picks(page)).toEqual(["Philadelphia Eagles -3.5", "Over 45.5"]);
      expect(await page.locator(".bet-card .bet-result").allTextContents()).toEqual([
        "Result +$90.91",
        "Result −$300.00",
      ]);

      await page.getByRole("button", { name: "All (5)" }).click();
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 5);
      await page.getByText("Filters & sort").click();
      await page.getByLabel("Bet type").selectOption("total");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 2);
      expect(await picks(page)).toEqual(["Under 45.5", "Over 45.5"]);
      await page.getByLabel("Sort").selectOption("stake");
      await page.waitForFunction(() => document.querySelector(".bet-card .bet-pick")?.textContent === "Over 45.5");
      expect(await picks(page)).toEqual(["Over 45.5", "Under 45.5"]);
      await page.getByLabel("Result").selectOption("lost");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 1);
      expect(await page.getByText("Filters & sort (2)").count()).toBe(1);

      // Clearing the filters, then searching (any case): a note's words.
      await page.getByLabel("Bet type").selectOption("");
      await page.getByLabel("Result").selectOption("");
      await page.getByLabel("Search bets").fill("bye");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 1);
      expect(await picks(page)).toEqual(["Philadelphia Eagles -3.5"]);
      // A team finds every bet on its games (issue 46 item 3), the newest first.
      await page.getByLabel("Search bets").fill("bills");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 2);
      expect(await picks(page)).toEqual(["Over 45.5", "Dallas Cowboys -3.5"]); // the tab's own order: settled first
      await page.getByLabel("Search bets").fill("no such words");
      await page.getByText("No bets match these filters.").waitFor();
      await page.getByRole("button", { name: "Clear filters" }).click();
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 5);
    },
    E2E_TIMEOUT,
  );

  test(
    "the tab, filters, sort and notes search live in the address: reload, Back and a shared link keep them",
    async () => {
      // Bets on games still to come (the file's other tests settle some games).
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, total(PHI_KC, "Under"), { hoursAgo: 10, note: "Wind in KC" });
      await placeBet(suite.server, player, moneyline(SF_SEA, "San Francisco 49ers", 150), { hoursAgo: 8, units: 2 });
      await placeBet(suite.server, player, total(BUF_DAL, "Over"), { hoursAgo: 5, units: 3 });
      const page = await openPage(player);
      await page.goto("/my-bets");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 3);
      await page.getByRole("button", { name: "All (3)" }).click();
      await page.getByText("Filters & sort").click();
      await page.getByLabel("Bet type").selectOption("total");
      await page.getByLabel("Sort").selectOption("stake");
      await page.waitForFunction(() => document.querySelector(".bet-card .bet-pick")?.textContent === "Over 45.5");
      await page.getByLabel("Search bets").fill("wind");
      await page.waitForFunction(() => new URLSearchParams(location.search).get("q") === "wind");
      expect(new URL(page.url()).search).toBe("?tab=all&type=total&sort=stake&q=wind");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 1);

      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 1);
      expect(await picks(page)).toEqual(["Under 45.5"]);
      expect(await pressed(page).textContent()).toBe("All (3)");
      expect(await page.getByLabel("Search bets").inputValue()).toBe("wind");
      expect(await page.locator(".bet-filter-panel summary").textContent()).toBe("Filters & sort (1)");

      // Away and Back: the same list.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
      await page.getByRole("heading", { level: 1, name: /Leaderboard/ }).waitFor();
      await page.goBack();
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 1);
      expect(await picks(page)).toEqual(["Under 45.5"]);

      // A link made by hand: what is not a filter is ignored, not trusted.
      await page.goto("/my-bets?tab=open&type=%3Cscript%3E&sort=nonsense&result=lost&week=0");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 3);
      expect(await pressed(page).textContent()).toBe("Open (3)");
      expect(await page.getByLabel("Bet type").inputValue()).toBe("");
      expect(await page.getByLabel("Sort").inputValue()).toBe("newest");
      expect(await picks(page)).toEqual(["Over 45.5", "San Francisco 49ers ML", "Under 45.5"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a pending bet is cancelled from My Bets by keyboard, after a confirm: its stake goes back to the bankroll",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, total(SF_SEA, "Under"), { units: 2 });
      await placeBet(suite.server, player, total(PHI_KC, "Over"));
      const page = await openPage(player);
      await page.goto("/my-bets");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 2);
      const risk = page.locator(".bankroll-line div").filter({ hasText: "Open risk" }).locator("dd");
      expect(await risk.textContent()).toBe("$300.00");

      await page.getByRole("button", { name: "Details of Under 45.5", exact: true }).focus();
      await page.keyboard.press("Enter");
      const cancel = page.getByRole("button", { name: "Cancel bet Under 45.5" });
      await cancel.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Cancel this bet?" });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain("Your 2 units · $200.00 stake goes back to your bankroll");
      // Keep Bet is the default: Escape or Enter keeps it.
      expect(
        await dialog.getByRole("button", { name: "Keep Bet" }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      const toast = toastLocator(page);
      await toast.getByText("Bet cancelled").waitFor();
      expect(await toast.locator(".toast-description").textContent()).toBe("$200.00 is back in your bankroll.");
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 1);
      await page.waitForFunction(() => document.querySelector(".bets-count")?.textContent === "1 total bet");
      expect(await risk.textContent()).toBe("$100.00");
      // Focus lands on the tab the player was on, not on <body>.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Open (1)");
      const left = await call(suite.server.ctx.app, "GET", `/api/users/${player.user.id}/bets`, {
        cookie: player.cookie,
      });
      expect(left.body.map((b: { selection: string }) => b.selection)).toEqual(["Over"]);
    },
    E2E_TIMEOUT,
  );
});
