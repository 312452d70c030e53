import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import {
  browserSuite,
  DESKTOP,
  E2E_TIMEOUT,
  liveHello,
  PHONE,
  screenshot,
  toastLocator,
  until,
  withDispatcher,
} from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  newPlayer,
  NOW,
  placeBet,
  resolveGame,
  SF_SEA,
  spread,
  startBettingServer,
} from "./my-bets-fixtures.ts";

const suite = browserSuite(async () => withDispatcher(await startBettingServer(), { settle: true }));

const HOUR = 3600_000;
const after = (hours: number) => new Date(new Date(NOW).getTime() + hours * HOUR);

afterEach(() => {
  suite.server.ctx.clock.set(NOW);
});

interface Opened {
  page: Page;
  /** Resolves once the live channel greets the signed-in player. */
  live: Promise<void>;
  /** Paths of the /api/notifications calls the page made. */
  calls: string[];
}

/** Opens `path` signed in as `player` (or as a visitor), its clock standing on the server's. */
async function open(
  player: BuiltUser | null,
  path: string,
  viewport?: { width: number; height: number },
): Promise<Opened> {
  const context = await suite.newContext({ viewport, signedInAs: player });
  // Shorter than the test's own limit, so a failure names the step rather than killing the browser.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.clock.setFixedTime(suite.server.ctx.clock.now());
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/notifications")) calls.push(`${request.method()} ${url.pathname}`);
  });
  const live = liveHello(page, true);
  await page.goto(path);
  return { page, live, calls };
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole("region", { name: "Notifications" });
const badge = (page: Page) => bell(page).locator(".notifications-badge");
const items = (page: Page) =>
  panel(page)
    .getByRole("listitem")
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector(".notification-title")?.textContent,
        row.querySelector(".notification-body")?.textContent,
        row.querySelector(".notification-time")?.textContent,
        row.querySelector("a")?.getAttribute("href"),
      ]),
    );
const noBadge = (page: Page) => page.waitForFunction(() => document.querySelector(".notifications-badge") === null);
const untouched = (page: Page) =>
  page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true);
const markUntouched = (page: Page) =>
  page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

describe("notifications", () => {
  test(
    "a settled bet arrives live as a badge; opening the panel lists it newest first and clears the badge for good",
    async () => {
      const player = await newPlayer(suite.server, "bell_ringer");
      await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), { hoursAgo: 3 });
      const { page, live, calls } = await open(player, "/");
      await live;
      await markUntouched(page);

      // One bet of three games: the weekly prize reminder is waiting, unread.
      await badge(page).getByText("1").waitFor();
      expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, 1 unread");
      await bell(page).click();
      expect(await items(page)).toEqual([
        // Dated no earlier than the account (issue 18: a minutes-old account read "4 days ago").
        ["New: Weekly prize reminder", "Bet 1 more game in Week 1 to be eligible for the prize.", "Just now", "/"],
      ]);
      await noBadge(page);
      expect(calls).toContain("POST /api/notifications/seen");
      // Still marked as new while the panel stays open.
      expect(await panel(page).locator(".notification-item.is-new").count()).toBe(1);
      await bell(page).click();
      await panel(page).waitFor({ state: "detached" });

      // An hour later the admin resolves the game: the settlement reaches the open page.
      suite.server.ctx.clock.set(after(1));
      await resolveGame(suite.server, DAL_PHI, 17, 24);
      await badge(page).getByText("1").waitFor();
      expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, 1 unread");
      expect(await untouched(page)).toBe(true);

      await page.clock.setFixedTime(after(1.5));
      await bell(page).click();
      expect(await items(page)).toEqual([
        // The toast's words (issue 46 item 7): the line and the score.
        ["New: Bet won!", "PHI −3.5 · DAL 17 – 24 PHI · +$90.91", "30 minutes ago", "/my-bets"],
        ["Weekly prize reminder", "Bet 1 more game in Week 1 to be eligible for the prize.", "1 hour ago", "/"],
      ]);
      await noBadge(page);
      expect(await bell(page).getAttribute("aria-label")).toBe("Notifications");

      // Following an item goes there and closes the panel.
      await panel(page)
        .getByRole("link", { name: /Bet won/ })
        .click();
      await page.waitForURL((url) => url.pathname === "/my-bets");
      await panel(page).waitFor({ state: "detached" });

      // Seen is remembered by the server: after a reload there is no badge.
      await page.reload();
      await page.locator(".bet-card").first().waitFor();
      expect(await badge(page).count()).toBe(0);
      const answer = await call(suite.server.ctx.app, "GET", "/api/notifications", { cookie: player.cookie });
      expect(answer.body.unread).toBe(0);
      expect(answer.body.items.map((item: { type: string }) => item.type)).toEqual(["settlement", "coverage_reminder"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a friend request arrives while the panel is open: it shows at once, is marked seen, and links to /friends",
    async () => {
      const host = await newPlayer(suite.server, "open_panel");
      const asker = await newPlayer(suite.server, "knock_knock");
      // Bets on two of week 1's three games: no prize reminder for this player.
      await placeBet(suite.server, host, spread(KC_BUF, "Buffalo Bills", -3.5), { hoursAgo: 2 });
      await placeBet(suite.server, host, spread(SF_SEA, "Seattle Seahawks", -3.5), { hoursAgo: 2 });
      const { page, live, calls } = await open(host, "/leaderboard");
      await live;
      await bell(page).click();
      await panel(page).getByText("No notifications yet.").waitFor();
      expect(await badge(page).count()).toBe(0);
      // Nothing unread: nothing to mark.
      expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);

      suite.server.ctx.clock.set(after(0.5));
      const sent = await call(suite.server.ctx.app, "POST", "/api/friends/requests", {
        cookie: asker.cookie,
        body: { addresseeId: host.user.id },
      });
      expect(sent.status).toBe(201);
      await panel(page).getByText("knock_knock wants to be friends").waitFor();
      expect(await items(page)).toEqual([
        ["New: Friend request", "knock_knock wants to be friends", "Just now", "/friends"],
      ]);
      // Marked seen at once, since the panel is open.
      await page.waitForFunction(() => document.querySelector(".notifications-badge") === null);
      await until("the server to record the request as seen", () => calls.includes("POST /api/notifications/seen"));
      const answer = await call(suite.server.ctx.app, "GET", "/api/notifications", { cookie: host.cookie });
      expect(answer.body.unread).toBe(0);

      await panel(page)
        .getByRole("link", { name: /Friend request/ })
        .click();
      await page.waitForURL((url) => url.pathname === "/friends");
      await page.getByRole("tab", { name: "Requests (1)" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "signed out, the panel invites signing in and nothing is asked of the server",
    async () => {
      const { page, calls } = await open(null, "/leaderboard");
      await page.getByRole("link", { name: "Sign In" }).waitFor();
      expect(await bell(page).getAttribute("aria-label")).toBe("Notifications");
      await bell(page).click();
      expect(await panel(page).textContent()).toContain("No notifications yet.");
      expect(await panel(page).textContent()).toContain("Sign in to see your notifications.");
      await panel(page).getByRole("link", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("returnUrl") === "/leaderboard");
      await panel(page).waitFor({ state: "detached" });
      expect(calls).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "on a phone the bell shows its badge in the top bar and the panel fits the screen",
    async () => {
      const player = await newPlayer(suite.server, "pocket_player");
      const { page } = await open(player, "/", PHONE);
      await badge(page).getByText("1").waitFor();
      expect(await bell(page).isVisible()).toBe(true);
      await bell(page).click();
      await panel(page).getByText("Weekly prize reminder").waitFor();
      const box = (await panel(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      await page.keyboard.press("Escape");
      await panel(page).waitFor({ state: "detached" });
      // Focus is back on the bell, whose name drops "1 unread" once the opening is recorded.
      await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Notifications");
    },
    E2E_TIMEOUT,
  );

  test(
    "a friend request and a league invitation are answered from the bell, by keyboard",
    async () => {
      const ann = await newPlayer(suite.server, "ann_bell");
      const pat = await newPlayer(suite.server, "pat_asks");
      const cal = await newPlayer(suite.server, "cal_invites");
      const app = suite.server.ctx.app;
      const sent = await call(app, "POST", "/api/friends/requests", {
        cookie: pat.cookie,
        body: { addresseeId: ann.user.id },
      });
      expect(sent.status).toBe(201);
      const league = await call(app, "POST", "/api/leagues", {
        cookie: cal.cookie,
        body: { name: "Cal's Pool", isPublic: false, rules: { allowedBetTypes: ["spread"] }, createdBy: cal.user.id },
      });
      await call(app, "POST", `/api/leagues/${league.body.id}/invite`, {
        cookie: cal.cookie,
        body: { leagueId: league.body.id, invitedUserId: ann.user.id, invitedBy: cal.user.id },
      });

      const { page } = await open(ann, "/contest-rules");
      await bell(page).click();
      const accept = panel(page).getByRole("button", { name: "Accept: pat_asks wants to be friends" });
      await accept.focus();
      await page.keyboard.press("Enter");
      await page.getByText("Friend request accepted").waitFor();
      const friends = await call(app, "GET", "/api/friends", { cookie: ann.cookie });
      expect(friends.body.map((f: { username: string }) => f.username)).toEqual(["pat_asks"]);
      // Answered: the request leaves the bell.
      await accept.waitFor({ state: "detached" });

      await panel(page).getByRole("button", { name: "Decline: cal_invites invited you to Cal's Pool" }).click();
      await page.getByText("Invitation declined").waitFor();
      const mine = await call(app, "GET", `/api/users/${ann.user.id}/leagues`, { cookie: ann.cookie });
      expect(mine.body).toEqual([]);
      await panel(page)
        .getByRole("button", { name: /Cal's Pool/ })
        .waitFor({ state: "detached" });
    },
    E2E_TIMEOUT,
  );

  for (const [viewport, scheme] of [
    [PHONE, "light"],
    [DESKTOP, "dark"],
  ] as const) {
    test(
      `at ${viewport.width}, ${scheme}: after Accept, focus stays in the list — on the item now in its place, then the panel (issue 46 item 7)`,
      async () => {
        const ann = await newPlayer(suite.server, `focus_${viewport.width}`);
        for (const name of [`first_${viewport.width}`, `second_${viewport.width}`]) {
          const asker = await newPlayer(suite.server, name);
          await call(suite.server.ctx.app, "POST", "/api/friends/requests", {
            cookie: asker.cookie,
            body: { addresseeId: ann.user.id },
          });
        }
        const { page } = await open(ann, "/contest-rules", viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await bell(page).focus();
        await page.keyboard.press("Enter");
        const listed = async () =>
          panel(page)
            .locator("a.notification-item")
            .evaluateAll((links) => links.map((link) => link.textContent ?? ""));
        const before = await listed();
        const at = before.findIndex((text) => text.includes("wants to be friends"));
        const asker = before[at]!.match(/(first|second)_\d+/)![0];
        const accept = panel(page).getByRole("button", { name: `Accept: ${asker} wants to be friends` });
        await accept.focus();
        await page.keyboard.press("Enter");
        await accept.waitFor({ state: "detached" });
        // The item that followed it has the focus, inside the panel.
        await page.waitForFunction(() => document.activeElement?.closest("#notifications-panel") !== null);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(before[at + 1]!);
        await screenshot(page, `bell-after-accept-${viewport.width}-${scheme}`);
        // The other request answered too: focus still in the panel.
        const other = panel(page).getByRole("button", { name: /^Accept: / });
        await other.focus();
        await page.keyboard.press("Enter");
        await other.waitFor({ state: "detached" });
        await page.waitForFunction(() => document.activeElement?.closest("#notifications-panel") !== null);
        expect(await panel(page).isVisible()).toBe(true);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "a regrade reads 'Score corrected' in the bell, with the line and both scores, as its toast did (issue 46 item 7)",
    async () => {
      const player = await newPlayer(suite.server, "regraded");
      await placeBet(suite.server, player, spread(SF_SEA, "Seattle Seahawks", -3.5), { hoursAgo: 3 });
      const { page, live } = await open(player, "/my-bets");
      await live;
      suite.server.ctx.clock.set(after(1));
      await resolveGame(suite.server, SF_SEA, 17, 24);
      await toastLocator(page).filter({ hasText: "Bet won!" }).waitFor();
      suite.server.ctx.clock.set(after(2));
      await resolveGame(suite.server, SF_SEA, 17, 20, { regrade: true });
      const toast = toastLocator(page).filter({ hasText: "Score corrected" });
      await toast.waitFor();
      const toastWords = [
        await toast.locator(".toast-title").textContent(),
        await toast.locator(".toast-description").textContent(),
      ];
      expect(toastWords).toEqual([
        "Score corrected",
        "SEA −3.5: won → lost · SF 17 – 24 SEA → SF 17 – 20 SEA · now −$100.00",
      ]);

      await page.clock.setFixedTime(after(2));
      await bell(page).click();
      const listed = await items(page);
      expect(listed.slice(0, 2)).toEqual([
        [`New: ${toastWords[0]}`, toastWords[1], "Just now", "/my-bets"],
        ["New: Bet won!", "SEA −3.5 · SF 17 – 24 SEA · +$90.91", "1 hour ago", "/my-bets"],
      ]);
    },
    E2E_TIMEOUT,
  );
});
