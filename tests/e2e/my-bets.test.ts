import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import type { Bet } from "../../src/shared/contract/betting.ts";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, PHONE, toastLocator, until } from "./helpers.ts";
import {
  BUF_DAL,
  DAL_PHI,
  KC_BUF,
  moneyline,
  newPlayer,
  PHI_KC,
  placeBet,
  moveLines,
  qbProp,
  recordClosingLines,
  resolveGame,
  SF_SEA,
  spread,
  startBettingServer,
  pageAtNow,
  total,
} from "./my-bets-fixtures.ts";

const suite = browserSuite(startBettingServer);

const openPage = (
  player: BuiltUser | null,
  opts: { viewport?: { width: number; height: number }; ticking?: boolean } = {},
) => pageAtNow(suite, player, opts);

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Recent Bets & Journal" });
const card = (page: Page, pick: string) => page.getByRole("article", { name: pick, exact: true });
const facts = async (c: Locator) =>
  Object.fromEntries(
    await c
      .locator(".bet-facts > div")
      .evaluateAll((rows) =>
        rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
      ),
  );
const count = (page: Page) => page.locator(".bets-count").textContent();
/** Opens a row's details (price, stake, note and its buttons show on demand). */
const details = (page: Page, pick: string) =>
  page.getByRole("button", { name: `Details of ${pick}`, exact: true }).click();

async function serverNote(player: BuiltUser, betId: number): Promise<string | null> {
  const res = await call<Bet[]>(suite.server.ctx.app, "GET", `/api/users/${player.user.id}/bets`, {
    cookie: player.cookie,
  });
  return res.body.find((bet) => bet.id === betId)!.note;
}

describe("My Bets", () => {
  test(
    "signed out, it sends the visitor to /auth and back after signing in",
    async () => {
      const player = await newPlayer(suite.server);
      const page = await openPage(null);
      await page.goto("/my-bets");
      await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("returnUrl") === "/my-bets");
      await page.getByLabel("Email", { exact: true }).fill(player.user.email);
      await page.getByLabel("Password", { exact: true }).fill(player.password);
      await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/my-bets");
      await heading(page).waitFor();
      expect(await page.title()).toBe("Recent Bets & Journal · NFL Paper Trading");
    },
    E2E_TIMEOUT,
  );

  test(
    "with no bets it says so and links to the Games screen",
    async () => {
      const page = await openPage(await newPlayer(suite.server));
      await page.goto("/my-bets");
      await page.getByText("You haven't placed any bets yet.").waitFor();
      expect(await page.locator(".bets-count").count()).toBe(0);
      await page.getByRole("link", { name: "Browse games" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.getByRole("heading", { level: 1, name: "NFL Games" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "lists every bet newest first: count, pick in words, game, odds, stake, to win, book, status and placed time",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), {
        hoursAgo: 50,
        note: "Eagles at home",
      });
      await placeBet(suite.server, player, total(KC_BUF, "Over"), { hoursAgo: 3, units: 2 });
      await placeBet(suite.server, player, await qbProp(suite.server, SF_SEA, "Over"), { hoursAgo: 1 });
      await placeBet(suite.server, player, moneyline(PHI_KC, "Kansas City Chiefs", -175), { hoursAgo: 0.2, units: 3 });
      // Someone else's bet never shows.
      await placeBet(suite.server, await newPlayer(suite.server), spread(DAL_PHI, "Dallas Cowboys", 3.5));

      const page = await openPage(player, { ticking: true });
      await page.goto("/my-bets");
      await heading(page).waitFor();
      await page.locator(".bet-card").first().waitFor();
      expect(await count(page)).toBe("4 total bets");
      expect(await page.locator(".bets-tally li").allTextContents()).toEqual([
        "4 pending",
        "0 won",
        "0 lost",
        "0 push",
      ]);
      expect(await page.locator(".bet-pick").allTextContents()).toEqual([
        "Kansas City Chiefs ML",
        "SEA Quarterback passing yards Over 245.5",
        "Over 45.5",
        "Philadelphia Eagles -3.5",
      ]);

      const eagles = card(page, "Philadelphia Eagles -3.5");
      expect(await eagles.locator(".bet-meta").textContent()).toBe("Spread · Week 1");
      expect(await eagles.locator(".bet-game span").first().textContent()).toBe("Dallas Cowboys @ Philadelphia Eagles");
      expect(await eagles.locator(".status-badge").textContent()).toBe("Pending");
      expect(await eagles.locator(".bet-result").count()).toBe(0);
      expect(await facts(eagles)).toEqual({
        Odds: "-110",
        Stake: "1 unit · $100.00",
        "To win": "$90.91",
        Book: "Individual",
        Placed: "2 days ago",
      });
      expect(await eagles.locator(".bet-note-text").textContent()).toBe("Eagles at home");
      expect(await eagles.locator(".bet-row-placed").getAttribute("datetime")).toBe("2026-09-07T10:00:00.000Z");

      expect(await facts(card(page, "Over 45.5"))).toMatchObject({
        Odds: "-110",
        Stake: "2 units · $200.00",
        "To win": "$181.82",
        Placed: "3 hours ago",
      });
      expect(await card(page, "Over 45.5").locator(".bet-game span").first().textContent()).toBe(
        "Kansas City Chiefs @ Buffalo Bills",
      );
      expect(await facts(card(page, "SEA Quarterback passing yards Over 245.5"))).toMatchObject({
        Odds: "-115",
        Stake: "1 unit · $100.00",
        "To win": "$86.96",
        Placed: "1 hour ago",
      });
      const chiefs = card(page, "Kansas City Chiefs ML");
      expect(await facts(chiefs)).toEqual({
        Odds: "-175",
        Stake: "3 units · $300.00",
        "To win": "$171.43",
        Book: "Individual",
        Placed: "Just now",
      });
      expect(await chiefs.locator(".bet-meta").textContent()).toBe("Moneyline · Week 2");
      expect(await chiefs.locator(".bet-note-text").textContent()).toBe("No note yet.");

      // The placed times follow the browser's clock while the page stays open.
      await page.clock.fastForward("01:00:00");
      await page.waitForFunction(() => document.querySelector(".bet-card time")?.textContent === "1 hour ago");
      expect(await card(page, "Over 45.5").locator(".bet-row-placed").textContent()).toBe("4 hours ago");
      expect(await card(page, "Philadelphia Eagles -3.5").locator(".bet-row-placed").textContent()).toBe("2 days ago");
    },
    E2E_TIMEOUT,
  );

  test(
    "Edit Bet Note: Cancel keeps the old note; Save sends it, toasts, closes and shows it; the note stops at 1000 characters",
    async () => {
      const player = await newPlayer(suite.server);
      const bet = await placeBet(suite.server, player, spread(BUF_DAL, "Buffalo Bills", 3.5));
      const page = await openPage(player);
      const patches: unknown[] = [];
      page.on("request", (request) => {
        if (request.method() === "PATCH") patches.push(request.postDataJSON());
      });
      await page.goto("/my-bets");
      const bills = card(page, "Buffalo Bills +3.5");
      await bills.waitFor();
      await details(page, "Buffalo Bills +3.5");
      expect(await bills.locator(".bet-note-text").textContent()).toBe("No note yet.");

      const dialog = page.getByRole("dialog", { name: "Edit Bet Note" });
      const note = dialog.getByLabel("Note", { exact: true });
      const counter = dialog.locator("#bet-note-hint");
      await page.getByRole("button", { name: "Add note for Buffalo Bills +3.5" }).click();
      await dialog.waitFor();
      expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await dialog.locator(".note-dialog-bet").textContent()).toBe(
        "Buffalo Bills +3.5 · Buffalo Bills @ Dallas Cowboys",
      );
      expect(await counter.textContent()).toBe("0/1000 characters");
      await note.fill("Bills cover on the road");
      expect(await counter.textContent()).toBe("23/1000 characters");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(patches).toEqual([]);
      expect(await bills.locator(".bet-note-text").textContent()).toBe("No note yet.");

      await page.getByRole("button", { name: "Add note for Buffalo Bills +3.5" }).click();
      expect(await note.inputValue()).toBe("");
      await note.fill("Bills cover on the road");
      await dialog.getByRole("button", { name: "Save" }).click();
      const toast = toastLocator(page);
      await toast.waitFor();
      expect(await toast.locator(".toast-title").textContent()).toBe("Note updated");
      await dialog.waitFor({ state: "hidden" });
      expect(await bills.locator(".bet-note-text").textContent()).toBe("Bills cover on the road");
      expect(patches).toEqual([{ note: "Bills cover on the road" }]);
      expect(await serverNote(player, bet.id)).toBe("Bills cover on the road");

      // Reopening starts from the saved note; a long paste is cut at the limit.
      await page.getByRole("button", { name: "Edit note for Buffalo Bills +3.5" }).click();
      expect(await note.inputValue()).toBe("Bills cover on the road");
      await note.fill("x".repeat(1200));
      expect((await note.inputValue()).length).toBe(1000);
      expect(await counter.textContent()).toBe("1000/1000 characters");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
      await until("the long note to be saved", () => patches.length === 2);
      expect(await serverNote(player, bet.id)).toBe("x".repeat(1000));
      await page.waitForFunction(() => document.querySelector(".bet-note-text")?.textContent?.length === 1000);

      // A blank note clears it.
      await page.getByRole("button", { name: "Edit note for Buffalo Bills +3.5" }).click();
      await note.fill("   ");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.waitForFunction(() => document.querySelector(".bet-note-text")?.textContent === "No note yet.");
      expect(patches.at(-1)).toEqual({ note: null });
      expect(await serverNote(player, bet.id)).toBeNull();
    },
    E2E_TIMEOUT,
  );

  test(
    "a failed note save keeps the dialog open with the words typed and says why",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, spread(BUF_DAL, "Dallas Cowboys", -3.5));
      const page = await openPage(player);
      await page.route("**/api/bets/*/note", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ message: "Something went wrong", code: "internal" }),
        }),
      );
      await page.goto("/my-bets");
      await details(page, "Dallas Cowboys -3.5");
      await page.getByRole("button", { name: "Add note for Dallas Cowboys -3.5" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Bet Note" });
      await dialog.getByLabel("Note", { exact: true }).fill("Boys by a touchdown");
      await dialog.getByRole("button", { name: "Save" }).click();
      const toast = toastLocator(page);
      await toast.waitFor();
      expect(await toast.locator(".toast-title").textContent()).toBe("Error");
      expect(await toast.locator(".toast-description").textContent()).toBe("Something went wrong");
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByLabel("Note", { exact: true }).inputValue()).toBe("Boys by a touchdown");
      expect(await dialog.getByRole("button", { name: "Save" }).isEnabled()).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "Refresh refetches the list, and the list is refetched each time the screen mounts",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, spread(PHI_KC, "Philadelphia Eagles", 3.5));
      const page = await openPage(player);
      let fetches = 0;
      page.on("request", (request) => {
        if (request.method() === "GET" && new URL(request.url()).pathname === `/api/users/${player.user.id}/bets`)
          fetches++;
      });
      await page.goto("/my-bets");
      await card(page, "Philadelphia Eagles +3.5").waitFor();
      expect(await count(page)).toBe("1 total bet");

      await placeBet(suite.server, player, total(SF_SEA, "Under"));
      await page.waitForTimeout(300);
      expect(await count(page)).toBe("1 total bet");
      await page.getByRole("button", { name: "Refresh" }).click();
      await card(page, "Under 45.5").waitFor();
      expect(await count(page)).toBe("2 total bets");

      // Straight back from another screen: shown from the cache, and fetched again anyway.
      await placeBet(suite.server, player, total(DAL_PHI, "Under"));
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Games" }).click();
      await page.getByRole("heading", { level: 1, name: "NFL Games" }).waitFor();
      const before = fetches;
      await nav.getByRole("link", { name: "My Bets" }).click();
      await heading(page).waitFor();
      await page.waitForFunction(() => document.querySelector(".bets-count")?.textContent === "3 total bets");
      expect(fetches).toBeGreaterThan(before);
    },
    E2E_TIMEOUT,
  );

  test(
    "a failed load shows 'Error loading bets' with a plain message, never the server's text, and a Retry that recovers",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, moneyline(KC_BUF, "Buffalo Bills", -175));
      const page = await openPage(player);
      let failure: "server" | "network" | null = "server";
      await page.route(/\/api\/users\/\d+\/bets(\/summary)?(\?|$)/, (route) => {
        if (failure === "server") {
          return route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ message: "relation bets: deadlock detected", code: "internal" }),
          });
        }
        if (failure === "network") return route.abort("connectionrefused");
        return route.continue();
      });
      await page.goto("/my-bets");
      const panel = page.getByRole("alert").filter({ hasText: "Error loading bets" });
      await panel.waitFor();
      expect(await panel.locator("p").textContent()).toBe("Failed to load your bets. Please try refreshing.");
      expect(await page.getByText("deadlock", { exact: false }).count()).toBe(0);
      expect(await page.locator(".bet-card").count()).toBe(0);

      failure = "network";
      await panel.getByRole("button", { name: "Retry" }).click();
      await page.waitForTimeout(300);
      expect(await panel.locator("p").textContent()).toBe("Failed to load your bets. Please try refreshing.");

      failure = null;
      await panel.getByRole("button", { name: "Retry" }).click();
      await card(page, "Buffalo Bills ML").waitFor();
      expect(await panel.count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "when the user cannot be loaded it shows the Authentication Issue panel",
    async () => {
      const page = await openPage(await newPlayer(suite.server));
      await page.route("**/api/user", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
      );
      // A page that did not come with the user — the static shell, as when the server's render failed
      // or the service worker's offline copy opens — asks for it, and here fails to load it.
      await page.route("**/my-bets", async (route) =>
        route.fulfill({ response: await route.fetch({ url: `${suite.server.baseUrl}/index.html` }) }),
      );
      await page.goto("/my-bets");
      const panel = page.getByRole("alert").filter({ hasText: "Authentication Issue" });
      await panel.waitFor();
      expect(await panel.locator("p").textContent()).toBe(
        "Unable to load user information. Please try logging out and back in.",
      );
      expect(page.url()).toEndWith("/my-bets");
    },
    E2E_TIMEOUT,
  );

  // Resolves week 1's games: keep it after the tests that bet on them.
  test(
    "settled bets show the final score, a coloured status, the signed result, the closing line and CLV (phone layout)",
    async () => {
      const player = await newPlayer(suite.server);
      await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), { hoursAgo: 30 });
      await placeBet(suite.server, player, total(KC_BUF, "Over"), { hoursAgo: 20 });
      await placeBet(suite.server, player, moneyline(SF_SEA, "San Francisco 49ers", 150), { hoursAgo: 10 });
      await placeBet(suite.server, player, await qbProp(suite.server, PHI_KC, "Over"), { hoursAgo: 9 });
      // The home spreads move a point (PHI −4.5) and the props 10 yards before kick-off.
      await moveLines(suite.server, { spreadShift: -1, propShift: 10 });
      await resolveGame(suite.server, DAL_PHI, 17, 24);
      await resolveGame(suite.server, KC_BUF, 20, 17);
      await resolveGame(suite.server, SF_SEA, 20, 20);
      for (const game of [DAL_PHI, KC_BUF, SF_SEA])
        await settleGame(suite.server.ctx.db, suite.server.ctx.clock.now(), game);
      // An hour into week 2's first game: week 1 and PHI @ KC have their closing lines.
      await recordClosingLines(suite.server, "2026-09-20T18:00:00Z");

      const page = await openPage(player, { viewport: PHONE });
      await page.goto("/my-bets");
      await page.locator(".bet-card").first().waitFor();
      await page.getByRole("button", { name: "All (4)" }).click();
      await page.waitForFunction(() => document.querySelectorAll(".bet-card").length === 4);
      expect(await count(page)).toBe("4 total bets");
      expect(await page.locator(".bets-tally li").allTextContents()).toEqual([
        "1 pending",
        "1 won",
        "1 lost",
        "1 push",
      ]);

      const eagles = card(page, "Philadelphia Eagles -3.5");
      expect(await eagles.locator(".status-badge").textContent()).toBe("Won");
      // Settled: what it made, in place of what it was to win (issue 18); "Won" is said once (issue 27).
      expect(await eagles.locator(".bet-result").textContent()).toBe("Result +$90.91");
      expect((await eagles.locator(".bet-row").innerText()).match(/won/gi)).toHaveLength(1);
      expect(await eagles.locator(".bet-score").textContent()).toBe("Final DAL 17 – 24 PHI");
      expect(await eagles.getAttribute("class")).toContain("bet-card-won");
      // A point better than the −4.5 close: +1.1%.
      expect(await facts(eagles)).toEqual({
        Odds: "-110",
        Closing: "-4.5 (-110)",
        CLV: "+1.1%",
        Stake: "1 unit · $100.00",
        Book: "Individual",
        Placed: "1 day ago",
      });

      const over = card(page, "Over 45.5");
      expect(await over.locator(".status-badge").textContent()).toBe("Lost");
      expect(await over.locator(".bet-result").textContent()).toBe("Result −$100.00");
      expect(await over.locator(".bet-score").textContent()).toBe("Final KC 20 – 17 BUF");
      // At the closing price of a −110/−110 market: the vig.
      expect(await facts(over)).toMatchObject({ Closing: "45.5 (-110)", CLV: "-4.5%" });

      const niners = card(page, "San Francisco 49ers ML");
      expect(await niners.locator(".status-badge").textContent()).toBe("Push");
      expect(await niners.locator(".bet-result").textContent()).toBe("Result $0.00");
      expect(await facts(niners)).toMatchObject({
        Odds: "+150",
        Closing: "+150",
        CLV: "-3.5%",
        Placed: "10 hours ago",
      });

      // Still pending: its game has a closing line (the API sends it), but the card keeps it for when the bet settles.
      const listed = await call<Bet[]>(suite.server.ctx.app, "GET", `/api/users/${player.user.id}/bets`, {
        cookie: player.cookie,
      });
      expect(listed.body.find((bet) => bet.betType === "prop")).toMatchObject({
        status: "pending",
        closingLine: { odds: "-115", point: "255.5" },
      });
      const prop = card(page, "KC Quarterback passing yards Over 245.5");
      expect(await prop.locator(".status-badge").textContent()).toBe("Pending");
      expect(Object.keys(await facts(prop))).toEqual(["Odds", "Stake", "To win", "Book", "Placed"]);

      const colours = await page
        .locator(".status-badge")
        .evaluateAll((badges) => badges.map((b) => getComputedStyle(b).color));
      expect(new Set(colours).size).toBe(4);
      const clvColour = (c: Locator) => c.locator(".bet-clv").evaluate((el) => getComputedStyle(el).color);
      const resultColour = (c: Locator) => c.locator(".bet-result").evaluate((el) => getComputedStyle(el).color);
      expect(await clvColour(eagles)).toBe(await resultColour(eagles));
      expect(await clvColour(over)).toBe(await resultColour(over));
      // Nothing runs off the side of the phone, and no fact runs into the next one (every row open).
      for (const pick of [
        "Philadelphia Eagles -3.5",
        "Over 45.5",
        "San Francisco 49ers ML",
        "KC Quarterback passing yards Over 245.5",
      ])
        await details(page, pick);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      const cramped = await page
        .locator(".bet-facts > div")
        .evaluateAll((rows) => rows.filter((row) => row.scrollWidth > row.clientWidth).map((row) => row.textContent));
      expect(cramped).toEqual([]);
    },
    E2E_TIMEOUT,
  );
});
