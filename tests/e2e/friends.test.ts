import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, liveHello, toastLocator, withDispatcher } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  newPlayer,
  NOW,
  placeBet,
  resolveGame,
  spread,
  startBettingServer,
  total,
} from "./my-bets-fixtures.ts";

// Friend requests reach the other player's socket through the outbox, as under `serve`.
const suite = browserSuite(async () => withDispatcher(await startBettingServer()));

/** ben_jones: 2 settled bets (a 2-unit win, then a loss) and one pending. */
let ben: BuiltUser;

const MINUTE = 60_000;
const at = (minutesAfterNow: number) => new Date(new Date(NOW).getTime() + minutesAfterNow * MINUTE);

beforeAll(async () => {
  ben = await newPlayer(suite.server, "ben_jones");
  await placeBet(suite.server, ben, spread(DAL_PHI, "Philadelphia Eagles", -3.5), { hoursAgo: 30, units: 2 });
  await placeBet(suite.server, ben, total(KC_BUF, "Over"), { hoursAgo: 20 });
  await resolveGame(suite.server, DAL_PHI, 17, 24); // Eagles cover: +181.82
  await resolveGame(suite.server, KC_BUF, 20, 17); // 37 points, under 45.5: -100.00
  await settleGame(suite.server.ctx.db, new Date(new Date(NOW).getTime() - 2 * 3600_000), DAL_PHI);
  await settleGame(suite.server.ctx.db, new Date(new Date(NOW).getTime() - 3600_000), KC_BUF);
});

afterEach(() => {
  suite.server.ctx.clock.set(NOW);
});

/** A browser profile signed in as `player`, its clock standing on the server's. */
async function openAs(player: BuiltUser | null): Promise<Page> {
  const context = await suite.newContext({ signedInAs: player });
  // Shorter than the test's own limit, so a failure names the step rather than killing the browser.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.clock.setFixedTime(suite.server.ctx.clock.now());
  return page;
}

const row = (page: Page, username: string) => page.locator(".friend-row", { hasText: username });
const tab = (page: Page, name: RegExp | string) => page.getByRole("tab", { name });
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const untouched = (page: Page) =>
  page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true);

async function toastSays(page: Page, title: string, description?: string) {
  const toast = toastLocator(page).filter({ hasText: title });
  await toast.waitFor();
  expect(await toast.locator(".toast-title").textContent()).toBe(title);
  if (description !== undefined) expect(await toast.locator(".toast-description").textContent()).toBe(description);
  await toast.getByRole("button", { name: "Dismiss message" }).click();
}

/** Makes `a` and `b` friends over the API. */
async function befriend(a: BuiltUser, b: BuiltUser) {
  const sent = await call(suite.server.ctx.app, "POST", "/api/friends/requests", {
    cookie: a.cookie,
    body: { addresseeId: b.user.id },
  });
  expect(sent.status).toBe(201);
  const answered = await call(suite.server.ctx.app, "PATCH", `/api/friends/requests/${sent.body.id}`, {
    cookie: b.cookie,
    body: { status: "accepted" },
  });
  expect(answered.status).toBe(200);
}

async function request(from: BuiltUser, to: BuiltUser) {
  const sent = await call(suite.server.ctx.app, "POST", "/api/friends/requests", {
    cookie: from.cookie,
    body: { addresseeId: to.user.id },
  });
  expect(sent.status).toBe(201);
}

describe("friends", () => {
  test(
    "two players: search, Add Friend, the request and a badge arrive live, Accept, both lists, analytics, Remove",
    async () => {
      const amy = await newPlayer(suite.server, "amy_lee");
      const benPage = await openAs(ben);
      const benLive = liveHello(benPage, true);
      await benPage.goto("/friends?tab=requests");
      await benPage.getByText("No pending friend requests").waitFor();
      await benLive;
      // Ben's settlements are unread; opening the bell marks them seen and the badge goes.
      await bell(benPage).getByText("2").waitFor();
      expect(await bell(benPage).getAttribute("aria-label")).toBe("Notifications, 2 unread");
      await bell(benPage).click();
      await benPage.getByRole("region", { name: "Notifications" }).getByText("Bet lost").waitFor();
      await benPage.waitForFunction(() => document.querySelector(".notifications-badge") === null);
      expect(await bell(benPage).getAttribute("aria-label")).toBe("Notifications");
      await benPage.keyboard.press("Escape");
      await benPage.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

      // A minute later Amy finds Ben and asks.
      suite.server.ctx.clock.set(at(1));
      const amyPage = await openAs(amy);
      const amyLive = liveHello(amyPage, true);
      await amyPage.goto("/friends");
      await amyPage.getByText("You haven't added any friends yet.").waitFor();
      expect(await tab(amyPage, "Friends (0)").getAttribute("aria-selected")).toBe("true");
      await amyLive;
      await tab(amyPage, "Find Friends").click();
      expect(new URL(amyPage.url()).search).toBe("?tab=find");
      await amyPage.getByLabel("Search by username").fill("  BEN_j ");
      await amyPage.getByLabel("Search by username").press("Enter");
      await amyPage.getByRole("heading", { name: "Results for “BEN_j”" }).waitFor();
      expect(await amyPage.locator(".friend-results .friend-name").allTextContents()).toEqual(["ben_jones"]);
      // Search results show usernames only, never an email.
      expect(await row(amyPage, "ben_jones").textContent()).not.toContain("@");
      await row(amyPage, "ben_jones").getByRole("button", { name: "Add Friend" }).click();
      await toastSays(amyPage, "Friend request sent", "ben_jones will see your request.");
      await row(amyPage, "ben_jones").getByText("Request Pending").waitFor();
      expect(await row(amyPage, "ben_jones").getByRole("button").count()).toBe(0);
      await tab(amyPage, "Requests (0)").click();
      await row(amyPage, "ben_jones").getByText("Request pending").waitFor();

      // Ben's open page hears of it over the socket: the request under Requests and the badge, no reload.
      const incoming = row(benPage, "amy_lee");
      await incoming.waitFor();
      expect(await incoming.locator(".friend-email").textContent()).toBe(amy.user.email);
      await tab(benPage, "Requests (1)").waitFor();
      await bell(benPage).getByText("1").waitFor();
      expect(await bell(benPage).getAttribute("aria-label")).toBe("Notifications, 1 unread");
      expect(await untouched(benPage)).toBe(true);
      await bell(benPage).click();
      const panel = benPage.getByRole("region", { name: "Notifications" });
      const first = panel.getByRole("link").first();
      expect(await first.locator(".notification-title").textContent()).toBe("New: Friend request");
      expect(await first.locator(".notification-body").textContent()).toBe("amy_lee wants to be friends");
      expect(await first.getAttribute("href")).toBe("/friends");
      await benPage.waitForFunction(() => document.querySelector(".notifications-badge") === null);
      await benPage.keyboard.press("Escape");

      // Ben accepts: both lists show each other, with emails; Amy's page catches up live too.
      await incoming.getByRole("button", { name: "Accept" }).click();
      await toastSays(benPage, "Request processed", "You and amy_lee are now friends.");
      await benPage.getByText("No pending friend requests").waitFor();
      await tab(benPage, "Requests (0)").waitFor();
      await tab(benPage, "Friends (1)").click();
      expect(await row(benPage, "amy_lee").locator(".friend-email").textContent()).toBe(amy.user.email);

      await tab(amyPage, "Friends (1)").click();
      const benRow = row(amyPage, "ben_jones");
      expect(await benRow.locator(".friend-email").textContent()).toBe(ben.user.email);
      expect(await benRow.locator(".player-avatar").textContent()).toBe("BJ");
      await bell(amyPage).getByText("1").waitFor(); // "ben_jones accepted your friend request"

      // Amy looks at Ben's figures.
      await benRow.getByRole("link", { name: "View Analytics" }).click();
      await amyPage.waitForURL((url) => url.pathname === `/friends/${ben.user.id}/analytics`);
      await amyPage.getByRole("heading", { level: 1, name: "ben_jones" }).waitFor();
      expect(await amyPage.locator(".friend-header-email").textContent()).toBe(ben.user.email);
      expect(await amyPage.title()).toBe("ben_jones · Friend Analytics · NFL Paper Trading");
      const cards = await amyPage
        .locator(".stat-card")
        .evaluateAll((items) => items.map((item) => [...item.querySelectorAll("p")].map((p) => p.textContent)));
      expect(cards).toEqual([
        ["Total Bets", "2", "1W - 1L"],
        ["Win Rate", "50.0%", "1 of 2 won"],
        ["ROI", "+27.3%", "Profit on amount wagered"],
        ["Total Wagered", "$300.00", "On settled bets"],
        ["Units Won", "+0.82U", "+$81.82 profit"],
        ["Current Streak", "1L", "Losing streak"],
      ]);
      expect(
        await amyPage.locator(".stat-card", { hasText: "ROI" }).locator(".stat-value").getAttribute("class"),
      ).toContain("tone-up");
      expect(await amyPage.locator(".friend-summary").textContent()).toBe(
        "ben_jones has won 1 of 2 settled bets for a 50.0% win rate and +0.82 units.",
      );

      // Back, and Remove (after a confirmation).
      await amyPage.getByRole("link", { name: "Back to Friends" }).click();
      await amyPage.waitForURL((url) => url.pathname === "/friends");
      await row(amyPage, "ben_jones").getByRole("button", { name: "Remove" }).click();
      const dialog = amyPage.getByRole("dialog", { name: "Remove friend?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await row(amyPage, "ben_jones").count()).toBe(1);
      await row(amyPage, "ben_jones").getByRole("button", { name: "Remove" }).click();
      await dialog.getByRole("button", { name: "Remove Friend" }).click();
      await toastSays(amyPage, "Friend removed", "ben_jones is no longer on your friends list.");
      await amyPage.getByText("You haven't added any friends yet.").waitFor();
      expect(await row(amyPage, "ben_jones").count()).toBe(0);
      await tab(amyPage, "Friends (0)").waitFor();

      // Gone for Ben too, and his analytics are closed to Amy again.
      await benPage.reload();
      await benPage.getByText("You haven't added any friends yet.").waitFor();
      const refused = await call(suite.server.ctx.app, "GET", `/api/friends/${ben.user.id}/analytics`, {
        cookie: amy.cookie,
      });
      expect(refused.status).toBe(403);
    },
    E2E_TIMEOUT * 2,
  );

  test(
    "search rows say 'Already Friends', 'Request Pending', 'Add Friend' or offer to accept the other's request",
    async () => {
      const carol = await newPlayer(suite.server, "lbl_carol");
      const dave = await newPlayer(suite.server, "lbl_dave");
      const erin = await newPlayer(suite.server, "lbl_erin");
      const frank = await newPlayer(suite.server, "lbl_frank");
      const gina = await newPlayer(suite.server, "lbl_gina");
      await request(carol, dave);
      await befriend(erin, carol);
      await request(gina, carol);

      const page = await openAs(carol);
      await page.goto("/friends?tab=find");
      await tab(page, "Requests (1)").waitFor();
      await page.getByLabel("Search by username").fill("lbl");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByRole("heading", { name: "Results for “lbl”" }).waitFor();
      // Never yourself; prefix matches in username order.
      expect(await page.locator(".friend-results .friend-name").allTextContents()).toEqual([
        "lbl_dave",
        "lbl_erin",
        "lbl_frank",
        "lbl_gina",
      ]);
      expect(await row(page, "lbl_dave").locator(".friend-actions").textContent()).toBe("Request Pending");
      expect(await row(page, "lbl_erin").locator(".friend-actions").textContent()).toBe("Already Friends");
      await row(page, "lbl_frank").getByRole("button", { name: "Add Friend" }).waitFor();
      await row(page, "lbl_gina").getByRole("button", { name: "Accept Request" }).waitFor();

      // Frank asks Carol while her results are on screen: the live channel turns his row into Accept Request.
      suite.server.ctx.clock.set(at(1));
      await request(frank, carol);
      await row(page, "lbl_frank").getByRole("button", { name: "Accept Request" }).waitFor();
      await tab(page, "Requests (2)").waitFor();

      // Gina's request is accepted from her row.
      await row(page, "lbl_gina").getByRole("button", { name: "Accept Request" }).click();
      await toastSays(page, "Request processed", "You and lbl_gina are now friends.");
      await row(page, "lbl_gina").getByText("Already Friends").waitFor();
      await tab(page, "Friends (2)").waitFor();
      expect(await row(page, "lbl_frank").getByRole("button", { name: "Accept Request" }).count()).toBe(1);
      await tab(page, "Requests (1)").click();
      expect(
        await page
          .getByRole("region", { name: /^Incoming/ })
          .locator(".friend-name")
          .allTextContents(),
      ).toEqual(["lbl_frank"]);
      expect(
        await page
          .getByRole("region", { name: /^Outgoing/ })
          .locator(".friend-name")
          .allTextContents(),
      ).toEqual(["lbl_dave"]);
      expect(await row(page, "lbl_dave").locator(".friend-actions").textContent()).toBe("Request pending");
    },
    E2E_TIMEOUT,
  );

  test(
    "a refused friend request toasts 'Failed to send friend request' with the message of the server's JSON error",
    async () => {
      const hank = await newPlayer(suite.server, "err_hank");
      const ivy = await newPlayer(suite.server, "err_ivy");
      const page = await openAs(hank);
      await page.goto("/friends?tab=find");
      await page.getByLabel("Search by username").fill("err_i");
      await page.getByLabel("Search by username").press("Enter");
      await row(page, "err_ivy").getByRole("button", { name: "Add Friend" }).waitFor();
      // Hank asks Ivy from elsewhere (another tab) while this screen still offers Add Friend.
      await request(hank, ivy);
      await row(page, "err_ivy").getByRole("button", { name: "Add Friend" }).click();
      await toastSays(page, "Failed to send friend request", "You already sent this user a friend request");
      // The refusal refreshed what the screen knew.
      await row(page, "err_ivy").getByText("Request Pending").waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "Decline answers an incoming request ('Request processed'); outgoing ones show 'Request pending'",
    async () => {
      const jill = await newPlayer(suite.server, "dec_jill");
      const kurt = await newPlayer(suite.server, "dec_kurt");
      const liam = await newPlayer(suite.server, "dec_liam");
      await request(kurt, jill);
      await request(jill, liam);
      const page = await openAs(jill);
      await page.goto("/friends?tab=requests");
      const incoming = page.getByRole("region", { name: /^Incoming/ });
      const outgoing = page.getByRole("region", { name: /^Outgoing/ });
      await row(page, "dec_kurt").waitFor();
      expect(await incoming.locator(".friend-name").allTextContents()).toEqual(["dec_kurt"]);
      expect(await row(page, "dec_kurt").locator(".friend-email").textContent()).toBe(kurt.user.email);
      expect(await outgoing.locator(".friend-name").allTextContents()).toEqual(["dec_liam"]);
      expect(await row(page, "dec_liam").locator(".friend-actions").textContent()).toBe("Request pending");
      // The addressee's email is not shown to the one asking.
      expect(await row(page, "dec_liam").textContent()).not.toContain("@");

      await row(page, "dec_kurt").getByRole("button", { name: "Decline" }).click();
      await toastSays(page, "Request processed", "You declined dec_kurt's request.");
      await incoming.waitFor({ state: "detached" });
      await tab(page, "Requests (0)").waitFor();
      await tab(page, "Friends (0)").waitFor();
      const kurtSees = await call(suite.server.ctx.app, "GET", "/api/friends/requests", { cookie: kurt.cookie });
      expect(kurtSees.body.outgoing).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a search needs 2 characters once trimmed: shorter shows the hint and asks nothing; no match and failures are said",
    async () => {
      const mona = await newPlayer(suite.server, "short_mona");
      const page = await openAs(mona);
      const searches: string[] = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname === "/api/users/search") searches.push(new URL(req.url()).search);
      });
      await page.goto("/friends?tab=find");
      const input = page.getByLabel("Search by username");
      expect(await page.locator("#friend-search-hint").textContent()).toBe(
        "Enter at least 2 characters of a username.",
      );
      await input.fill("b");
      await input.press("Enter");
      await page.getByText("Enter at least 2 characters to search.").waitFor();
      expect(await input.getAttribute("aria-invalid")).toBe("true");
      await input.fill("   x  ");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByText("Enter at least 2 characters to search.").waitFor();
      await page.waitForTimeout(200);
      expect(searches).toEqual([]);
      expect(await page.locator(".friend-results").count()).toBe(0);

      await input.fill("zz_nobody");
      await input.press("Enter");
      await page.getByText("No users found matching the query.").waitFor();
      expect(await input.getAttribute("aria-invalid")).toBeNull();
      expect(searches).toEqual(["?q=zz_nobody"]);

      await page.route("**/api/users/search?**", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ message: "Internal error", code: "internal" }),
        }),
      );
      await input.fill("ben");
      await input.press("Enter");
      await toastSays(page, "Search failed", "Unable to search for users. Please try again.");
    },
    E2E_TIMEOUT,
  );

  test(
    "a non-friend's analytics show the error panel and 'Back to Friends'; so does an id that is not one",
    async () => {
      const nosy = await newPlayer(suite.server, "nosy_ned");
      const page = await openAs(nosy);
      await page.goto(`/friends/${ben.user.id}/analytics`);
      const panel = page.getByRole("alert").filter({ hasText: "Analytics unavailable" });
      await panel.waitFor();
      expect(await panel.locator("p").textContent()).toBe(
        "Failed to load friend's analytics. You can only view analytics for your friends.",
      );
      expect(await page.locator(".stat-card").count()).toBe(0);
      expect(await page.getByText("ben_jones").count()).toBe(0);
      await panel.getByRole("link", { name: "Back to Friends" }).click();
      await page.waitForURL((url) => url.pathname === "/friends");
      await page.getByRole("tab", { name: "Friends (0)" }).waitFor();

      const asked: string[] = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname.startsWith("/api/friends/")) asked.push(req.url());
      });
      await page.goto("/friends/not-a-number/analytics");
      await page
        .getByText("Failed to load friend's analytics. You can only view analytics for your friends.")
        .waitFor();
      expect(asked).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "signed out, /friends and a friend's analytics ask to sign in and link back to where they were",
    async () => {
      const page = await openAs(null);
      await page.goto("/friends");
      await page.getByText("Please sign in to manage your friends").waitFor();
      expect(await page.getByRole("tab").count()).toBe(0);
      const signIn = page.getByRole("main").getByRole("link", { name: "Sign In" });
      expect(await signIn.getAttribute("href")).toBe("/auth?returnUrl=%2Ffriends");
      await page.goto(`/friends/${ben.user.id}/analytics`);
      await page.getByRole("heading", { level: 1, name: "Friend Analytics" }).waitFor();
      expect(await page.getByRole("main").getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
        `/auth?returnUrl=${encodeURIComponent(`/friends/${ben.user.id}/analytics`)}`,
      );
    },
    E2E_TIMEOUT,
  );

  test(
    "the tabs work from the keyboard",
    async () => {
      const olga = await newPlayer(suite.server, "keys_olga");
      const page = await openAs(olga);
      await page.goto("/friends");
      await tab(page, "Friends (0)").focus();
      await page.keyboard.press("ArrowRight");
      expect(await tab(page, "Requests (0)").getAttribute("aria-selected")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Requests (0)");
      await page.getByText("No pending friend requests").waitFor();
      await page.keyboard.press("End");
      expect(await tab(page, "Find Friends").getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("ArrowRight");
      expect(await tab(page, "Friends (0)").getAttribute("aria-selected")).toBe("true");
      expect(new URL(page.url()).search).toBe("");
    },
    E2E_TIMEOUT,
  );
});
